import type { MyEntry } from '../../../shared/schemas/artist.ts';
import type { FormField } from '../../../shared/schemas/form-field.ts';
import { workImagePartOf } from '../../../shared/registration-request.ts';

/*
 * What the edit form offers, read from the entry as My entries shows it: each answer carries its
 * key as the server's messages name it ('fullName', 'fieldValues.<id>',
 * 'works.<n>.fieldValues.<id>'), and the competition's form says which fields are typed as text.
 */

/** The artist's details the change may correct (not the e-mail: it is who the artist is). */
const BASIC = new Set(['fullName', 'phone', 'address', 'pincode']);

/** The answers typed as text: the ones the edit form offers. */
const TEXT_TYPES = new Set(['text', 'longText', 'link']);

const FIELD_KEY = /^fieldValues\.([A-Za-z][A-Za-z0-9_]*)$/;
const WORK_KEY = /^works\.(\d+)\.fieldValues\.([A-Za-z][A-Za-z0-9_]*)$/;

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

function targetOf(key: string, textFields: ReadonlySet<string>): EditableLine['target'] | null {
  if (BASIC.has(key)) return { kind: 'basic', name: key };
  const field = FIELD_KEY.exec(key);
  if (field) return textFields.has(field[1]!) ? { kind: 'field', id: field[1]! } : null;
  const work = WORK_KEY.exec(key);
  if (work && textFields.has(work[2]!)) {
    return { kind: 'work', index: Number(work[1]), id: work[2]! };
  }
  return null;
}

export function editableLines(entry: MyEntry, fields: readonly FormField[]): EditableLine[] {
  const textFields = new Set(fields.filter((f) => TEXT_TYPES.has(f.type)).map((f) => f.id));
  return entry.details.flatMap((line) => {
    const target = targetOf(line.key, textFields);
    if (!target) return [];
    const long = line.value.includes('\n') || line.value.length > 80 || line.key === 'address';
    return [{ key: line.key, target, label: line.label, value: line.value, long }];
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
