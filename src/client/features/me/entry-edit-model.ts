import { isAskedPerWork } from '../../../shared/domain/field-answers.ts';
import type { MyEntry } from '../../../shared/schemas/artist.ts';
import type { FormField } from '../../../shared/schemas/form-field.ts';
import { workImagePartOf } from '../../../shared/registration-request.ts';

/*
 * What the edit form offers, read from the entry as My entries shows it: the entry's answers are
 * labelled lines, so each is matched to what the change sends by its label — the artist's own
 * details by the entry page's words, the competition's fields by their labels in its form
 * ("Work 2: Artwork Title" for a work's answer in an entry of several).
 */

/** The artist's details the change may correct, by the entry page's labels (not the e-mail). */
const BASIC: Record<string, 'fullName' | 'phone' | 'address' | 'pincode'> = {
  'Full name': 'fullName',
  Phone: 'phone',
  Address: 'address',
  Pincode: 'pincode',
};

/** The answers typed as text: the ones the edit form offers. */
const TEXT_TYPES = new Set(['text', 'longText', 'link']);

export interface EditableLine {
  /** Where the server's message for it is found: 'fullName', 'works.0.fieldValues.<id>'. */
  key: string;
  label: string;
  value: string;
  long: boolean;
  target:
    | { kind: 'basic'; name: string }
    | { kind: 'field'; id: string }
    | { kind: 'work'; index: number; id: string };
}

export function editableLines(entry: MyEntry, fields: readonly FormField[]): EditableLine[] {
  const several = entry.works.length > 1;
  const byLabel = new Map<string, Omit<EditableLine, 'label' | 'value' | 'long'>>();
  for (const field of fields.filter((f) => TEXT_TYPES.has(f.type))) {
    if (!isAskedPerWork(field)) {
      byLabel.set(field.label, {
        key: `fieldValues.${field.id}`,
        target: { kind: 'field', id: field.id },
      });
      continue;
    }
    entry.works.forEach((_, index) => {
      byLabel.set(several ? `Work ${index + 1}: ${field.label}` : field.label, {
        key: `works.${index}.fieldValues.${field.id}`,
        target: { kind: 'work', index, id: field.id },
      });
    });
  }
  return entry.details.flatMap((line) => {
    const basic = BASIC[line.label];
    const found = basic
      ? { key: basic, target: { kind: 'basic' as const, name: basic } }
      : byLabel.get(line.label);
    if (!found) return [];
    const long = line.value.includes('\n') || line.value.length > 80 || basic === 'address';
    return [{ ...found, label: line.label, value: line.value, long }];
  });
}

/**
 * The change's JSON: only the lines whose text differs. A work left as it is is null, as the
 * server reads `works` by position.
 */
export function changeBody(
  lines: readonly EditableLine[],
  values: readonly string[],
  works: number,
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const fieldValues: Record<string, string> = {};
  const perWork: (Record<string, string> | null)[] = Array.from({ length: works }, () => null);
  lines.forEach((line, i) => {
    const value = values[i] ?? line.value;
    if (value === line.value) return;
    const { target } = line;
    if (target.kind === 'basic') body[target.name] = value;
    else if (target.kind === 'field') fieldValues[target.id] = value;
    else perWork[target.index] = { ...perWork[target.index], [target.id]: value };
  });
  if (Object.keys(fieldValues).length > 0) body.fieldValues = fieldValues;
  if (perWork.some(Boolean)) {
    body.works = perWork.map((answers) => (answers ? { fieldValues: answers } : null));
  }
  return body;
}

/**
 * The field a work's file answers, from the file's id (`<entry>.<field>`, `-<work>` after it for
 * a further work); undefined for one that is not a field's.
 */
export function fieldIdOfFile(fileId: string): string | undefined {
  const field = fileId.slice(fileId.indexOf('.') + 1).replace(/-\d+$/, '');
  return /^[A-Za-z][A-Za-z0-9_]*$/.test(field) ? field : undefined;
}

/** The part a new picture for work `number` (from 1) is sent in, as registration names it. */
export const imagePartFor = (number: number, fieldId: string) =>
  workImagePartOf(number - 1, fieldId);

/** Where the server's message about that picture is found. */
export const imageErrorKey = (number: number, fieldId: string) =>
  `works.${number - 1}.fieldValues.${fieldId}`;
