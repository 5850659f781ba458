import { z } from 'zod';
import { PLACEHOLDER_PATTERN } from './email-template.ts';
import { ReviewCountsQuerySchema } from './review.ts';

/*
 * A message from the admin to the entries a review view lists: a subject and a plain-text body
 * with the placeholders of the artist's other e-mails, filled for each entry and queued once per
 * entry (each entry has its own link and reference).
 */

export const GROUP_MESSAGE_SUBJECT_MAX = 200;
export const GROUP_MESSAGE_BODY_MAX = 5000;
/** More than this is a newsletter, not a message to a group: narrow the filters. */
export const GROUP_MESSAGE_MAX_RECIPIENTS = 1000;

/** What each entry's message may be filled with. */
export const GROUP_MESSAGE_PLACEHOLDERS = [
  'name',
  'competition',
  'reference',
  'entryLink',
  'siteTitle',
] as const;

/** The placeholders in `text` a group message does not take, each once. */
export function unknownGroupPlaceholders(text: string): string[] {
  const known: readonly string[] = GROUP_MESSAGE_PLACEHOLDERS;
  const names = [...text.matchAll(PLACEHOLDER_PATTERN)].map((match) => match[1] as string);
  return [...new Set(names.filter((name) => !known.includes(name)))];
}

export const unknownGroupPlaceholderMessage = (names: readonly string[]) =>
  `Unknown placeholder ${names.map((n) => `{${n}}`).join(', ')}. Use ${GROUP_MESSAGE_PLACEHOLDERS.map(
    (n) => `{${n}}`,
  ).join(', ')}.`;

const withKnownPlaceholders = (text: string, context: z.RefinementCtx) => {
  const unknown = unknownGroupPlaceholders(text);
  if (unknown.length > 0)
    context.addIssue({ code: 'custom', message: unknownGroupPlaceholderMessage(unknown) });
};

/** The review's filters, as the list and its counts take them. */
export const GroupMessageFiltersSchema = ReviewCountsQuerySchema;
export type GroupMessageFilters = z.infer<typeof GroupMessageFiltersSchema>;

export const GroupMessageDraftSchema = z.strictObject({
  filters: GroupMessageFiltersSchema,
  subject: z
    .string()
    .trim()
    .min(1, 'Enter a subject.')
    .max(
      GROUP_MESSAGE_SUBJECT_MAX,
      `A subject has at most ${GROUP_MESSAGE_SUBJECT_MAX} characters.`,
    )
    .refine((s) => !/[\r\n]/.test(s), 'A subject is one line.')
    .superRefine(withKnownPlaceholders),
  body: z
    .string()
    .trim()
    .min(1, 'Enter the message.')
    .max(GROUP_MESSAGE_BODY_MAX, `A message has at most ${GROUP_MESSAGE_BODY_MAX} characters.`)
    .superRefine(withKnownPlaceholders),
});
export type GroupMessageDraft = z.infer<typeof GroupMessageDraftSchema>;

/** A send: the draft and the id the dialog made when it opened, so a second click sends nothing. */
export const GroupMessageSendSchema = GroupMessageDraftSchema.extend({ requestId: z.uuid() });
export type GroupMessageSend = z.infer<typeof GroupMessageSendSchema>;

export const GroupMessagePreviewSchema = z.object({
  /** How many entries the message goes to: one message each. */
  count: z.number(),
  /** The first entry's message, as its artist will read it. */
  first: z.object({
    reference: z.string(),
    to: z.string(),
    subject: z.string(),
    text: z.string(),
  }),
});
export type GroupMessagePreview = z.infer<typeof GroupMessagePreviewSchema>;

export const GroupMessageResultSchema = z.object({
  id: z.string(),
  count: z.number(),
  /** True when this request had been sent before: nothing was sent again. */
  repeated: z.boolean(),
});
export type GroupMessageResult = z.infer<typeof GroupMessageResultSchema>;

export const GROUP_MESSAGE_TEXT = {
  empty: 'No entries match these filters. Nothing was sent.',
  tooMany: `These filters match more than ${GROUP_MESSAGE_MAX_RECIPIENTS} entries, the most one message goes to. Narrow the filters. Nothing was sent.`,
  sent: (count: number) => `Message queued for ${count} ${count === 1 ? 'entry' : 'entries'}`,
} as const;
