import type { ResultsDb } from './results.tables.ts';

/* Ranking ballots: a juror's works in a ranking round, their ballot, and every ballot for the count. */

/** The round, if the juror has a work in it (declared conflicts aside). */
export async function findJurorRound(db: ResultsDb, roundId: string, jurorId: string) {
  return db
    .selectFrom('jury_rounds as r')
    .select(['r.id', 'r.competition_id', 'r.number', 'r.status', 'r.kind'])
    .where('r.id', '=', roundId)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('jury_assignments as a')
          .select('a.round_id')
          .whereRef('a.round_id', '=', 'r.id')
          .where('a.juror_id', '=', jurorId)
          .where('a.conflict_at', 'is', null),
      ),
    )
    .executeTakeFirst();
}

/** The juror's works in the round, by alias, in their own stable order. */
export async function findJurorAliases(
  db: ResultsDb,
  roundId: string,
  jurorId: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('jury_assignments as a')
    .innerJoin('jury_round_entries as e', (join) =>
      join.onRef('e.round_id', '=', 'a.round_id').onRef('e.work_id', '=', 'a.work_id'),
    )
    .select('e.alias')
    .where('a.round_id', '=', roundId)
    .where('a.juror_id', '=', jurorId)
    .where('a.conflict_at', 'is', null)
    .orderBy('a.order_key')
    .orderBy('e.alias')
    .execute();
  return rows.map((r) => r.alias);
}

export async function findBallot(db: ResultsDb, roundId: string, jurorId: string) {
  return db
    .selectFrom('jury_ballots')
    .select('ranking')
    .where('round_id', '=', roundId)
    .where('juror_id', '=', jurorId)
    .executeTakeFirst();
}

export async function findBallots(db: ResultsDb, roundId: string) {
  return db
    .selectFrom('jury_ballots')
    .select(['juror_id', 'ranking'])
    .where('round_id', '=', roundId)
    .orderBy('juror_id')
    .execute();
}

/** Each juror's works in the round they may judge (a conflict, theirs or the admin's, aside). */
export async function findJudgedWorks(db: ResultsDb, roundId: string) {
  return db
    .selectFrom('jury_assignments')
    .select(['juror_id', 'work_id'])
    .where('round_id', '=', roundId)
    .where('conflict_at', 'is', null)
    .execute();
}

/** One row per juror and round: saving again replaces the ranking. */
export async function upsertBallot(
  db: ResultsDb,
  row: { round_id: string; juror_id: string; ranking: string; updated_at: string },
): Promise<void> {
  await db
    .insertInto('jury_ballots')
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(['round_id', 'juror_id'])
        .doUpdateSet({ ranking: row.ranking, updated_at: row.updated_at }),
    )
    .execute();
}
