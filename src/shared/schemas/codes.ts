import { z } from 'zod';
import { CODE_KINDS, PRICE_TIERS } from '../domain/pricing.ts';
import { CODE_TEXT_MESSAGE } from './registration-pricing.ts';

/* Discount and waiver codes: the admin's Codes screen, and the quote an artist's form asks for. */

export const CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,31}$/;
export const CODE_FIXED_MAX = 1_000_000;

export const CODE_MESSAGES = {
  code: CODE_TEXT_MESSAGE,
  taken: 'This code already exists',
  percent: 'Percent off must be a whole number from 1 to 100',
  fixed: 'Amount off must be a whole number of rupees, at least 1',
  maxUses: 'Use limit must be a whole number, at least 1',
  expiresAt: 'Enter a date and time',
  competitionNotFound: 'This competition no longer exists',
  codeNotFound: 'This code no longer exists',
} as const;

/** Why a code is refused: each reason is given as the `code` field's message. */
export const CODE_REFUSALS = {
  unknown: 'This code is not valid.',
  expired: 'This code has expired.',
  usedUp: 'This code has been used as many times as it may be.',
  otherCompetition: 'This code is not for this competition.',
  alreadyUsed: 'This code has already been used with this e-mail address.',
  freeCompetition: 'This competition is free to enter: no code is needed.',
} as const;

/** Typed codes are one code whatever their case or surrounding spaces. */
const codeText = z
  .string(CODE_MESSAGES.code)
  .trim()
  .transform((code) => code.toUpperCase());

export const CodeInputSchema = z
  .object({
    code: codeText.pipe(z.string().regex(CODE_PATTERN, CODE_MESSAGES.code)),
    kind: z.enum(CODE_KINDS),
    /** Percent off (1–100) or rupees off; ignored for a waiver. */
    value: z.number().optional(),
    competitionId: z
      .string()
      .nullish()
      .transform((id) => id || null),
    maxUses: z.preprocess(
      (v) => (v === '' || Number.isNaN(v) ? null : v),
      z
        .number(CODE_MESSAGES.maxUses)
        .int(CODE_MESSAGES.maxUses)
        .min(1, CODE_MESSAGES.maxUses)
        .nullish(),
    ),
    expiresAt: z.preprocess(
      (v) => (v === '' ? null : v),
      z.iso.datetime({ offset: true, message: CODE_MESSAGES.expiresAt }).nullish(),
    ),
  })
  .superRefine((input, context) => {
    const value = input.value;
    const whole = typeof value === 'number' && Number.isInteger(value);
    if (input.kind === 'percent' && !(whole && value >= 1 && value <= 100)) {
      context.addIssue({ code: 'custom', path: ['value'], message: CODE_MESSAGES.percent });
    }
    if (input.kind === 'fixed' && !(whole && value >= 1 && value <= CODE_FIXED_MAX)) {
      context.addIssue({ code: 'custom', path: ['value'], message: CODE_MESSAGES.fixed });
    }
  })
  .transform((input) => ({
    ...input,
    value: input.kind === 'waiver' ? 0 : (input.value as number),
    maxUses: input.maxUses ?? null,
    expiresAt: input.expiresAt ? new Date(input.expiresAt).toISOString() : null,
  }));
export type CodeInput = z.output<typeof CodeInputSchema>;
export type CodeFormValues = z.input<typeof CodeInputSchema>;

export const CodeUseSchema = z.object({
  reference: z.string().nullable(),
  email: z.string(),
  discount: z.number().int(),
  createdAt: z.string(),
});
export type CodeUse = z.infer<typeof CodeUseSchema>;

export const AdminCodeSchema = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(CODE_KINDS),
  value: z.number().int(),
  competitionId: z.string().nullable(),
  /** null: every competition. */
  competitionTitle: z.string().nullable(),
  maxUses: z.number().int().nullable(),
  expiresAt: z.string().nullable(),
  active: z.boolean(),
  createdBy: z.string(),
  createdAt: z.string(),
  uses: z.array(CodeUseSchema),
});
export type AdminCode = z.infer<typeof AdminCodeSchema>;
export const AdminCodeListSchema = z.array(AdminCodeSchema);

export const CodeIdParamsSchema = z.object({ id: z.string() });

/** The most works an entry is ever priced for: far above any competition's maximum. */
export const QUOTE_WORKS_MAX = 100;

/** `POST /api/competitions/:id/quote`. */
export const QuoteRequestSchema = z.object({
  works: z.number().int().min(1).max(QUOTE_WORKS_MAX).default(1),
  code: codeText.pipe(z.string().max(64, CODE_REFUSALS.unknown)).optional(),
  /** Needed to tell whether this artist has used the code already. */
  email: z.string().trim().max(320).optional(),
});
export type QuoteRequest = z.input<typeof QuoteRequestSchema>;

export const PriceBreakdownSchema = z.object({
  tier: z.enum(PRICE_TIERS),
  lines: z.array(
    z.object({
      kind: z.enum(['first', 'further', 'discount']),
      label: z.string(),
      quantity: z.number().int(),
      amount: z.number().int(),
    }),
  ),
  gross: z.number().int(),
  discount: z.number().int(),
  net: z.number().int(),
});
