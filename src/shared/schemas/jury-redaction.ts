import { z } from 'zod';
import { LONG_TEXT_FIELD_MAX } from './registration.ts';
import { WORKS_MAX } from './works-range.ts';

/*
 * The identity check before judging: the entries whose answers shown to jurors contain their
 * artist's name, e-mail or phone, and the jury's copy of such an answer that the admin redacted.
 */

export const IDENTITY_KINDS = ['name', 'email', 'phone'] as const;
export type IdentityKind = (typeof IDENTITY_KINDS)[number];

/** The jury's copy is no longer than the longest answer registration accepts. */
export const REDACTION_TEXT_MAX = LONG_TEXT_FIELD_MAX;

export const REDACTION_MESSAGES = {
  entryNotFound: 'Entry not found',
  answerNotFound: 'This entry has no such answer',
  hiddenField: 'Jurors do not see this field: there is nothing to redact.',
  imageField: 'A picture cannot be redacted: hide its field from jurors instead.',
  tooLong: `The jury's copy must be at most ${REDACTION_TEXT_MAX} characters`,
  stillNames: {
    name: "The jury's copy still contains the artist's name",
    email: "The jury's copy still contains the artist's e-mail",
    phone: "The jury's copy still contains the artist's phone number",
  } satisfies Record<IdentityKind, string>,
  notRedacted: 'This answer is not redacted.',
  workOfOnce: 'This answer is given once per entry: it belongs to no work.',
  work: `A work is numbered from 1 to ${WORKS_MAX}`,
  fixed:
    'A round has opened: jurors have seen the redacted copy, so it can be changed but not removed.',
} as const;

/** What the admin saves as the jury's copy of one answer ('' leaves the answer out for jurors). */
export const RedactionInputSchema = z.strictObject({
  text: z
    .string({ error: REDACTION_MESSAGES.tooLong })
    .trim()
    .max(REDACTION_TEXT_MAX, REDACTION_MESSAGES.tooLong),
});
export type RedactionInput = z.input<typeof RedactionInputSchema>;

/**
 * Which work's answer a redaction concerns (`?work=2`): absent, the first work's for a field
 * each work answers; never given for an answer asked once per entry.
 */
export const RedactionQuerySchema = z.strictObject({
  work: z.coerce
    .number(REDACTION_MESSAGES.work)
    .int(REDACTION_MESSAGES.work)
    .min(1, REDACTION_MESSAGES.work)
    .max(WORKS_MAX, REDACTION_MESSAGES.work)
    .optional(),
});

export const CheckedAnswerSchema = z.object({
  fieldId: z.string(),
  /** The work whose answer it is, by number; null for an answer asked once per entry. */
  work: z.number().int().nullable(),
  /** The field's label; "Work 2: …" when the entry holds several works. */
  label: z.string(),
  /** The artist's own answer, as given (kept whatever the jury's copy says). */
  answer: z.string(),
  /** What of the artist the answer contains ([] once it no longer does: a redaction kept). */
  contains: z.array(z.enum(IDENTITY_KINDS)),
  /** The answer with each mention replaced by '[redacted]': what the redact form starts from. */
  suggestion: z.string(),
  /** The jury's copy, when the admin redacted the answer. */
  redaction: z.object({ text: z.string(), redactedAt: z.string() }).nullable(),
});
export type CheckedAnswer = z.infer<typeof CheckedAnswerSchema>;

export const IdentityCheckSchema = z.object({
  /** Whether a round has opened: a redaction can then be changed but not removed. */
  roundOpened: z.boolean(),
  entries: z.array(
    z.object({
      submissionId: z.string(),
      reference: z.string(),
      status: z.string(),
      /** The answers that name the artist or were redacted, in the form's order. */
      answers: z.array(CheckedAnswerSchema),
    }),
  ),
});
export type IdentityCheck = z.infer<typeof IdentityCheckSchema>;
