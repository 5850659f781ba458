import type { JuryDb } from './jury.tables.ts';
import { entryFormFields } from '../submissions/submissions.service.ts';

/*
 * What a juror reads and writes: only rows of their own assignments, each query filtered by the
 * juror's id, so another juror's work or score cannot be named into view.
 */

/** The rounds a juror has works in (not drafts: those have no assignments yet). */
export async function findJurorRounds(db: JuryDb, jurorId: string) {
  return db
    .selectFrom('jury_assignments as a')
    .innerJoin('jury_rounds as r', 'r.id', 'a.round_id')
    .innerJoin('competitions as c', 'c.id', 'r.competition_id')
    .select(['r.id', 'r.number', 'r.status', 'r.kind', 'r.opened_at', 'r.ends_at', 'c.title'])
    .select((eb) => [
      eb.fn.countAll<string>().as('assigned'),
      eb.fn.count<string>('a.scored_at').as('done'),
    ])
    .where('a.juror_id', '=', jurorId)
    .where('a.conflict_at', 'is', null)
    .groupBy(['r.id', 'r.number', 'r.status', 'r.kind', 'r.opened_at', 'r.ends_at', 'c.title'])
    .orderBy('r.opened_at', 'desc')
    .execute();
}

const mine = (db: JuryDb, roundId: string, jurorId: string) =>
  db
    .selectFrom('jury_assignments as a')
    .innerJoin('jury_round_entries as e', (join) =>
      join.onRef('e.round_id', '=', 'a.round_id').onRef('e.work_id', '=', 'a.work_id'),
    )
    .where('a.round_id', '=', roundId)
    .where('a.juror_id', '=', jurorId)
    .where('a.conflict_at', 'is', null);

/** The juror's first work in their order, or with `unscored` the first not yet scored. */
export async function findFirstWork(
  db: JuryDb,
  roundId: string,
  jurorId: string,
  { unscored }: { unscored: boolean },
) {
  let query = mine(db, roundId, jurorId).select('e.alias');
  if (unscored) query = query.where('a.scored_at', 'is', null);
  const row = await query.orderBy('a.order_key').limit(1).executeTakeFirst();
  return row?.alias ?? null;
}

/** The juror's works in a round, by alias, and their saved ranking there (JSON), if any. */
export async function findMyBallot(db: JuryDb, roundId: string, jurorId: string) {
  const [aliases, ballot] = await Promise.all([
    mine(db, roundId, jurorId).select('e.alias').execute(),
    db
      .selectFrom('jury_ballots')
      .select('ranking')
      .where('round_id', '=', roundId)
      .where('juror_id', '=', jurorId)
      .executeTakeFirst(),
  ]);
  return { aliases: aliases.map((r) => r.alias), ranking: ballot?.ranking };
}

/**
 * One of the juror's works by its alias, with the round and the entry's stored answers. From the
 * alias (one row by its unique index) to the juror's assignment by its key: never a scan of the
 * juror's works.
 */
export async function findMyWork(db: JuryDb, roundId: string, jurorId: string, alias: string) {
  return db
    .selectFrom('jury_round_entries as e')
    .innerJoin('jury_assignments as a', (join) =>
      join
        .onRef('a.round_id', '=', 'e.round_id')
        .onRef('a.work_id', '=', 'e.work_id')
        .on('a.juror_id', '=', jurorId),
    )
    .innerJoin('jury_rounds as r', 'r.id', 'a.round_id')
    .innerJoin('submissions as s', 's.id', 'a.submission_id')
    .innerJoin('entry_works as w', 'w.id', 'a.work_id')
    .leftJoin('categories as c', 'c.id', 's.category_id')
    .select([
      'a.submission_id',
      'a.work_id',
      'w.position as work_position',
      'a.order_key',
      'a.comment',
      'a.feedback',
      'a.scored_at',
      'e.alias',
      'r.status',
      'r.competition_id',
      's.id',
      's.email',
      's.field_values',
      'w.field_values as work_values',
      entryFormFields('s', 'c'),
    ])
    .where('e.round_id', '=', roundId)
    .where('e.alias', '=', alias)
    .where('a.conflict_at', 'is', null)
    .executeTakeFirst();
}

/** Where a work sits in the juror's order: its number, the total, how many are done, its neighbours. */
export async function findPlaceInOrder(
  db: JuryDb,
  roundId: string,
  jurorId: string,
  orderKey: string,
) {
  // The counts need no alias: the juror's assignments alone, by their index.
  const counts = await db
    .selectFrom('jury_assignments as a')
    .where('a.round_id', '=', roundId)
    .where('a.juror_id', '=', jurorId)
    .where('a.conflict_at', 'is', null)
    .select((eb) => [
      eb.fn.countAll<string>().as('total'),
      eb.fn.count<string>('a.scored_at').as('done'),
      eb.fn.count<string>(eb.case().when('a.order_key', '<', orderKey).then(1).end()).as('before'),
    ])
    .executeTakeFirstOrThrow();
  const previous = await mine(db, roundId, jurorId)
    .select('e.alias')
    .where('a.order_key', '<', orderKey)
    .orderBy('a.order_key', 'desc')
    .limit(1)
    .executeTakeFirst();
  const next = await mine(db, roundId, jurorId)
    .select('e.alias')
    .where('a.order_key', '>', orderKey)
    .orderBy('a.order_key')
    .limit(1)
    .executeTakeFirst();
  return {
    total: Number(counts.total),
    done: Number(counts.done),
    position: Number(counts.before) + 1,
    previousAlias: previous?.alias ?? null,
    nextAlias: next?.alias ?? null,
  };
}

export async function findMyScores(db: JuryDb, roundId: string, jurorId: string, workId: string) {
  return db
    .selectFrom('jury_scores')
    .select(['criterion_id', 'score'])
    .where('round_id', '=', roundId)
    .where('juror_id', '=', jurorId)
    .where('work_id', '=', workId)
    .execute();
}

/** A juror's assignment: the entry is written with a score, the work is the key. */
type Key = { round_id: string; juror_id: string; submission_id: string; work_id: string };

/** Replaces the juror's score sheet for one work; a repeated save leaves the same rows. */
export async function replaceScores(
  db: JuryDb,
  key: Key,
  scores: { criterion_id: string; score: number }[],
): Promise<void> {
  const criteria = scores.map((s) => s.criterion_id);
  let stale = db
    .deleteFrom('jury_scores')
    .where('round_id', '=', key.round_id)
    .where('juror_id', '=', key.juror_id)
    .where('work_id', '=', key.work_id);
  if (criteria.length > 0) stale = stale.where('criterion_id', 'not in', criteria);
  await stale.execute();
  for (const s of scores) {
    await db
      .insertInto('jury_scores')
      .values({ ...key, ...s })
      .onConflict((oc) =>
        oc
          .columns(['round_id', 'work_id', 'juror_id', 'criterion_id'])
          .doUpdateSet({ score: s.score }),
      )
      .execute();
  }
}

export async function deleteScores(db: JuryDb, key: Key): Promise<void> {
  await db
    .deleteFrom('jury_scores')
    .where('round_id', '=', key.round_id)
    .where('juror_id', '=', key.juror_id)
    .where('work_id', '=', key.work_id)
    .execute();
}

/** Updates the juror's own assignment while it is theirs; false once a conflict took it away. */
export async function updateMyAssignment(
  db: JuryDb,
  key: Key,
  patch: {
    comment?: string;
    feedback?: string;
    scored_at?: string;
    conflict_reason?: string;
    conflict_at?: string;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('jury_assignments')
    .set(patch)
    .where('round_id', '=', key.round_id)
    .where('juror_id', '=', key.juror_id)
    .where('work_id', '=', key.work_id)
    .where('conflict_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Every juror ever assigned the work in the round, those who declared a conflict included. */
export async function findEntryJurors(db: JuryDb, roundId: string, workId: string) {
  const rows = await db
    .selectFrom('jury_assignments')
    .select('juror_id')
    .where('round_id', '=', roundId)
    .where('work_id', '=', workId)
    .execute();
  return rows.map((r) => r.juror_id);
}

/** Each panel juror's current load in the round (works without a declared conflict). */
export async function findLoads(db: JuryDb, roundId: string, competitionId: string) {
  return db
    .selectFrom('jury_panel as p')
    .leftJoin('jury_assignments as a', (join) =>
      join
        .onRef('a.juror_id', '=', 'p.juror_id')
        .on('a.round_id', '=', roundId)
        .on('a.conflict_at', 'is', null),
    )
    .select(['p.juror_id'])
    .select((eb) => eb.fn.count<string>('a.work_id').as('load'))
    .where('p.competition_id', '=', competitionId)
    .groupBy('p.juror_id')
    .orderBy('p.juror_id')
    .execute();
}

/** The jurors the admin declared in conflict with this artist. */
export async function findJurorsInConflictWith(
  db: JuryDb,
  competitionId: string,
  email: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('jury_conflicts')
    .select('juror_id')
    .where('competition_id', '=', competitionId)
    .where('artist_email', '=', email.toLowerCase())
    .execute();
  return rows.map((r) => r.juror_id);
}

export async function incrementJurorsMissing(
  db: JuryDb,
  roundId: string,
  workId: string,
): Promise<void> {
  await db
    .updateTable('jury_round_entries')
    .set((eb) => ({ jurors_missing: eb('jurors_missing', '+', 1) }))
    .where('round_id', '=', roundId)
    .where('work_id', '=', workId)
    .execute();
}

/** The juror's works of the round still theirs, with each one's artist e-mail. */
export async function findMyWorksWithEmail(db: JuryDb, roundId: string, jurorId: string) {
  return db
    .selectFrom('jury_assignments as a')
    .innerJoin('submissions as s', 's.id', 'a.submission_id')
    .select(['a.submission_id', 'a.work_id', 's.email'])
    .where('a.round_id', '=', roundId)
    .where('a.juror_id', '=', jurorId)
    .where('a.conflict_at', 'is', null)
    .execute();
}
