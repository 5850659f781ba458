import { z } from 'zod';
import {
  FIELD_OPTION_MAX,
  FIELD_OPTIONS_MAX,
  HELP_TEXT_MAX,
  isRealDate,
  LONG_TEXT_MAX_LIMIT,
} from '../domain/field-answers.ts';
import { isOneLine, oneLineMessage } from '../domain/one-line-text.ts';

/*
 * What a field of each type may say beyond its label: help text for any field, a long text's
 * limit, a number's bounds, a choice's options, a date's bounds. Stored fields are read with the
 * plain shapes (STORED_FIELD_SETTINGS); what the admin sends is checked for sense as well
 * (checkFieldSettings) and keeps only what its type uses (settingsOfType).
 */

export const FIELD_SETTINGS_MESSAGES = {
  helpTextTooLong: `Help text must be at most ${HELP_TEXT_MAX} characters`,
  helpTextOneLine: oneLineMessage('Help text'),
  maxLength: `The length limit must be a whole number from 1 to ${LONG_TEXT_MAX_LIMIT.toLocaleString('en')}`,
  bound: 'Enter a number',
  minAboveMax: 'The maximum must not be below the minimum',
  optionsRequired: 'Add at least one option',
  tooManyOptions: `A field can have at most ${FIELD_OPTIONS_MAX} options`,
  optionRequired: 'An option cannot be empty',
  optionTooLong: `An option must be at most ${FIELD_OPTION_MAX} characters`,
  optionOneLine: oneLineMessage('An option'),
  optionTaken: 'This option appears more than once',
  choiceCount: 'Enter a whole number of choices, 0 or more',
  choicesAboveOptions: 'The field has fewer options than this',
  date: 'Enter a date as YYYY-MM-DD',
  earliestAfterLatest: 'The latest date must not be before the earliest',
} as const;
const M = FIELD_SETTINGS_MESSAGES;

const DateSchema = z.string().refine(isRealDate, M.date);
const CountSchema = z.number(M.choiceCount).int(M.choiceCount).min(0, M.choiceCount);
const BoundSchema = z.number(M.bound).refine(Number.isFinite, M.bound);

/** Settings as stored: every one optional, read whatever the field's type. */
export const STORED_FIELD_SETTINGS = {
  helpText: z.string().optional(),
  maxLength: z.number().int().positive().optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  options: z.array(z.string()).optional(),
  minChoices: z.number().int().optional(),
  maxChoices: z.number().int().optional(),
  earliest: z.string().optional(),
  latest: z.string().optional(),
};

const OptionSchema = z
  .string(M.optionRequired)
  .trim()
  .min(1, M.optionRequired)
  .max(FIELD_OPTION_MAX, M.optionTooLong)
  .refine(isOneLine, M.optionOneLine);

/** Settings as the admin sends them: each well formed on its own. */
export const FIELD_SETTINGS_INPUT = {
  helpText: z
    .string()
    .trim()
    .max(HELP_TEXT_MAX, M.helpTextTooLong)
    .refine(isOneLine, M.helpTextOneLine)
    .optional(),
  maxLength: z
    .number(M.maxLength)
    .int(M.maxLength)
    .min(1, M.maxLength)
    .max(LONG_TEXT_MAX_LIMIT, M.maxLength)
    .optional(),
  min: BoundSchema.optional(),
  max: BoundSchema.optional(),
  options: z.array(OptionSchema).max(FIELD_OPTIONS_MAX, M.tooManyOptions).optional(),
  minChoices: CountSchema.optional(),
  maxChoices: CountSchema.optional(),
  earliest: DateSchema.optional(),
  latest: DateSchema.optional(),
};

interface Settings {
  type: string;
  helpText?: string | undefined;
  maxLength?: number | undefined;
  min?: number | undefined;
  max?: number | undefined;
  options?: string[] | undefined;
  minChoices?: number | undefined;
  maxChoices?: number | undefined;
  earliest?: string | undefined;
  latest?: string | undefined;
}

type Path = (string | number)[];

function orderIssue(context: z.RefinementCtx, path: Path, message: string) {
  context.addIssue({ code: 'custom', path, message });
}

/** The settings that contradict each other or the type, each at its own path under `at`. */
export function checkFieldSettings(field: Settings, context: z.RefinementCtx, at: Path): void {
  const { type } = field;
  if (type === 'number' && field.min !== undefined && field.max !== undefined) {
    if (field.min > field.max) orderIssue(context, [...at, 'max'], M.minAboveMax);
  }
  if (type === 'date' && field.earliest !== undefined && field.latest !== undefined) {
    if (field.earliest > field.latest)
      orderIssue(context, [...at, 'latest'], M.earliestAfterLatest);
  }
  if (type !== 'choice' && type !== 'choices') return;
  const options = field.options ?? [];
  if (options.length === 0) orderIssue(context, [...at, 'options'], M.optionsRequired);
  const seen = new Set<string>();
  options.forEach((option, index) => {
    const key = option.toLowerCase();
    if (seen.has(key)) orderIssue(context, [...at, 'options', index], M.optionTaken);
    seen.add(key);
  });
  if (type !== 'choices') return;
  const { minChoices, maxChoices } = field;
  if (minChoices !== undefined && maxChoices !== undefined && minChoices > maxChoices) {
    orderIssue(context, [...at, 'maxChoices'], M.minAboveMax);
  }
  if (minChoices !== undefined && options.length > 0 && minChoices > options.length) {
    orderIssue(context, [...at, 'minChoices'], M.choicesAboveOptions);
  }
}

const SETTINGS_OF_TYPE: Record<string, readonly (keyof Settings)[]> = {
  longText: ['maxLength'],
  number: ['min', 'max'],
  choice: ['options'],
  choices: ['options', 'minChoices', 'maxChoices'],
  date: ['earliest', 'latest'],
};

/** The field with only the settings its type uses (and help text, which any field may have). */
export function settingsOfType<F extends Settings>(field: F): F {
  const kept = new Set<string>(['helpText', ...(SETTINGS_OF_TYPE[field.type] ?? [])]);
  const all = Object.keys(STORED_FIELD_SETTINGS);
  const copy = { ...field } as Record<string, unknown>;
  for (const key of all) {
    if (!kept.has(key) || copy[key] === undefined || copy[key] === '') delete copy[key];
  }
  return copy as F;
}
