import { z } from 'zod';
import { flatPrices, type Prices } from '../domain/pricing.ts';

/*
 * A competition's prices beyond its entry fee (the admin's form and the public answer): a fee
 * for each further work and the optional early-bird and late prices. Whole rupees, at least 0;
 * a tier's fee left empty is the standard one.
 */

const FEE_MAX = 1_000_000;

export const PRICE_FIELD_LABELS = {
  furtherWorkFee: 'Fee for each further work',
  earlyBirdFee: 'Early-bird fee',
  earlyBirdFurtherFee: 'Early-bird fee for each further work',
  earlyBirdUntil: 'Early-bird prices end',
  lateFee: 'Late fee',
  lateFurtherFee: 'Late fee for each further work',
  lateFrom: 'Late prices start',
} as const;
type PriceField = keyof typeof PRICE_FIELD_LABELS;

export const PRICE_MESSAGES = {
  notNumber: (field: PriceField) => `${PRICE_FIELD_LABELS[field]} must be a number`,
  notWhole: (field: PriceField) => `${PRICE_FIELD_LABELS[field]} must be a whole number of rupees`,
  negative: (field: PriceField) => `${PRICE_FIELD_LABELS[field]} must be at least 0`,
  tooHigh: (field: PriceField) => `${PRICE_FIELD_LABELS[field]} must be at most ${FEE_MAX}`,
  notInstant: (field: PriceField) => `${PRICE_FIELD_LABELS[field]}: enter a date and time`,
  tiersOrder: 'Late prices must start after the early-bird prices end',
  outsideDates: (field: PriceField) =>
    `${PRICE_FIELD_LABELS[field]} must fall within the competition's dates`,
  feeWithoutTime: (field: PriceField) =>
    `${PRICE_FIELD_LABELS[field]} needs a time: set when the prices ${
      field.startsWith('early') ? 'end' : 'start'
    }`,
} as const;

/** Empty inputs (an empty number box reads NaN) are no value. */
const blank = (value: unknown) =>
  value === undefined || value === null || value === '' || Number.isNaN(value);

function feeSchema(field: PriceField) {
  return z
    .number({ error: PRICE_MESSAGES.notNumber(field) })
    .int(PRICE_MESSAGES.notWhole(field))
    .min(0, PRICE_MESSAGES.negative(field))
    .max(FEE_MAX, PRICE_MESSAGES.tooHigh(field));
}
const optionalFee = (field: PriceField) =>
  z.preprocess((v) => (blank(v) ? null : v), feeSchema(field).nullable()).optional();
const optionalInstant = (field: PriceField) =>
  z
    .preprocess(
      (v) => (blank(v) ? null : v),
      z.iso.datetime({ offset: true, message: PRICE_MESSAGES.notInstant(field) }).nullable(),
    )
    .optional()
    .transform((v) => (v ? new Date(v).toISOString() : null));

/** The fields the competition form adds (spread into CompetitionInputSchema's object). */
export const PRICE_INPUT_SHAPE = {
  furtherWorkFee: z.preprocess((v) => (blank(v) ? 0 : v), feeSchema('furtherWorkFee')).optional(),
  earlyBirdFee: optionalFee('earlyBirdFee'),
  earlyBirdFurtherFee: optionalFee('earlyBirdFurtherFee'),
  earlyBirdUntil: optionalInstant('earlyBirdUntil'),
  lateFee: optionalFee('lateFee'),
  lateFurtherFee: optionalFee('lateFurtherFee'),
  lateFrom: optionalInstant('lateFrom'),
};

type PriceInput = Partial<Omit<Prices, 'entryFee'>>;

/** The checks across price fields: the tiers' order, a tier's fee given a time. */
export function checkPrices(input: PriceInput, context: z.RefinementCtx): void {
  const add = (field: PriceField, message: string) =>
    context.addIssue({ code: 'custom', path: [field], message });
  const { earlyBirdUntil, lateFrom } = input;
  if (earlyBirdUntil && lateFrom && Date.parse(earlyBirdUntil) >= Date.parse(lateFrom)) {
    add('lateFrom', PRICE_MESSAGES.tiersOrder);
  }
  for (const field of ['earlyBirdFee', 'earlyBirdFurtherFee'] as const) {
    if (input[field] != null && !earlyBirdUntil) add(field, PRICE_MESSAGES.feeWithoutTime(field));
  }
  for (const field of ['lateFee', 'lateFurtherFee'] as const) {
    if (input[field] != null && !lateFrom) add(field, PRICE_MESSAGES.feeWithoutTime(field));
  }
}

/** The stored prices of a parsed input: a free competition has none beyond its fee of 0. */
export function pricesOfInput(
  input: PriceInput & { entryType: 'free' | 'paid' },
  fee: number,
): Prices {
  if (input.entryType !== 'paid') return flatPrices(0);
  return {
    entryFee: fee,
    furtherWorkFee: input.furtherWorkFee ?? 0,
    earlyBirdFee: input.earlyBirdFee ?? null,
    earlyBirdFurtherFee: input.earlyBirdFurtherFee ?? null,
    earlyBirdUntil: input.earlyBirdUntil ?? null,
    lateFee: input.lateFee ?? null,
    lateFurtherFee: input.lateFurtherFee ?? null,
    lateFrom: input.lateFrom ?? null,
  };
}

/**
 * The tiers' times must fall within the competition's window (the server knows the time zone):
 * the early-bird prices end after it opens and by its close, the late ones start within it.
 */
export function priceDateIssues(
  prices: Pick<Prices, 'earlyBirdUntil' | 'lateFrom'>,
  window: { opensAt: Date; closesAt: Date },
): Record<string, string> {
  const issues: Record<string, string> = {};
  const opens = window.opensAt.getTime();
  const closes = window.closesAt.getTime();
  for (const field of ['earlyBirdUntil', 'lateFrom'] as const) {
    const value = prices[field];
    if (value === null) continue;
    const at = Date.parse(value);
    if (at <= opens || at >= closes) issues[field] = PRICE_MESSAGES.outsideDates(field);
  }
  return issues;
}

/** The prices an artist is shown (the public answer), whole rupees and ISO instants. */
export const PricesSchema = z.object({
  entryFee: z.number().int().min(0),
  furtherWorkFee: z.number().int().min(0),
  earlyBirdFee: z.number().int().min(0).nullable(),
  earlyBirdFurtherFee: z.number().int().min(0).nullable(),
  earlyBirdUntil: z.string().nullable(),
  lateFee: z.number().int().min(0).nullable(),
  lateFurtherFee: z.number().int().min(0).nullable(),
  lateFrom: z.string().nullable(),
});
