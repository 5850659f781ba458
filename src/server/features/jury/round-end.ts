import { ROUND_END_MESSAGES, type RoundEnd } from '../../../shared/schemas/jury.ts';
import type { Deps } from '../../deps.ts';
import { AppError, invalidField } from '../../errors.ts';
import { type AuditActor, auditEntriesOf, recordAudit } from '../audit/audit.service.ts';
import { updateRoundEnd } from './round-end.repository.ts';
import { getRoundSummary, requireRound } from './round-summaries.ts';

/*
 * A round's end, set by the admin: shown to its jurors, and a day before it those with works
 * still to score are reminded (the reminders feature). It stops nothing by itself: the admin
 * closes the round.
 */

const audit = auditEntriesOf('jury_round');

export async function setRoundEnd(
  deps: Pick<Deps, 'db' | 'clock'>,
  competitionId: string,
  roundId: string,
  input: RoundEnd,
  admin: AuditActor,
) {
  const now = deps.clock.now();
  const round = await requireRound(deps.db, competitionId, roundId);
  // Stored in UTC, as every instant: the same text sorts and compares on both engines.
  const endsAt = input.endsAt === null ? null : new Date(Date.parse(input.endsAt)).toISOString();
  if (endsAt !== null && endsAt <= now.toISOString()) {
    throw invalidField('endsAt', ROUND_END_MESSAGES.inPast);
  }
  await deps.db.transaction().execute(async (trx) => {
    if (!(await updateRoundEnd(trx, roundId, endsAt))) {
      throw new AppError(409, 'ROUND_CLOSED', ROUND_END_MESSAGES.closed);
    }
    await recordAudit(
      trx,
      audit(admin, 'jury.round-end', roundId, { number: round.number, endsAt }),
      now,
    );
  });
  return getRoundSummary(deps.db, competitionId, roundId);
}
