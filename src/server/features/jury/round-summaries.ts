import type { Kysely } from 'kysely';
import type { RoundSummary } from '../../../shared/schemas/jury.ts';
import type { DB } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { requireCompetition } from './judging.service.ts';
import { findRound, findRounds } from './rounds.repository.ts';

/* A competition's rounds as the admin's screens read them; rounds.service.ts changes them. */

export const ROUND_NOT_FOUND = 'Round not found';

type RoundRow = NonNullable<Awaited<ReturnType<typeof findRound>>>;

function summaryOf(row: RoundRow, entries: number, short: number): RoundSummary {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    kind: row.kind,
    jurorsPerEntry: row.jurors_per_entry,
    entries,
    short,
    openedAt: row.opened_at,
    closedAt: row.closed_at,
    endsAt: row.ends_at,
  };
}

export async function listRounds(db: Kysely<DB>, competitionId: string): Promise<RoundSummary[]> {
  await requireCompetition(db, competitionId);
  const rows = await findRounds(db, competitionId);
  return rows.map((r) => summaryOf(r, Number(r.entries), Number(r.short)));
}

/** The round, if it belongs to the competition: a round id under another competition is a 404. */
export async function requireRound(db: Kysely<DB>, competitionId: string, roundId: string) {
  const round = await findRound(db, roundId);
  if (!round || round.competition_id !== competitionId) throw notFound(ROUND_NOT_FOUND);
  return round;
}

export async function getRoundSummary(db: Kysely<DB>, competitionId: string, roundId: string) {
  await requireRound(db, competitionId, roundId);
  const summary = (await listRounds(db, competitionId)).find((r) => r.id === roundId);
  if (!summary) throw notFound(ROUND_NOT_FOUND);
  return summary;
}
