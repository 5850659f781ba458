import type { Insertable } from 'kysely';
import type { JuryCriteriaTable } from '../../db/schema.ts';
import type { JuryDb } from './jury.tables.ts';

/* A competition's judging set-up: its criteria, panel, jurors per entry and declared conflicts. */

export async function findCompetitionTitle(db: JuryDb, competitionId: string) {
  const row = await db
    .selectFrom('competitions')
    .select('title')
    .where('id', '=', competitionId)
    .executeTakeFirst();
  return row?.title;
}

export async function findSetup(db: JuryDb, competitionId: string) {
  return db
    .selectFrom('jury_setups')
    .select(['jurors_per_entry', 'publish_jury'])
    .where('competition_id', '=', competitionId)
    .executeTakeFirst();
}

export async function upsertSetup(
  db: JuryDb,
  row: {
    competition_id: string;
    jurors_per_entry: number;
    publish_jury: number;
    updated_at: string;
  },
): Promise<void> {
  await db
    .insertInto('jury_setups')
    .values(row)
    .onConflict((oc) =>
      oc.column('competition_id').doUpdateSet({
        jurors_per_entry: row.jurors_per_entry,
        publish_jury: row.publish_jury,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

export async function findCriteria(db: JuryDb, competitionId: string) {
  return db
    .selectFrom('jury_criteria')
    .selectAll()
    .where('competition_id', '=', competitionId)
    .orderBy('position')
    .execute();
}

export async function deleteCriteriaExcept(
  db: JuryDb,
  competitionId: string,
  keep: string[],
): Promise<void> {
  let query = db.deleteFrom('jury_criteria').where('competition_id', '=', competitionId);
  if (keep.length > 0) query = query.where('id', 'not in', keep);
  await query.execute();
}

export async function upsertCriterion(
  db: JuryDb,
  row: Insertable<JuryCriteriaTable>,
): Promise<void> {
  await db
    .insertInto('jury_criteria')
    .values(row)
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({
        position: row.position,
        name: row.name,
        description: row.description,
        weight: row.weight,
        scale_min: row.scale_min,
        scale_max: row.scale_max,
        required: row.required,
      }),
    )
    .execute();
}

/** The panel's jurors, by name. */
export async function findPanel(db: JuryDb, competitionId: string) {
  return db
    .selectFrom('jury_panel as p')
    .innerJoin('admin_users as u', 'u.id', 'p.juror_id')
    .select(['u.id', 'u.username', 'u.display_name', 'u.email'])
    .where('p.competition_id', '=', competitionId)
    .orderBy('u.display_name')
    .orderBy('u.username')
    .execute();
}

export async function replacePanel(
  db: JuryDb,
  competitionId: string,
  jurorIds: string[],
): Promise<void> {
  await db.deleteFrom('jury_panel').where('competition_id', '=', competitionId).execute();
  if (jurorIds.length === 0) return;
  await db
    .insertInto('jury_panel')
    .values(jurorIds.map((juror_id) => ({ competition_id: competitionId, juror_id })))
    .execute();
}

/** Which of `ids` are jurors' accounts. */
export async function findJurorIds(db: JuryDb, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('admin_users')
    .select('id')
    .where('role', '=', 'juror')
    .where('id', 'in', ids)
    .execute();
  return rows.map((r) => r.id);
}

export async function findConflicts(db: JuryDb, competitionId: string) {
  return db
    .selectFrom('jury_conflicts as c')
    .innerJoin('admin_users as u', 'u.id', 'c.juror_id')
    .select(['c.id', 'c.juror_id', 'c.artist_email', 'u.display_name', 'u.username'])
    .where('c.competition_id', '=', competitionId)
    .orderBy('c.created_at')
    .execute();
}

/**
 * A juror's works in the competition's open rounds, still theirs, with the artist's e-mail: what
 * a conflict declared now takes from them.
 */
export async function findOpenWorksOfJuror(db: JuryDb, competitionId: string, jurorId: string) {
  return db
    .selectFrom('jury_assignments as a')
    .innerJoin('jury_rounds as r', 'r.id', 'a.round_id')
    .innerJoin('jury_round_entries as e', (join) =>
      join.onRef('e.round_id', '=', 'a.round_id').onRef('e.work_id', '=', 'a.work_id'),
    )
    .innerJoin('submissions as s', 's.id', 'a.submission_id')
    .select(['a.round_id', 'a.submission_id', 'a.work_id', 'r.number', 'e.alias', 's.email'])
    .where('r.competition_id', '=', competitionId)
    .where('r.status', '=', 'open')
    .where('a.juror_id', '=', jurorId)
    .where('a.conflict_at', 'is', null)
    .orderBy('r.number')
    .orderBy('e.alias')
    .execute();
}

/** False when the same conflict is already declared. */
export async function insertConflict(
  db: JuryDb,
  row: {
    id: string;
    competition_id: string;
    juror_id: string;
    artist_email: string;
    created_at: string;
  },
): Promise<boolean> {
  const inserted = await db
    .insertInto('jury_conflicts')
    .values(row)
    .onConflict((oc) => oc.columns(['competition_id', 'juror_id', 'artist_email']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function deleteConflict(
  db: JuryDb,
  competitionId: string,
  id: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('jury_conflicts')
    .where('competition_id', '=', competitionId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Whether any round of the competition has opened: its criteria are then fixed. */
export async function hasOpenedRound(db: JuryDb, competitionId: string): Promise<boolean> {
  const row = await db
    .selectFrom('jury_rounds')
    .select('id')
    .where('competition_id', '=', competitionId)
    .where('status', '!=', 'draft')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
