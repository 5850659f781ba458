import { type Insertable, sql } from 'kysely';
import type {
  JuryAssignmentsTable,
  JuryRoundEntriesTable,
  JuryRoundsTable,
  RoundStatus,
} from '../../db/schema.ts';
import { isPostgres } from '../../db/database.ts';
import { entryFormFields, submissionStatusIs } from '../submissions/submissions.service.ts';
import type { JuryDb } from './jury.tables.ts';

/* Rounds of judging: the round, its entries under their aliases, and who is assigned what. */

/** Rows per insert: well under both engines' limits on bound parameters. */
const CHUNK = 500;

async function insertInChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

const roundColumns = [
  'r.id',
  'r.competition_id',
  'r.number',
  'r.status',
  'r.kind',
  'r.jurors_per_entry',
  'r.opened_at',
  'r.closed_at',
  'r.ends_at',
] as const;

/** Each round with its number of entries and of entries short of jurors. */
export async function findRounds(db: JuryDb, competitionId: string) {
  return db
    .selectFrom('jury_rounds as r')
    .leftJoin('jury_round_entries as e', 'e.round_id', 'r.id')
    .select(roundColumns)
    .select((eb) => [
      eb.fn.count<string>('e.work_id').as('entries'),
      eb.fn.count<string>(eb.case().when('e.jurors_missing', '>', 0).then(1).end()).as('short'),
    ])
    .where('r.competition_id', '=', competitionId)
    .groupBy(roundColumns)
    .orderBy('r.number')
    .execute();
}

export async function findRound(db: JuryDb, roundId: string) {
  return db
    .selectFrom('jury_rounds as r')
    .select(roundColumns)
    .where('r.id', '=', roundId)
    .executeTakeFirst();
}

/**
 * The round's status, held until the transaction ends (PostgreSQL: a share lock, so a close waits
 * for a score being saved, or the save sees the close; SQLite already writes one at a time).
 */
export async function lockRoundStatus(db: JuryDb, roundId: string) {
  let query = db.selectFrom('jury_rounds').select('status').where('id', '=', roundId);
  if (isPostgres(db)) query = query.forShare();
  return (await query.executeTakeFirst())?.status;
}

export async function insertRound(db: JuryDb, row: Insertable<JuryRoundsTable>) {
  await db.insertInto('jury_rounds').values(row).execute();
}

/** Moves a round from one status to the next; false when it was not in `from` (a race lost). */
export async function moveRound(
  db: JuryDb,
  roundId: string,
  from: RoundStatus,
  to: RoundStatus,
  at: string,
): Promise<boolean> {
  const stamp = to === 'open' ? { opened_at: at } : to === 'closed' ? { closed_at: at } : {};
  const result = await db
    .updateTable('jury_rounds')
    .set({ status: to, ...stamp })
    .where('id', '=', roundId)
    .where('status', '=', from)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * The competition's approved entries still standing, oldest first (the works of these are
 * judged): an artist may withdraw an approved entry before the close.
 */
export async function findApprovedEntryIds(db: JuryDb, competitionId: string) {
  const rows = await db
    .selectFrom('submissions')
    .select('id')
    .where('competition_id', '=', competitionId)
    .where(submissionStatusIs('approved'))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Every work of the competition's approved entries, oldest entry first: round 1 scores these. */
export async function findApprovedWorks(db: JuryDb, competitionId: string) {
  return db
    .selectFrom('submissions')
    .innerJoin('entry_works as w', 'w.submission_id', 'submissions.id')
    .select(['submissions.id as submission_id', 'w.id as work_id'])
    .where('submissions.competition_id', '=', competitionId)
    .where(submissionStatusIs('approved'))
    .orderBy('submissions.created_at')
    .orderBy('submissions.id')
    .orderBy('w.position')
    .execute();
}

export async function insertRoundEntries(
  db: JuryDb,
  rows: Insertable<JuryRoundEntriesTable>[],
): Promise<void> {
  await insertInChunks(rows, (chunk) =>
    db.insertInto('jury_round_entries').values(chunk).execute(),
  );
}

/** A round's works with the artist's e-mail, which only the server compares with conflicts. */
export async function findRoundEntryEmails(db: JuryDb, roundId: string) {
  return db
    .selectFrom('jury_round_entries as e')
    .innerJoin('submissions as s', 's.id', 'e.submission_id')
    .select(['e.work_id', 'e.submission_id', 's.email'])
    .where('e.round_id', '=', roundId)
    .execute();
}

/** A round's works, each with its entry. */
export async function findRoundWorks(db: JuryDb, roundId: string) {
  return db
    .selectFrom('jury_round_entries')
    .select(['work_id', 'submission_id'])
    .where('round_id', '=', roundId)
    .execute();
}

export async function findConflictPairs(db: JuryDb, competitionId: string) {
  return db
    .selectFrom('jury_conflicts')
    .select(['juror_id', 'artist_email'])
    .where('competition_id', '=', competitionId)
    .execute();
}

export async function findPanelIds(db: JuryDb, competitionId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('jury_panel')
    .select('juror_id')
    .where('competition_id', '=', competitionId)
    .orderBy('juror_id')
    .execute();
  return rows.map((r) => r.juror_id);
}

export async function countCriteria(db: JuryDb, competitionId: string): Promise<number> {
  const row = await db
    .selectFrom('jury_criteria')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('competition_id', '=', competitionId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertAssignments(
  db: JuryDb,
  rows: Insertable<JuryAssignmentsTable>[],
): Promise<void> {
  await insertInChunks(rows, (chunk) => db.insertInto('jury_assignments').values(chunk).execute());
}

export async function setJurorsMissing(
  db: JuryDb,
  roundId: string,
  workId: string,
  missing: number,
): Promise<void> {
  await db
    .updateTable('jury_round_entries')
    .set({ jurors_missing: missing })
    .where('round_id', '=', roundId)
    .where('work_id', '=', workId)
    .execute();
}

/** Per juror of the round: works assigned (without those they declared a conflict on), done. */
export async function findProgress(db: JuryDb, roundId: string) {
  return db
    .selectFrom('jury_assignments as a')
    .innerJoin('admin_users as u', 'u.id', 'a.juror_id')
    .select(['a.juror_id', 'u.display_name', 'u.username', 'u.email'])
    .select((eb) => [
      eb.fn.count<string>(eb.case().when('a.conflict_at', 'is', null).then(1).end()).as('assigned'),
      eb.fn
        .count<string>(
          eb
            .case()
            .when(eb.and([eb('a.conflict_at', 'is', null), eb('a.scored_at', 'is not', null)]))
            .then(1)
            .end(),
        )
        .as('done'),
      eb.fn.count<string>('a.conflict_at').as('conflicts'),
      eb.fn.max('a.scored_at').as('last_active_at'),
    ])
    .where('a.round_id', '=', roundId)
    .groupBy(['a.juror_id', 'u.display_name', 'u.username', 'u.email'])
    .orderBy('u.display_name')
    .orderBy('u.username')
    .execute();
}

/** Every score of the round, for the standings and the CSV. */
export async function findRoundScores(db: JuryDb, roundId: string) {
  return db
    .selectFrom('jury_scores')
    .select(['work_id', 'juror_id', 'criterion_id', 'score'])
    .where('round_id', '=', roundId)
    .execute();
}

/**
 * The round's works for the admin: alias, reference, answers (for the title), jurors missing,
 * and when each was entered (a ranking's tie-break).
 */
export async function findRoundEntries(db: JuryDb, roundId: string) {
  return db
    .selectFrom('jury_round_entries as e')
    .innerJoin('submissions as s', 's.id', 'e.submission_id')
    .innerJoin('entry_works as w', 'w.id', 'e.work_id')
    .leftJoin('categories as c', 'c.id', 's.category_id')
    .select([
      'e.submission_id',
      'e.work_id',
      'e.alias',
      'e.jurors_missing',
      's.id',
      's.reference',
      's.created_at',
      's.field_values',
      'w.field_values as work_values',
      entryFormFields('s', 'c'),
    ])
    .where('e.round_id', '=', roundId)
    .orderBy('e.alias')
    .execute();
}

export async function findDeclaredConflicts(db: JuryDb, roundId: string) {
  return db
    .selectFrom('jury_assignments as a')
    .innerJoin('jury_round_entries as e', (join) =>
      join.onRef('e.round_id', '=', 'a.round_id').onRef('e.work_id', '=', 'a.work_id'),
    )
    .innerJoin('submissions as s', 's.id', 'a.submission_id')
    .innerJoin('admin_users as u', 'u.id', 'a.juror_id')
    .select([
      'e.alias',
      's.reference',
      'u.display_name',
      'u.username',
      'a.conflict_reason',
      'a.conflict_at',
    ])
    .where('a.round_id', '=', roundId)
    .where('a.conflict_at', 'is not', null)
    .orderBy('a.conflict_at')
    .execute();
}

/** The highest round number of the competition so far (0 when none). */
export async function findLastRound(db: JuryDb, competitionId: string) {
  return db
    .selectFrom('jury_rounds')
    .select(['id', 'number', 'status'])
    .where('competition_id', '=', competitionId)
    .orderBy('number', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Rounds of the competition not yet closed (at most one at a time). */
export async function countUnclosedRounds(db: JuryDb, competitionId: string): Promise<number> {
  const row = await db
    .selectFrom('jury_rounds')
    .select(sql<string>`count(*)`.as('n'))
    .where('competition_id', '=', competitionId)
    .where('status', '!=', 'closed')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
