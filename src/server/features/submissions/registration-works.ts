import {
  fieldIdOfImagePart,
  imagePartOf,
  PHOTO_PART,
  workImagePartOf,
  workOfImagePart,
} from '../../../shared/registration-request.ts';
import { isFileField } from '../../../shared/domain/field-answers.ts';
import type { FormField } from '../../../shared/schemas/form-field.ts';
import { askedPerWork } from '../../../shared/schemas/registration-works.ts';
import { WORKS_MAX } from '../../../shared/schemas/works-range.ts';
import { AppError } from '../../errors.ts';
import type { ReceivedFile } from './registration-images.ts';

/*
 * A registration's works as the request gives them: `works: [{ fieldValues }]` with the parts
 * `works.<n>.<fieldId>`, or, from a client that sends none (the one-work form as it was), every
 * answer in `fieldValues` and every picture as `fieldValues.<fieldId>`: read as one work, and
 * refused under the names that client sent.
 */

type Data = Record<string, unknown>;
type Values = Record<string, unknown>;

/** Whether the request sends its works; without, its one work's answers are in `fieldValues`. */
export function sendsWorks(data: Data): boolean {
  return data.works !== undefined;
}

/** The file parts the form takes for this request: the photo, and each image field's. */
export function filePartsOf(fields: readonly FormField[], data: Data): Set<string> {
  const images = fields.filter(isFileField);
  if (!sendsWorks(data)) return new Set([PHOTO_PART, ...images.map((f) => imagePartOf(f.id))]);
  const given = Array.isArray(data.works) ? Math.min(data.works.length, WORKS_MAX) : 0;
  const parts: string[] = images.filter((f) => !askedPerWork(f)).map((f) => imagePartOf(f.id));
  for (let index = 0; index < given; index += 1) {
    for (const f of images.filter(askedPerWork)) parts.push(workImagePartOf(index, f.id));
  }
  return new Set([PHOTO_PART, ...parts]);
}

const isObject = (value: unknown): value is Values =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** `fieldValues` as given, copied when an object (anything else stays, for the schema to refuse). */
const copyOf = (given: unknown) => (given === undefined || isObject(given) ? { ...given } : given);

/**
 * The values to check: `data` with, when it sends no works, its work fields' answers moved into
 * one work, and each file put where its part names it. Every file part was checked by name.
 */
export function valuesWithFiles(
  data: Data,
  files: readonly ReceivedFile[],
  fields: readonly FormField[],
): { values: Values; canonical: ReceivedFile[] } {
  const values: Values = { ...data, fieldValues: copyOf(data.fieldValues) };
  if (!sendsWorks(data)) {
    const perWork = new Set(fields.filter(askedPerWork).map((f) => f.id));
    const answers = isObject(values.fieldValues) ? values.fieldValues : {};
    const own = Object.entries(answers).filter(
      ([id]) => !perWork.has(id) && fieldKnown(fields, id),
    );
    const work = Object.entries(answers).filter(([id]) => !own.some(([o]) => o === id));
    if (isObject(values.fieldValues)) values.fieldValues = Object.fromEntries(own);
    values.works = [{ fieldValues: Object.fromEntries(work) }];
  } else if (Array.isArray(data.works)) {
    values.works = data.works.map((w: unknown) =>
      isObject(w) ? { ...w, fieldValues: copyOf(w.fieldValues) } : w,
    );
  }
  const canonical = files.map((file) => placeFile(values, file, fields));
  return { values, canonical };
}

const fieldKnown = (fields: readonly FormField[], id: string) => fields.some((f) => f.id === id);

/** Puts the file in `values`; answers it under its canonical part name (`works.<n>.<id>`). */
function placeFile(values: Values, file: ReceivedFile, fields: readonly FormField[]) {
  if (file.name === PHOTO_PART) {
    values.photo = file;
    return file;
  }
  const work = workOfImagePart(file.name);
  const fieldId = work?.fieldId ?? fieldIdOfImagePart(file.name);
  const field = fields.find((f) => f.id === fieldId);
  const index = work?.index ?? (field && askedPerWork(field) ? 0 : undefined);
  const works: unknown[] = Array.isArray(values.works) ? values.works : [];
  const holder = index === undefined ? values : works[index];
  const target = isObject(holder) ? holder.fieldValues : undefined;
  if (isObject(target)) target[fieldId] = file;
  return index === undefined ? file : { ...file, name: workImagePartOf(index, fieldId) };
}

/**
 * A message's key as this request named its answers: for a request without works, work 0's
 * answers are `fieldValues.<id>`.
 */
function requestKeyOf(path: string, legacy: boolean): string {
  const first = 'works.0.fieldValues';
  if (!legacy || !(path === first || path.startsWith(`${first}.`))) return path;
  return `fieldValues${path.slice(first.length)}`;
}

/** The schema's messages under the request's own names. */
export function requestKeys(fields: Record<string, string>, legacy: boolean) {
  return Object.fromEntries(Object.entries(fields).map(([k, m]) => [requestKeyOf(k, legacy), m]));
}

/**
 * A picture's refusal with its messages under the answers' names: a work's part
 * (`works.1.artwork`) as its answer (`works.1.fieldValues.artwork`), then as requestKeys.
 */
export function withRequestKeys(error: unknown, legacy: boolean): unknown {
  if (!(error instanceof AppError) || !error.fields) return error;
  const fields = Object.fromEntries(
    Object.entries(error.fields).map(([part, message]) => {
      const work = workOfImagePart(part);
      const path = work ? `works.${work.index}.fieldValues.${work.fieldId}` : part;
      return [requestKeyOf(path, legacy), message];
    }),
  );
  return new AppError(error.statusCode, error.code, error.message, fields);
}
