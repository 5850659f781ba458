import type { Kysely } from 'kysely';
import type {
  AdminFeedback,
  AdminFeedbackItem,
  FeedbackEdit,
} from '../../../shared/schemas/feedback.ts';
import type { DB } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../errors.ts';
import { type AuditActor, auditEntriesOf, recordAudit } from '../audit/audit.service.ts';
import { jurorName, requireCompetition } from './judging.service.ts';
import { findCompetitionFeedback, findFeedback, updateFeedback } from './feedback.repository.ts';

/*
 * Before Publish the admin reads every juror's feedback for the artists, corrects it or hides it.
 * Each change is audited with the text before it: the juror's words are not lost.
 */

export const FEEDBACK_NOT_FOUND = 'No feedback from this juror on this work.';
const audit = auditEntriesOf('competition');

export async function listFeedback(db: Kysely<DB>, competitionId: string): Promise<AdminFeedback> {
  await requireCompetition(db, competitionId);
  const rows = await findCompetitionFeedback(db, competitionId);
  return {
    items: rows.map((r): AdminFeedbackItem => ({
      roundId: r.round_id,
      roundNumber: r.round_number,
      alias: r.alias,
      reference: r.reference,
      workId: r.work_id,
      workNumber: r.work_position,
      jurorId: r.juror_id,
      juror: jurorName(r),
      feedback: r.feedback,
      hidden: r.feedback_hidden === 1,
    })),
  };
}

export async function editFeedback(
  deps: Pick<Deps, 'db' | 'clock'>,
  key: { competitionId: string; roundId: string; workId: string; jurorId: string },
  edit: FeedbackEdit,
  admin: AuditActor,
): Promise<AdminFeedback> {
  await requireCompetition(deps.db, key.competitionId);
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const before = await findFeedback(trx, key);
    if (!before) throw notFound(FEEDBACK_NOT_FOUND);
    const hidden = edit.hidden ? 1 : 0;
    await updateFeedback(trx, key, { feedback: edit.feedback, feedback_hidden: hidden });
    const details = {
      roundId: key.roundId,
      workId: key.workId,
      jurorId: key.jurorId,
      before: { feedback: before.feedback, hidden: before.feedback_hidden === 1 },
      after: { feedback: edit.feedback, hidden: edit.hidden },
    };
    await recordAudit(trx, audit(admin, 'jury.feedback-edited', key.competitionId, details), now);
  });
  return listFeedback(deps.db, key.competitionId);
}
