import * as z from 'zod/mini';
import { PAYMENT_STATES, SUBMISSION_STATUSES } from '../domain/entry-state.ts';
import { EntryResultSchema } from './publication.ts';
import { emailSchema } from './registration.ts';

/*
 * The artist's side (docs/decisions/025): an artist signs in with their e-mail alone, by a
 * one-time link or a 6-digit code e-mailed to them, and sees every entry made with that address.
 * Their session is a scope of its own (/api/me), apart from the admins' and the jurors'.
 * zod/mini: the artist's pages are public pages.
 */

export const ARTIST_SIGN_IN_MESSAGES = {
  /** The one answer to every request, so it tells nobody whether an address has entries. */
  sent: 'If this address can sign in, a sign-in e-mail is on its way: open its link on this device, or enter its 6-digit code here. It works once, within 15 minutes.',
  codeRequired: 'Enter the 6-digit code from the e-mail',
  codeInvalid: 'The code is 6 digits',
  /** A code or link that is wrong, expired, used or tried too often: one answer for all. */
  rejected: 'This code or link is not right, has expired or has been used. Ask for a new one.',
} as const;

export const ArtistSignInRequestSchema = z.strictObject({ email: emailSchema() });
export type ArtistSignInRequest = z.infer<typeof ArtistSignInRequestSchema>;

export const ArtistSignInRequestAnswerSchema = z.object({ message: z.string() });

/** A sign-in by the code typed with the address, or by the e-mailed link's token alone. */
export const ArtistSignInSchema = z.union([
  z.strictObject({
    email: emailSchema(),
    code: z
      .string({ error: ARTIST_SIGN_IN_MESSAGES.codeRequired })
      .check(
        z.trim(),
        z.minLength(1, { error: ARTIST_SIGN_IN_MESSAGES.codeRequired, abort: true }),
        z.regex(/^\d{6}$/, ARTIST_SIGN_IN_MESSAGES.codeInvalid),
      ),
  }),
  z.strictObject({ token: z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/)) }),
]);
export type ArtistSignIn = z.infer<typeof ArtistSignInSchema>;

/** GET /api/me: who is signed in. */
export const ArtistSessionSchema = z.object({ email: z.string() });
export type ArtistSession = z.infer<typeof ArtistSessionSchema>;

/** One file of the artist's own, served to them alone (GET /api/me/files/:id). */
export const MyFileSchema = z.object({
  id: z.string(),
  /** What the file is: 'photo', or the label of the field it answers. */
  label: z.string(),
  kind: z.enum(['image', 'document']),
  /** The address the artist's session fetches it from. */
  url: z.string(),
});

export const MyWorkSchema = z.object({
  number: z.number(),
  title: z.string(),
  files: z.array(MyFileSchema),
});

/** One entry on "My entries": everything its own entry page shows, and what may be done now. */
export const MyEntrySchema = z.object({
  id: z.string(),
  reference: z.string(),
  competition: z.object({ id: z.nullable(z.string()), title: z.string() }),
  submittedAt: z.string(),
  status: z.enum(SUBMISSION_STATUSES),
  paymentState: z.enum(PAYMENT_STATES),
  entryFee: z.number(),
  withdrawnAt: z.nullable(z.string()),
  /** When entries close ('20 Dec 2026, 11:59 pm IST'); null for a competition since deleted. */
  closesAt: z.nullable(z.string()),
  /** The answers and works may still be corrected: before the close, not withdrawn nor judged. */
  editable: z.boolean(),
  /** The artist may withdraw it now. */
  withdrawable: z.boolean(),
  /** A paid fee is refunded on withdrawal (the site's setting); false when nothing was paid. */
  refundOnWithdrawal: z.boolean(),
  /** Each answer, keyed as a registration's messages are: 'works.0.fieldValues.<id>'. */
  details: z.array(z.object({ key: z.string(), label: z.string(), value: z.string() })),
  photo: z.nullable(MyFileSchema),
  works: z.array(MyWorkSchema),
  receipts: z.array(
    z.object({ number: z.string(), kind: z.enum(['receipt', 'credit-note']), url: z.string() }),
  ),
  result: z.nullable(EntryResultSchema),
});
export type MyEntry = z.infer<typeof MyEntrySchema>;

export const MyEntriesSchema = z.object({ entries: z.array(MyEntrySchema) });
export type MyEntries = z.infer<typeof MyEntriesSchema>;

/** The artist's details from their latest entry, to prefill the next registration. */
export const MyDetailsSchema = z.object({
  fullName: z.string(),
  /** As given then: the form shows it to be checked, a year or more later. */
  age: z.number(),
  gender: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  pincode: z.string(),
  /** Their latest photo, which a registration may reuse instead of sending it again. */
  photo: z.nullable(MyFileSchema),
});
export type MyDetails = z.infer<typeof MyDetailsSchema>;

export const WITHDRAW_MESSAGES = {
  closed: 'Entries for this competition have closed: the entry can no longer be withdrawn.',
  alreadyWithdrawn: 'This entry has already been withdrawn.',
} as const;

export const EDIT_MESSAGES = {
  closed: 'Entries for this competition have closed: the entry can no longer be changed.',
  withdrawn: 'This entry has been withdrawn and can no longer be changed.',
  withJury: 'This entry is with the jury and can no longer be changed.',
} as const;
