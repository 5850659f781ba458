import { isFileField, type StoredAnswer } from '../../../shared/domain/field-answers.ts';
import { type FormField, isAskedPerWork } from '../../../shared/schemas/form-field.ts';
import {
  fieldIdOfImagePart,
  imagePartOf,
  workImagePartOf,
  workOfImagePart,
} from '../../../shared/registration-request.ts';
import { worksCountMessage } from '../../../shared/schemas/registration-works.ts';
import { invalidField, invalidFields } from '../../errors.ts';
import type { MyEntryRow } from './my-entry-edit.repository.ts';
import { isReceivedFile, type ReceivedFile } from './registration-uploads.ts';
import type { StoredFieldValues } from './stored-entry.ts';

/*
 * An artist's change to their entry, as values the registration schema checks: the entry as it is
 * stored, with the change laid over it. A file already stored stands as a KeptFile, which no JSON
 * can make, so a change can name no file but one it uploads.
 */

/** The details the artist may correct; the e-mail is how they sign in, so it stays. */
export const CHANGEABLE_DETAILS = [
  'fullName',
  'age',
  'gender',
  'phone',
  'address',
  'pincode',
  'guardianName',
  'guardianConsent',
] as const;
export type ChangeableDetail = (typeof CHANGEABLE_DETAILS)[number];

export const EDIT_REFUSALS = {
  email: 'The e-mail address cannot be changed: it is the one you sign in with.',
  fixed: 'This cannot be changed after registering.',
  answers: 'Send the answers as an object of answers by field.',
  work: 'Send each work as an object with its answers in "fieldValues".',
  fileAsFile: 'Send a new picture as a file.',
  unknownField: (id: string) => `The form asks no "${id}" here.`,
} as const;

/** A file the entry already holds, by its storage key. */
export class KeptFile {
  readonly key: string;
  constructor(key: string) {
    this.key = key;
  }
}

export type AnswerFile = KeptFile | ReceivedFile;
export const isAnswerFile = (value: unknown): value is AnswerFile =>
  value instanceof KeptFile || isReceivedFile(value);

type Values = Record<string, unknown>;
const isObject = (value: unknown): value is Values =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** What a change touched: the details, the entry's own answers, each work's. */
export interface Touched {
  details: Set<ChangeableDetail>;
  own: Set<string>;
  works: Map<number, Set<string>>;
}

export interface EntryAnswers {
  fields: readonly FormField[];
  own: StoredFieldValues;
  works: readonly { id: string; values: StoredFieldValues }[];
}

/** The stored answers of these fields as values to check: files as KeptFile. */
function keptValues(fields: readonly FormField[], stored: StoredFieldValues): Values {
  return Object.fromEntries(
    fields.flatMap((field) => {
      const value = stored[field.id];
      if (value === undefined) return [];
      return [[field.id, isFileField(field) ? new KeptFile(String(value)) : value]];
    }),
  );
}

/** The entry as stored, in the registration's shape. */
function storedValues(row: MyEntryRow, answers: EntryAnswers): Values {
  const enabled = answers.fields.filter((f) => f.enabled);
  const perWork = enabled.filter(isAskedPerWork);
  return {
    competitionId: row.competition_id ?? row.id,
    fullName: row.full_name,
    age: row.age,
    gender: row.gender,
    email: row.email,
    phone: row.phone,
    address: row.address,
    pincode: row.pincode,
    photo: new KeptFile(row.photo_key),
    fieldValues: keptValues(
      enabled.filter((f) => !isAskedPerWork(f)),
      answers.own,
    ),
    works: answers.works.map((work) => ({ fieldValues: keptValues(perWork, work.values) })),
    consent: true,
    // Older entries did not ask it; the check needs a value, and it is never written here.
    publicationConsent: row.publication_consent ?? 'name',
    guardianName: row.guardian_name ?? undefined,
    guardianConsent: row.guardian_consent_at === null ? undefined : true,
  };
}

/** Lays `given` (answers by field id, null to clear) over `target`, refusing a file as JSON. */
function layAnswers(
  target: Values,
  given: unknown,
  key: string,
  fields: readonly FormField[],
  touched: Set<string>,
): void {
  if (given === undefined) return;
  if (!isObject(given)) throw invalidField(key, EDIT_REFUSALS.answers);
  for (const [id, value] of Object.entries(given)) {
    const field = fields.find((f) => f.id === id && f.enabled);
    if (!field) throw invalidField(`${key}.${id}`, EDIT_REFUSALS.unknownField(id));
    if (isFileField(field)) throw invalidField(`${key}.${id}`, EDIT_REFUSALS.fileAsFile);
    if (value === null) delete target[id];
    else target[id] = value;
    touched.add(id);
  }
}

/**
 * The values to check: the stored entry with the change's details, answers and files laid over
 * it. A key the change may not make is refused by name (the e-mail, the photo, the consents).
 */
export function changedValues(
  row: MyEntryRow,
  answers: EntryAnswers,
  data: Values,
  files: readonly ReceivedFile[],
): { values: Values; touched: Touched } {
  const refused: Record<string, string> = {};
  for (const key of Object.keys(data)) {
    const known = (CHANGEABLE_DETAILS as readonly string[]).includes(key);
    if (!known && key !== 'fieldValues' && key !== 'works') {
      refused[key] = key === 'email' ? EDIT_REFUSALS.email : EDIT_REFUSALS.fixed;
    }
  }
  if (Object.keys(refused).length > 0) throw invalidFields(refused);
  const values = storedValues(row, answers);
  const touched: Touched = { details: new Set(), own: new Set(), works: new Map() };
  for (const key of CHANGEABLE_DETAILS) {
    if (data[key] === undefined) continue;
    values[key] = data[key];
    touched.details.add(key);
  }
  const own = values.fieldValues as Values;
  const ownFields = answers.fields.filter((f) => !isAskedPerWork(f));
  const workFields = answers.fields.filter(isAskedPerWork);
  layAnswers(own, data.fieldValues, 'fieldValues', ownFields, touched.own);
  const works = values.works as { fieldValues: Values }[];
  if (data.works !== undefined) {
    if (!Array.isArray(data.works) || data.works.length > works.length) {
      const count = { min: works.length, max: works.length };
      throw invalidField('works', worksCountMessage(count));
    }
    data.works.forEach((work: unknown, index) => {
      if (work === null || (isObject(work) && work.fieldValues === undefined)) return;
      if (!isObject(work)) throw invalidField(`works.${index}`, EDIT_REFUSALS.work);
      const set = new Set<string>();
      const target = works[index]?.fieldValues ?? {};
      layAnswers(target, work.fieldValues, `works.${index}.fieldValues`, workFields, set);
      touched.works.set(index, set);
    });
  }
  for (const file of files) {
    const work = workOfImagePart(file.name);
    const fieldId = work?.fieldId ?? fieldIdOfImagePart(file.name);
    const target = work ? works[work.index]?.fieldValues : own;
    if (target) target[fieldId] = file;
    const set = work ? (touched.works.get(work.index) ?? new Set<string>()) : touched.own;
    set.add(fieldId);
    if (work) touched.works.set(work.index, set);
  }
  return { values, touched };
}

/** The file parts a change may send: a new picture for each image field, the entry's or a work's. */
export function imagePartsOf(fields: readonly FormField[], works: number): Set<string> {
  const images = fields.filter((f) => f.enabled && f.type === 'image');
  const parts: string[] = images.filter((f) => !isAskedPerWork(f)).map((f) => imagePartOf(f.id));
  for (let index = 0; index < works; index += 1) {
    for (const f of images.filter(isAskedPerWork)) parts.push(workImagePartOf(index, f.id));
  }
  return new Set(parts);
}

/**
 * The stored answers after the change: `stored` with each touched answer as checked (a new
 * picture as the key its part was stored under; an empty answer left out). Answers the change
 * did not touch stay exactly as they were. Answers the names of the answers that changed.
 */
export function storedAfter(
  stored: StoredFieldValues,
  checked: Record<string, unknown>,
  touched: ReadonlySet<string>,
  keyOf: (fieldId: string) => string | undefined,
): { values: StoredFieldValues; changed: string[] } {
  const values: StoredFieldValues = { ...stored };
  const changed: string[] = [];
  for (const id of touched) {
    const checkedValue = checked[id];
    const value = isAnswerFile(checkedValue) ? keyOf(id) : (checkedValue as StoredAnswer);
    const empty = value === undefined || value === '' || (Array.isArray(value) && !value.length);
    if (empty) delete values[id];
    else values[id] = value;
    if (JSON.stringify(values[id]) !== JSON.stringify(stored[id])) changed.push(id);
  }
  return { values, changed };
}
