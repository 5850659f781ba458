import * as z from 'zod/mini';
import { ENTRY_REFERENCE_PATTERN } from '../domain/entry-reference.ts';
import { PAYMENT_STATES, SUBMISSION_STATUSES } from '../domain/entry-state.ts';
import { EntryTokenSchema } from './payment.ts';
import { EntryResultSchema } from './publication.ts';
import { PUBLICATION_CONSENTS } from './publication-consent.ts';
import { emailSchema } from './registration.ts';

/*
 * The artist's own entry page, opened with the signed link from their e-mail,
 * and the "Lost your link?" form. zod/mini, as a public page loads it.
 */

export const ViewEntrySchema = z.strictObject({ entryToken: EntryTokenSchema });

/** The entry as its artist sees it: no images, and nothing of the review but its state. */
export const EntryViewSchema = z.object({
  reference: z.string(),
  competition: z.object({ id: z.nullable(z.string()), title: z.string() }),
  submittedAt: z.string(),
  status: z.enum(SUBMISSION_STATUSES),
  paymentState: z.enum(PAYMENT_STATES),
  entryFee: z.number(),
  /**
   * What the artist gave, labelled as the form asked it, in its order; images left out. Each
   * keyed as a registration's messages are ('fullName', 'works.0.fieldValues.<id>').
   */
  details: z.array(z.object({ key: z.string(), label: z.string(), value: z.string() })),
  /** How a winning or shortlisted work may be shown; null: no choice recorded. */
  publicationConsent: z.nullable(z.enum(PUBLICATION_CONSENTS)),
  /** When the artist made that choice, by the server's clock. */
  publicationConsentAt: z.nullable(z.string()),
  /** The result once the competition's results are published; null until then. */
  result: z.nullable(EntryResultSchema),
  /** An entry of several works: each by its number and title ('' when it has none). */
  works: z.optional(z.array(z.object({ number: z.number(), title: z.string() }))),
});
export type EntryView = z.infer<typeof EntryViewSchema>;

/** `POST /api/entries/withdraw`: the artist's unpaid entry, withdrawn by its own link. */
export const WithdrawEntrySchema = ViewEntrySchema;

export const WITHDRAWAL_MESSAGES = {
  notUnpaid: 'Only an entry whose fee is still to be paid can be withdrawn.',
  reviewed: 'This entry has been reviewed and can no longer be withdrawn.',
} as const;

export const LINK_REQUEST_MESSAGES = {
  referenceRequired: 'Reference is required',
  referenceInvalid: 'Enter the reference as it is in your e-mail, such as WS-2026-000123',
  /** The one answer to every request, so it tells nobody whether an address has entries. */
  sent: 'If an entry with this reference was registered with this e-mail address, its link is on its way there. It may take a few minutes to arrive.',
} as const;

export const LinkRequestSchema = z.strictObject({
  email: emailSchema(),
  reference: z
    .string({ error: LINK_REQUEST_MESSAGES.referenceRequired })
    .check(
      z.trim(),
      z.toUpperCase(),
      z.minLength(1, { error: LINK_REQUEST_MESSAGES.referenceRequired, abort: true }),
      z.maxLength(40, LINK_REQUEST_MESSAGES.referenceInvalid),
      z.regex(ENTRY_REFERENCE_PATTERN, LINK_REQUEST_MESSAGES.referenceInvalid),
    ),
});
export type LinkRequest = z.infer<typeof LinkRequestSchema>;

export const LinkRequestAnswerSchema = z.object({ message: z.string() });
