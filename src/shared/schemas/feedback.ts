import * as z from 'zod/mini';

/*
 * The jury's feedback for the artists: each juror writes it per work on their score sheet; the
 * admin reads, edits or hides it before Publish, and Publish says whether it reaches the artists.
 * What an artist reads names the work, never the juror.
 */

/** The longest feedback one juror gives on one work. */
export const FEEDBACK_MAX = 2000;
export const FEEDBACK_TOO_LONG = `Keep the feedback to ${FEEDBACK_MAX} characters`;

export const feedbackText = () =>
  z.string().check(z.trim(), z.maxLength(FEEDBACK_MAX, FEEDBACK_TOO_LONG));

/** One juror's feedback on one work, as the admin reads it. */
export const AdminFeedbackItemSchema = z.object({
  roundId: z.string(),
  roundNumber: z.number(),
  alias: z.string(),
  reference: z.string(),
  workId: z.string(),
  workNumber: z.number(),
  jurorId: z.string(),
  juror: z.string(),
  feedback: z.string(),
  hidden: z.boolean(),
});
export type AdminFeedbackItem = z.infer<typeof AdminFeedbackItemSchema>;

export const AdminFeedbackSchema = z.object({ items: z.array(AdminFeedbackItemSchema) });
export type AdminFeedback = z.infer<typeof AdminFeedbackSchema>;

/** The admin's edit of one juror's feedback on one work: its text, and whether it is hidden. */
export const FeedbackEditSchema = z.object({
  feedback: feedbackText(),
  hidden: z.boolean(),
});
export type FeedbackEdit = z.infer<typeof FeedbackEditSchema>;

export const FeedbackEditParamsSchema = z.object({
  id: z.string(),
  roundId: z.string(),
  workId: z.string(),
  jurorId: z.string(),
});

/** Released feedback on one work of the artist's entry: the texts only, no juror named. */
export const WorkFeedbackSchema = z.object({
  work: z.object({ number: z.number(), title: z.string() }),
  texts: z.array(z.string()),
});
export type WorkFeedback = z.infer<typeof WorkFeedbackSchema>;

/** Feedback rows, in order, gathered per work (each work once, in the order first met). */
export function feedbackPerWork(
  rows: readonly { work: WorkFeedback['work']; text: string }[],
): WorkFeedback[] {
  const byNumber = new Map<number, WorkFeedback>();
  for (const { work, text } of rows) {
    const of = byNumber.get(work.number) ?? { work, texts: [] };
    of.texts.push(text);
    byNumber.set(work.number, of);
  }
  return [...byNumber.values()].sort((a, b) => a.work.number - b.work.number);
}
