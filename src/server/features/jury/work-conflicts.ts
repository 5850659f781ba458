import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Clock } from '../../clock.ts';
import { pickReplacement } from './assignment.ts';
import { insertAssignments } from './rounds.repository.ts';
import {
  deleteScores,
  findEntryJurors,
  findMyWorksWithEmail,
  findJurorsInConflictWith,
  findLoads,
  incrementJurorsMissing,
  updateMyAssignment,
} from './scoring.repository.ts';

/*
 * A work taken from a juror in an open round, whoever declared the conflict (the juror on the
 * work's page, or the admin in the set-up): the assignment is marked, the juror's scores for it
 * go, and the work passes to the least-loaded panel juror free to take it, or is marked short.
 */

export interface TakenWork {
  roundId: string;
  competitionId: string;
  submissionId: string;
  workId: string;
  /** The artist's e-mail, compared with the conflicts the admin declared. */
  email: string;
  jurorId: string;
}

/**
 * Inside the caller's transaction. False when the work was no longer the juror's (a conflict
 * declared meanwhile); otherwise whether another juror took it (else it is now short).
 */
export async function takeWorkFromJuror(
  trx: Kysely<DB>,
  work: TakenWork,
  reason: string,
  now: Date,
): Promise<{ taken: false } | { taken: true; reassigned: boolean }> {
  const key = {
    round_id: work.roundId,
    juror_id: work.jurorId,
    submission_id: work.submissionId,
    work_id: work.workId,
  };
  const at = now.toISOString();
  if (!(await updateMyAssignment(trx, key, { conflict_reason: reason, conflict_at: at }))) {
    return { taken: false };
  }
  await deleteScores(trx, key);
  const onEntry = await findEntryJurors(trx, work.roundId, work.workId);
  const declared = new Set(await findJurorsInConflictWith(trx, work.competitionId, work.email));
  const loads = await findLoads(trx, work.roundId, work.competitionId);
  const replacement = pickReplacement({
    entryJurors: onEntry,
    jurors: loads.map((l) => l.juror_id),
    loads: new Map(loads.map((l) => [l.juror_id, Number(l.load)])),
    isConflicted: (id) => declared.has(id),
  });
  if (replacement) {
    await insertAssignments(trx, [
      {
        round_id: work.roundId,
        submission_id: work.submissionId,
        work_id: work.workId,
        juror_id: replacement,
        order_key: randomBytes(8).toString('hex'),
        assigned_at: at,
        scored_at: null,
        conflict_reason: null,
        conflict_at: null,
      },
    ]);
  } else {
    await incrementJurorsMissing(trx, work.roundId, work.workId);
  }
  return { taken: true, reassigned: replacement !== undefined };
}

/**
 * A juror's conflict on one work is with its artist: the work and every other work of the same
 * artist the juror holds in the round are taken. Whether the named work was still theirs, and
 * whether all the works taken passed to another juror.
 */
export async function takeArtistWorks(
  trx: Kysely<DB>,
  work: { submission_id: string; work_id: string; competition_id: string; email: string },
  jurorId: string,
  roundId: string,
  reason: string,
  clock: Clock,
): Promise<{ taken: false } | { taken: true; reassigned: boolean }> {
  const base = { roundId, competitionId: work.competition_id, email: work.email, jurorId };
  const first = await takeWorkFromJuror(
    trx,
    { ...base, submissionId: work.submission_id, workId: work.work_id },
    reason,
    clock.now(),
  );
  if (!first.taken) return first;
  let reassigned = first.reassigned;
  const artist = work.email.toLowerCase();
  for (const other of await findMyWorksWithEmail(trx, roundId, jurorId)) {
    if (other.email.toLowerCase() !== artist) continue;
    const more = await takeWorkFromJuror(
      trx,
      { ...base, submissionId: other.submission_id, workId: other.work_id },
      reason,
      clock.now(),
    );
    if (more.taken) reassigned &&= more.reassigned;
  }
  return { taken: true, reassigned };
}
