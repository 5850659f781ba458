import * as z from 'zod/mini';
import { formatCalendarDate } from '../domain/calendar-date.ts';
import { isRealDate, LONG_TEXT_MAX_DEFAULT } from '../domain/field-answers.ts';
import { isOneLine, oneLineMessage } from '../domain/one-line-text.ts';
import type { FormField } from './form-field.ts';

/*
 * The answer each type of the category's fields takes, one schema for the browser and the server
 * (built into the registration schema). zod/mini keeps the public page's JavaScript small; the
 * form field's own type is imported as a type only, so full zod never comes with it.
 */

export const TEXT_FIELD_MAX = 500;
/** The text field whose id is `description` is a multi-line answer. */
export const LONG_TEXT_FIELD_MAX = 5000;
export const URL_FIELD_MAX = 2048;

const number = (n: number) => n.toLocaleString('en');

export const FIELD_VALUE_MESSAGES = {
  tooLong: (max: number) => `Must be at most ${number(max)} characters`,
  fieldRequired: (label: string) => `${label} is required`,
  urlInvalid: (label: string) => `${label} must be a web address starting with http:// or https://`,
  oneLine: oneLineMessage,
  notANumber: (label: string) => `${label} must be a number`,
  // As typed, without separators: a year's bound reads 1900, not 1,900.
  numberMin: (label: string, min: number) => `${label} must be at least ${min}`,
  numberMax: (label: string, max: number) => `${label} must be at most ${max}`,
  notAnOption: (label: string) => `Choose ${label} from its options`,
  choiceRepeated: (label: string) => `Choose each option of ${label} once`,
  fewChoices: (label: string, min: number) => `Choose at least ${number(min)} for ${label}`,
  manyChoices: (label: string, max: number) => `Choose at most ${number(max)} for ${label}`,
  yesNo: (label: string) => `Answer ${label} with Yes or No`,
  notADate: (label: string) => `${label} must be a date that exists, as YYYY-MM-DD`,
  dateBefore: (label: string, earliest: string) =>
    `${label} must be on or after ${formatCalendarDate(earliest)}`,
  dateAfter: (label: string, latest: string) =>
    `${label} must be on or before ${formatCalendarDate(latest)}`,
} as const;
const M = FIELD_VALUE_MESSAGES;

/** Values of the category's fields, keyed by field id, as checked (files as `F`). */
export type FieldValues<F> = Record<string, string | number | boolean | string[] | F | undefined>;

function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const { protocol } = new URL(value);
  return protocol === 'http:' || protocol === 'https:';
}

/** A text on one line (after trimming: a line break typed at either end is dropped). */
export function oneLine(label: string) {
  return z.refine<string>(isOneLine, M.oneLine(label));
}

/** A trimmed text that must not be empty; `abort` so an empty one reports only "required". */
export function requiredText(required: string, max: number, tooLong = M.tooLong(max)) {
  return z
    .string({ error: required })
    .check(z.trim(), z.minLength(1, { error: required, abort: true }), z.maxLength(max, tooLong));
}

export function optionalText(max: number, label?: string) {
  const text = z.string().check(z.trim(), z.maxLength(max, M.tooLong(max)));
  return z.optional(label === undefined ? text : text.check(oneLine(label)));
}

/** The typed error: "required" when the answer was left out, `wrong` for anything else. */
function typed(required: string, wrong: string) {
  return { error: (issue: { input: unknown }) => (issue.input === undefined ? required : wrong) };
}

function urlValue(field: FormField, required: string) {
  const url = z
    .string(typed(required, M.urlInvalid(field.label)))
    .check(z.trim(), z.maxLength(URL_FIELD_MAX, M.urlInvalid(field.label)));
  const checked = url.check(z.refine((v) => v === '' || isHttpUrl(v), M.urlInvalid(field.label)));
  return field.required
    ? checked.check(z.minLength(1, { error: required, abort: true }))
    : z.optional(checked);
}

function textValue(field: FormField, required: string) {
  // A long text (and the description) is multi-line, a text area; the others are one line.
  if (field.type === 'longText' || field.id === 'description') {
    const max =
      field.type === 'longText' ? (field.maxLength ?? LONG_TEXT_MAX_DEFAULT) : LONG_TEXT_FIELD_MAX;
    return field.required ? requiredText(required, max) : optionalText(max);
  }
  return field.required
    ? requiredText(required, TEXT_FIELD_MAX).check(oneLine(field.label))
    : optionalText(TEXT_FIELD_MAX, field.label);
}

function numberValue(field: FormField, required: string) {
  const { label, min, max } = field;
  const value = z
    .number(typed(required, M.notANumber(label)))
    .check(
      ...(min === undefined ? [] : [z.gte(min, M.numberMin(label, min))]),
      ...(max === undefined ? [] : [z.lte(max, M.numberMax(label, max))]),
    );
  return field.required ? value : z.optional(value);
}

function choiceValue(field: FormField, required: string) {
  const options = field.options ?? [];
  const value = z
    .string(typed(required, M.notAnOption(field.label)))
    .check(z.refine((v) => options.includes(v), M.notAnOption(field.label)));
  return field.required ? value : z.optional(value);
}

function choicesValue(field: FormField, required: string) {
  const { label, minChoices, maxChoices } = field;
  const options = field.options ?? [];
  const least = Math.max(minChoices ?? 0, field.required ? 1 : 0);
  const value = z
    .array(z.string(M.notAnOption(label)), typed(required, M.notAnOption(label)))
    .check(
      z.refine((v) => v.every((o) => options.includes(o)), M.notAnOption(label)),
      z.refine((v) => new Set(v).size === v.length, M.choiceRepeated(label)),
      z.refine((v) => v.length >= least, least <= 1 ? required : M.fewChoices(label, least)),
      ...(maxChoices === undefined
        ? []
        : [z.maxLength(maxChoices, M.manyChoices(label, maxChoices))]),
    );
  return field.required ? value : z.optional(value);
}

function dateValue(field: FormField, required: string) {
  const { label, earliest, latest } = field;
  const value = z
    .string(typed(required, M.notADate(label)))
    .check(
      z.refine(isRealDate, { error: M.notADate(label), abort: true }),
      ...(earliest === undefined
        ? []
        : [z.refine<string>((v) => v >= earliest, M.dateBefore(label, earliest))]),
      ...(latest === undefined
        ? []
        : [z.refine<string>((v) => v <= latest, M.dateAfter(label, latest))]),
    );
  return field.required ? value : z.optional(value);
}

/** The answer a field takes, by its type and its settings; `isFile` tells a chosen file. */
export function fieldValueSchema<F>(field: FormField, isFile: (value: unknown) => value is F) {
  const required = M.fieldRequired(field.label);
  switch (field.type) {
    case 'image':
    case 'document': {
      const file = z.custom<F>(isFile, { error: required });
      return field.required ? file : z.optional(file);
    }
    case 'video':
    case 'link':
      return urlValue(field, required);
    case 'text':
    case 'longText':
      return textValue(field, required);
    case 'number':
      return numberValue(field, required);
    case 'choice':
      return choiceValue(field, required);
    case 'choices':
      return choicesValue(field, required);
    case 'yesNo': {
      const value = z.boolean(typed(required, M.yesNo(field.label)));
      return field.required ? value : z.optional(value);
    }
    case 'date':
      return dateValue(field, required);
  }
}

/** The answers of these fields (only the enabled ones), unknown keys refused. */
export function fieldValuesSchema<F>(
  fields: readonly FormField[],
  isFile: (value: unknown) => value is F,
) {
  const enabled = fields.filter((f) => f.enabled);
  return z.strictObject(
    Object.fromEntries(enabled.map((f) => [f.id, fieldValueSchema(f, isFile)])),
  );
}
