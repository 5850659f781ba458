import { z } from 'zod';

/*
 * The messages an artist gets that the art space may reword (confirmation, payment, approved,
 * rejected, and the results of each outcome), each a subject and a plain-text body with
 * placeholders such as {name}. The HTML version is made from the text, every filled value escaped.
 */

/** The templates, by the outbox kind of the message each one writes. */
export const EMAIL_TEMPLATE_KINDS = [
  'registration-confirmation',
  'payment-received',
  'submission-approved',
  'submission-rejected',
  'results-winner',
  'results-shortlisted',
  'results-participated',
  'receipt-issued',
  'credit-note-issued',
  'artist-sign-in',
  'reminder-payment-failed',
  'reminder-before-close',
  'reminder-jury-round',
] as const;
export type EmailTemplateKind = (typeof EMAIL_TEMPLATE_KINDS)[number];

export const EMAIL_TEMPLATE_LABELS: Record<EmailTemplateKind, string> = {
  'registration-confirmation': 'Registration confirmation',
  'payment-received': 'Payment received',
  'submission-approved': 'Entry approved',
  'submission-rejected': 'Entry rejected',
  'results-winner': 'Results: winner',
  'results-shortlisted': 'Results: shortlisted',
  'results-participated': 'Results: participated',
  'receipt-issued': 'Receipt',
  'credit-note-issued': 'Credit note',
  'artist-sign-in': 'Sign-in to My entries',
  'reminder-payment-failed': 'Reminder: payment did not go through',
  'reminder-before-close': 'Reminder: fee still due before the close',
  'reminder-jury-round': 'Reminder to jurors: round ends soon',
};

/** What each placeholder is filled with, as the screen explains it. */
export const PLACEHOLDER_MEANINGS = {
  name: "The artist's full name",
  competition: 'The competition’s title',
  reference: 'The entry’s reference, e.g. WS-2026-000123',
  entryLink: 'The link to the artist’s entry page (a link in the HTML version)',
  siteTitle: 'The site’s title',
  status:
    'Where the entry stands: received and under review, or saved but not complete until its fee is paid',
  payment: 'A line on the fee: received, or still due (nothing for a free entry); not in a subject',
  entryDetails: 'The entry as the artist gave it, one "- Label: value" line each; not in a subject',
  amount: 'The fee received, e.g. ₹1,500',
  award: 'The award with its prize, e.g. First (₹25,000 and a solo show)',
  certificateLink: 'The link to the artist’s certificate (a link in the HTML version)',
  resultsLink: 'The link to the competition’s public results page',
  number: 'The receipt’s or credit note’s number, e.g. WS/2026-27/000123',
  receiptNumber: 'The number of the receipt a credit note reverses',
  signInLink: 'The one-time link that signs the artist in (a link in the HTML version)',
  code: 'The 6-digit code the artist may type instead of opening the link',
  closes: 'When entries close, e.g. 20 Dec 2026, 11:59 pm IST',
  unsubscribeLink: 'The link that stops reminders to this address (a link in the HTML version)',
  round: 'The round’s number, e.g. 1',
  roundEnds: 'When the round ends, e.g. 20 Dec 2026, 11:59 pm IST',
  unscored: 'How many works the juror has still to score, e.g. 4',
  juryLink: 'The link to the juror’s rounds (a link in the HTML version)',
} as const;
export type Placeholder = keyof typeof PLACEHOLDER_MEANINGS;

const COMMON: readonly Placeholder[] = [
  'name',
  'competition',
  'reference',
  'entryLink',
  'siteTitle',
];

/** The placeholders each template may use; any other is refused. */
export const TEMPLATE_PLACEHOLDERS: Record<EmailTemplateKind, readonly Placeholder[]> = {
  'registration-confirmation': [...COMMON, 'payment', 'entryDetails', 'status'],
  'payment-received': [...COMMON, 'amount'],
  'submission-approved': COMMON,
  'submission-rejected': COMMON,
  'results-winner': [...COMMON, 'award', 'certificateLink', 'resultsLink'],
  'results-shortlisted': [...COMMON, 'certificateLink', 'resultsLink'],
  'results-participated': [...COMMON, 'certificateLink', 'resultsLink'],
  'receipt-issued': [...COMMON, 'amount', 'number'],
  'credit-note-issued': [...COMMON, 'amount', 'number', 'receiptNumber'],
  // Not about one entry: to an address, whichever entries it made.
  'artist-sign-in': ['signInLink', 'code', 'siteTitle'],
  'reminder-payment-failed': [...COMMON, 'closes', 'unsubscribeLink'],
  'reminder-before-close': [...COMMON, 'closes', 'unsubscribeLink'],
  // To a juror: {name} is the juror's name, and no entry is named.
  'reminder-jury-round': [
    'name',
    'competition',
    'round',
    'roundEnds',
    'unscored',
    'juryLink',
    'unsubscribeLink',
    'siteTitle',
  ],
};

/** Placeholders a template's body must keep: without them the message does not do its job. */
export const REQUIRED_PLACEHOLDERS: Partial<Record<EmailTemplateKind, readonly Placeholder[]>> = {
  // Without its link and its code, nobody could sign in.
  'artist-sign-in': ['signInLink', 'code'],
  // A reminder without its way out, or without the way to act on it, must not be sent.
  'reminder-payment-failed': ['entryLink', 'unsubscribeLink'],
  'reminder-before-close': ['entryLink', 'unsubscribeLink'],
  'reminder-jury-round': ['juryLink', 'unsubscribeLink'],
};

/** The placeholders `kind` needs that its `body` leaves out. */
export function missingPlaceholders(kind: EmailTemplateKind, body: string): Placeholder[] {
  return (REQUIRED_PLACEHOLDERS[kind] ?? []).filter((name) => !body.includes(`{${name}}`));
}

export const missingPlaceholderMessage = (names: readonly string[]) =>
  `The message needs ${names.map((n) => `{${n}}`).join(' and ')}.`;

/** `{word}`: a placeholder. Braces around anything else are text. */
export const PLACEHOLDER_PATTERN = /\{([A-Za-z][A-Za-z0-9]*)\}/g;

/** Placeholders of several lines: in a message's text, never in its one-line subject. */
const MULTI_LINE: readonly Placeholder[] = ['payment', 'entryDetails'];

/** The placeholders `kind` takes in its subject or its body. */
export function placeholdersOf(kind: EmailTemplateKind, field: 'subject' | 'body') {
  const all = TEMPLATE_PLACEHOLDERS[kind];
  return field === 'subject' ? all.filter((name) => !MULTI_LINE.includes(name)) : all;
}

/** The placeholders in `text` (a subject or a body) that `kind` does not take, each once. */
export function unknownPlaceholders(
  kind: EmailTemplateKind,
  text: string,
  field: 'subject' | 'body' = 'body',
): string[] {
  const known: readonly string[] = placeholdersOf(kind, field);
  const unknown = [...text.matchAll(PLACEHOLDER_PATTERN)]
    .map((match) => match[1] as string)
    .filter((name) => !known.includes(name));
  return [...new Set(unknown)];
}

export const unknownPlaceholderMessage = (
  kind: EmailTemplateKind,
  names: readonly string[],
  field: 'subject' | 'body' = 'body',
) =>
  `Unknown placeholder ${names.map((n) => `{${n}}`).join(', ')}. Use ${placeholdersOf(kind, field)
    .map((n) => `{${n}}`)
    .join(', ')}.`;

export const EMAIL_SUBJECT_MAX = 200;
export const EMAIL_BODY_MAX = 10_000;

export const EmailTemplateKindParamsSchema = z.object({ kind: z.enum(EMAIL_TEMPLATE_KINDS) });

export const EmailTemplateInputSchema = z.strictObject({
  subject: z
    .string()
    .trim()
    .min(1, 'Enter a subject.')
    .max(EMAIL_SUBJECT_MAX)
    .refine((s) => !/[\r\n]/.test(s), 'A subject is one line.'),
  body: z.string().trim().min(1, 'Enter the message.').max(EMAIL_BODY_MAX),
});
export type EmailTemplateInput = z.infer<typeof EmailTemplateInputSchema>;

export const EmailTemplateSchema = z.object({
  kind: z.enum(EMAIL_TEMPLATE_KINDS),
  label: z.string(),
  subject: z.string(),
  body: z.string(),
  placeholders: z.array(z.string()),
  /** False while the default is used; a reset makes it false again. */
  customized: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type EmailTemplate = z.infer<typeof EmailTemplateSchema>;

/** A template filled with a sample entry, as the artist would get it. */
export const EmailPreviewSchema = z.object({
  subject: z.string(),
  text: z.string(),
  html: z.string(),
});
export type EmailPreview = z.infer<typeof EmailPreviewSchema>;

export const EMAIL_TEMPLATES_PATH = '/api/admin/email-templates';
export const EMAIL_TEMPLATE_MESSAGES = {
  saved: 'Template saved',
  reset: 'Template reset to the default',
  resetQuestion:
    'Reset this template to the default? Your wording is replaced by the original message.',
} as const;
