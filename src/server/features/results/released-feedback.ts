import type { Kysely } from 'kysely';
import { feedbackPerWork, type WorkFeedback } from '../../../shared/schemas/feedback.ts';
import type { DB } from '../../db/schema.ts';
import { type EntryLog, entryFormFields } from '../submissions/submissions.service.ts';
import { artworkTitleOf } from './artwork-title.ts';
import type { ResultsDb } from './results.tables.ts';

/*
 * The jury's feedback as Publish sends it in the results e-mail when the admin releases it: every
 * juror's text on each work, not hidden, grouped per work and never naming the juror.
 */

async function findFeedbackToRelease(db: ResultsDb, competitionId: string) {
  return db
    .selectFrom('jury_assignments as a')
    .innerJoin('jury_rounds as r', 'r.id', 'a.round_id')
    .innerJoin('submissions as s', 's.id', 'a.submission_id')
    .innerJoin('entry_works as w', 'w.id', 'a.work_id')
    .leftJoin('categories as c', 'c.id', 's.category_id')
    .select([
      'a.submission_id',
      'a.feedback',
      'w.position',
      's.reference',
      's.field_values',
      'w.field_values as work_values',
      entryFormFields('s', 'c'),
    ])
    .where('r.competition_id', '=', competitionId)
    .where('a.conflict_at', 'is', null)
    .where('a.feedback_hidden', '=', 0)
    .where('a.feedback', '!=', '')
    .orderBy('r.number')
    .orderBy('w.position')
    .orderBy('a.juror_id')
    .execute();
}

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
