import { z } from 'zod';
import { lowerCaseEmailSchema } from './email-address.ts';

/* Reminders: the one-click link that stops them for an address, and a round's end. */

export const REMINDER_MESSAGES = {
  address: 'The link has no valid address',
  token: 'The link is not complete',
  badLink: 'This link is not valid. Open it again from the reminder, or reply to the reminder.',
} as const;

/** The query of the unsubscribe link (a reminder's, and its List-Unsubscribe header's). */
export const UnsubscribeQuerySchema = z.object({
  address: lowerCaseEmailSchema(REMINDER_MESSAGES.address),
  token: z.string().trim().min(1, REMINDER_MESSAGES.token).max(100, REMINDER_MESSAGES.token),
});
export type UnsubscribeQuery = z.infer<typeof UnsubscribeQuerySchema>;
