import type { Kysely } from 'kysely';
import { feedbackPerWork, type WorkFeedback } from '../../../shared/schemas/feedback.ts';
import type { DB } from '../../db/schema.ts';
import type { EntryLog } from '../submissions/submissions.service.ts';
import { artworkTitleOf } from './artwork-title.ts';
import { findFeedbackToRelease } from './released-feedback.repository.ts';

/*
 * The jury's feedback as Publish sends it in the results e-mail when the admin releases it: every
 * juror's text on each work, not hidden, grouped per work and never naming the juror.
 */

/** Each entry's released feedback, by entry id. */
export async function feedbackToRelease(
  db: Kysely<DB>,
  competitionId: string,
  log: EntryLog,
): Promise<Map<string, WorkFeedback[]>> {
  const rows = await findFeedbackToRelease(db, competitionId);
  const perEntry = new Map<string, { work: WorkFeedback['work']; text: string }[]>();
  for (const r of rows) {
    const title = artworkTitleOf({ ...r, id: r.submission_id }, log);
    const of = perEntry.get(r.submission_id) ?? [];
    of.push({ work: { number: r.position, title }, text: r.feedback });
    perEntry.set(r.submission_id, of);
  }
  return new Map([...perEntry].map(([id, of]) => [id, feedbackPerWork(of)]));
}

/** The e-mail's section of feedback, after the template's text; '' when there is none. */
export function feedbackSection(works: readonly WorkFeedback[]): string {
  if (works.length === 0) return '';
  const parts = ['The jury’s feedback on your entry:'];
  for (const { work, texts } of works) {
    if (work.title) parts.push(`On “${work.title}”:`);
    else if (works.length > 1) parts.push(`On work ${work.number}:`);
    parts.push(...texts);
  }
  return parts.join('\n\n');
}
