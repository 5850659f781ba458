import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { NewRoundSchema, RoundSummary } from '../../../shared/schemas/jury.ts';
import type { DB } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { AppError, invalidField } from '../../errors.ts';
import { type AuditActor, auditEntriesOf, recordAudit } from '../audit/audit.service.ts';
import { assignJurors, conflictKey } from './assignment.ts';
import { findSetup } from './judging.repository.ts';
import { requireCompetition } from './judging.service.ts';
import { roundStandings } from './round-results.ts';
import { getRoundSummary, requireRound } from './round-summaries.ts';
import {
  countCriteria,
  countUnclosedRounds,
  findApprovedWorks,
  findConflictPairs,
  findLastRound,
  findPanelIds,
  findRoundEntryEmails,
  findRoundWorks,
  insertAssignments,
  insertRound,
  insertRoundEntries,
  moveRound,
  setJurorsMissing,
} from './rounds.repository.ts';
import { topK } from './standings.ts';

/*
 * A competition's rounds: created as a draft (round 1 with the approved entries, a later one with
 * the shortlist of the round before), opened (each entry assigned to its jurors), closed.
 */

const audit = auditEntriesOf('jury_round');

/**
 * 'W007': all the round's works numbered in one uniform shuffle (of works, not entries), so an
 * alias tells neither when the artist entered nor that two works share an artist.
 */
function aliasesFor(workIds: string[]): Map<string, string> {
  const shuffled = [...workIds];
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [shuffled[i], shuffled[j]] = [shuffled[j] as string, shuffled[i] as string];
  }
  const width = Math.max(3, String(shuffled.length).length);
  return new Map(shuffled.map((id, i) => [id, `W${String(i + 1).padStart(width, '0')}`]));
}

type RoundWork = { work_id: string; submission_id: string };

/**
 * The works a new round judges: every work of the approved entries first, then the works of the
 * last round's shortlist (the shortlist names works: a work passes on by itself).
 */
async function entriesOfNewRound(
  db: Kysely<DB>,
  competitionId: string,
  input: z.output<typeof NewRoundSchema>,
  last: Awaited<ReturnType<typeof findLastRound>>,
): Promise<RoundWork[]> {
  if (!last) {
    const approved = await findApprovedWorks(db, competitionId);
    if (approved.length === 0) {
      throw new AppError(400, 'NO_ENTRIES', 'There are no approved entries to judge yet.');
    }
    return approved;
  }
  if (last.status !== 'closed') {
    throw new AppError(409, 'ROUND_NOT_CLOSED', `Close round ${last.number} first.`);
  }
  const shortlist = input.shortlist;
  if (!shortlist) {
    throw invalidField('shortlist', `Choose the entries of round ${last.number} to carry over.`);
  }
  const works = await findRoundWorks(db, last.id);
  const previous = new Map(works.map((w) => [w.work_id, w]));
  // A work's id carries that work; an entry's id carries all its works of the last round.
  const carriedBy = (id: string) => {
    const work = previous.get(id);
    return work ? [work] : works.filter((w) => w.submission_id === id);
  };
  const carried = (ids: string[]) => [...new Set(ids.flatMap(carriedBy))];
  if ('entries' in shortlist) {
    const picked = [...new Set(shortlist.entries)];
    if (picked.some((id) => carriedBy(id).length === 0)) {
      throw invalidField('shortlist', `Every entry carried over must be in round ${last.number}.`);
    }
    return carried(picked);
  }
  const ranked = topK(
    await roundStandings(db, competitionId, last.id),
    shortlist.top,
    shortlist.by,
  );
  if (ranked.length === 0) {
    throw invalidField('shortlist', `No entry of round ${last.number} has been scored.`);
  }
  return carried(ranked);
}

/** A draft round; at most one round of a competition is not closed. */
export async function createRound(
  deps: Pick<Deps, 'db' | 'clock'>,
  competitionId: string,
  input: z.output<typeof NewRoundSchema>,
  admin: AuditActor,
): Promise<RoundSummary> {
  const { db } = deps;
  await requireCompetition(db, competitionId);
  const id = randomUUID();
  const now = deps.clock.now().toISOString();
  await db.transaction().execute(async (trx) => {
    if ((await countUnclosedRounds(trx, competitionId)) > 0) {
      throw new AppError(409, 'ROUND_IN_PROGRESS', 'Close the current round first.');
    }
    const last = await findLastRound(trx, competitionId);
    if (input.kind === 'ranking' && last?.status !== 'closed') {
      throw invalidField('kind', 'A ranking round ranks the shortlist of a closed round.');
    }
    const entries = await entriesOfNewRound(trx, competitionId, input, last);
    const setup = await findSetup(trx, competitionId);
    const number = (last?.number ?? 0) + 1;
    await insertRound(trx, {
      id,
      competition_id: competitionId,
      number,
      status: 'draft',
      kind: input.kind ?? 'score',
      jurors_per_entry: setup?.jurors_per_entry ?? 2,
      created_at: now,
      opened_at: null,
      closed_at: null,
    });
    const aliases = aliasesFor(entries.map((w) => w.work_id));
    await insertRoundEntries(
      trx,
      entries.map(({ submission_id, work_id }) => ({
        round_id: id,
        submission_id,
        work_id,
        alias: aliases.get(work_id) ?? work_id,
      })),
    );
    await recordAudit(
      trx,
      audit(admin, 'jury.round-create', id, { number, entries: entries.length }),
      deps.clock.now(),
    );
  });
  return getRoundSummary(db, competitionId, id);
}

/** A change an admin makes to one round of a competition, answered with the round as it now is. */
type RoundChange = (
  deps: Pick<Deps, 'db' | 'clock'>,
  competitionId: string,
  roundId: string,
  admin: AuditActor,
) => Promise<RoundSummary>;

/**
 * Opens a draft round: every entry gets the set-up's N jurors of the panel, balanced, never a
 * juror in conflict with its artist; an entry with too few left is marked short, never hidden.
 */
export const openRound: RoundChange = async (deps, competitionId, roundId, admin) => {
  const { db } = deps;
  const round = await requireRound(db, competitionId, roundId);
  if (round.status !== 'draft') {
    throw new AppError(409, 'ROUND_NOT_DRAFT', `Round ${round.number} has already been opened.`);
  }
  // A ranking round asks for an order, not scores: it needs no criteria.
  if (round.kind !== 'ranking' && (await countCriteria(db, competitionId)) === 0) {
    throw new AppError(400, 'NO_CRITERIA', 'Add at least one criterion before opening a round.');
  }
  const panel = await findPanelIds(db, competitionId);
  // A ranking ballot orders the whole shortlist: every panel juror free of conflict gets each
  // entry.
  const perEntry =
    round.kind === 'ranking'
      ? panel.length
      : ((await findSetup(db, competitionId))?.jurors_per_entry ?? 2);
  if (panel.length < perEntry) {
    throw new AppError(
      400,
      'PANEL_TOO_SMALL',
      `Each entry needs ${perEntry} jurors but the panel has ${panel.length}. Add jurors or lower the number per entry.`,
    );
  }
  const entries = await findRoundEntryEmails(db, roundId);
  const byEmail = new Map<string, string[]>();
  for (const pair of await findConflictPairs(db, competitionId)) {
    byEmail.set(pair.artist_email, [...(byEmail.get(pair.artist_email) ?? []), pair.juror_id]);
  }
  const conflicts = new Set(
    entries.flatMap((e) =>
      (byEmail.get(e.email.toLowerCase()) ?? []).map((juror) => conflictKey(juror, e.work_id)),
    ),
  );
  const assignment = assignJurors({
    entries: entries.map((e) => e.work_id),
    jurors: panel,
    perEntry,
    conflicts,
  });
  const entryOf = new Map(entries.map((e) => [e.work_id, e.submission_id]));
  const now = deps.clock.now().toISOString();
  await db.transaction().execute(async (trx) => {
    if (!(await moveRound(trx, roundId, 'draft', 'open', now))) {
      throw new AppError(409, 'ROUND_NOT_DRAFT', `Round ${round.number} has already been opened.`);
    }
    await insertAssignments(
      trx,
      [...assignment.byEntry].flatMap(([work_id, jurors]) =>
        jurors.map((juror_id) => ({
          round_id: roundId,
          submission_id: entryOf.get(work_id) ?? work_id,
          work_id,
          juror_id,
          order_key: randomBytes(8).toString('hex'),
          assigned_at: now,
          scored_at: null,
          conflict_reason: null,
          conflict_at: null,
        })),
      ),
    );
    for (const [workId, missing] of assignment.short) {
      await setJurorsMissing(trx, roundId, workId, missing);
    }
    await recordAudit(
      trx,
      audit(admin, 'jury.round-open', roundId, {
        number: round.number,
        entries: entries.length,
        jurorsPerEntry: perEntry,
        short: assignment.short.size,
      }),
      deps.clock.now(),
    );
  });
  return getRoundSummary(db, competitionId, roundId);
};

/** Closes an open round: its scores are final. */
export const closeRound: RoundChange = async (deps, competitionId, roundId, admin) => {
  const { db } = deps;
  const round = await requireRound(db, competitionId, roundId);
  await db.transaction().execute(async (trx) => {
    if (!(await moveRound(trx, roundId, 'open', 'closed', deps.clock.now().toISOString()))) {
      throw new AppError(409, 'ROUND_NOT_OPEN', `Round ${round.number} is not open.`);
    }
    await recordAudit(
      trx,
      audit(admin, 'jury.round-close', roundId, { number: round.number }),
      deps.clock.now(),
    );
  });
  return getRoundSummary(db, competitionId, roundId);
};
