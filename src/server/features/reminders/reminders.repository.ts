import { type RawBuilder, sql } from 'kysely';
import { notWithdrawn, paymentStateIs } from '../submissions/submissions.service.ts';
import type { RemindersDb } from './reminders.tables.ts';

/** Every query of the reminders feature: who is due one, what was sent, who asked for none. */

/** Not yet sent a reminder of `kind` about `subject` (a column, or an expression of them). */
function notReminded(kind: string, subject: RawBuilder<string>): RawBuilder<boolean> {
  return sql<boolean>`(not exists (select 1 from reminders_sent rs where rs.kind = ${kind} and rs.subject_id = ${subject}))`;
}

/** The address (a column) has not asked for no more reminders; compared lower-cased. */
function notUnsubscribed(address: string): RawBuilder<boolean> {
  return sql<boolean>`(not exists (select 1 from reminder_unsubscribes ru where ru.email = lower(${sql.ref(address)})))`;
}

/**
 * The competitions whose end date is `fromDate` or later, with what their closing instant is
 * made of: few, so the caller picks by instant those whose entries are to be reminded.
 */
export async function findCompetitionsEndingFrom(db: RemindersDb, fromDate: string) {
  return db
    .selectFrom('competitions')
    .select(['id', 'end_date', 'closing_time'])
    .where('end_date', '>=', fromDate)
    .execute();
}

/** An unpaid entry of one of the competitions, with what a reminder about it says. */
function unpaidEntries(db: RemindersDb, kind: string, competitionIds: readonly string[]) {
  return (
    db
      .selectFrom('submissions as s')
      .innerJoin('competitions as c', 'c.id', 's.competition_id')
      .select([
        's.id',
        's.reference',
        's.full_name',
        's.email',
        'c.title as competition_title',
        'c.end_date',
        'c.closing_time',
      ])
      .where('s.competition_id', 'in', competitionIds)
      .where(paymentStateIs('pending', 's'))
      .where(notWithdrawn('s'))
      // A rejected entry is not asked to pay: paying would only buy a refund.
      .where('s.status', '!=', 'rejected')
      .where(notReminded(kind, sql.ref('s.id')))
      .where(notUnsubscribed('s.email'))
  );
}

export type UnpaidEntryRow = Awaited<
  ReturnType<ReturnType<typeof unpaidEntries>['execute']>
>[number];

/**
 * Unpaid entries of the competitions whose latest payment failed at or before `failedBefore`, not
 * yet reminded.
 */
export async function findEntriesWithFailedPayment(
  db: RemindersDb,
  kind: string,
  competitionIds: readonly string[],
  failedBefore: string,
  limit: number,
): Promise<UnpaidEntryRow[]> {
  if (competitionIds.length === 0) return [];
  return unpaidEntries(db, kind, competitionIds)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('payments as p')
          .select('p.payment_id')
          .where('p.submission_id', '=', eb.ref('s.id'))
          .where('p.status', '=', 'failed')
          .where('p.updated_at', '<=', failedBefore),
      ),
    )
    .orderBy('s.created_at')
    .limit(limit)
    .execute();
}

/** Unpaid entries of the competitions made at or before `madeBefore`, not yet reminded. */
export async function findUnpaidEntriesOf(
  db: RemindersDb,
  kind: string,
  competitionIds: readonly string[],
  madeBefore: string,
  limit: number,
): Promise<UnpaidEntryRow[]> {
  if (competitionIds.length === 0) return [];
  return unpaidEntries(db, kind, competitionIds)
    .where('s.created_at', '<=', madeBefore)
    .orderBy('s.created_at')
    .limit(limit)
    .execute();
}

/**
 * Each juror with works still to score (neither scored nor declared a conflict) in an open scored round
 * ending after `now` and at or before `until`, with an address and not yet reminded.
 */
export async function findJurorsBehindInEndingRounds(
  db: RemindersDb,
  kind: string,
  now: string,
  until: string,
  limit: number,
) {
  const subject = sql<string>`${sql.ref('r.id')} || ':' || ${sql.ref('u.id')}`;
  return (
    db
      .selectFrom('jury_assignments as a')
      .innerJoin('jury_rounds as r', 'r.id', 'a.round_id')
      .innerJoin('competitions as c', 'c.id', 'r.competition_id')
      .innerJoin('admin_users as u', 'u.id', 'a.juror_id')
      .select((eb) => [
        'r.id as round_id',
        'r.number as round_number',
        'r.ends_at',
        'c.title as competition_title',
        'u.id as juror_id',
        'u.display_name',
        'u.email',
        eb.fn.countAll<string>().as('unscored'),
      ])
      .where('r.status', '=', 'open')
      // A ranking round is one ballot, not works scored one by one: not reminded (yet).
      .where('r.kind', '=', 'score')
      .where('r.ends_at', '>', now)
      .where('r.ends_at', '<=', until)
      .where('a.scored_at', 'is', null)
      .where('a.conflict_at', 'is', null)
      .where('u.email', 'is not', null)
      .where(notReminded(kind, subject))
      .where(notUnsubscribed('u.email'))
      .groupBy(['r.id', 'r.number', 'r.ends_at', 'c.title', 'u.id', 'u.display_name', 'u.email'])
      .orderBy('r.id')
      .orderBy('u.id')
      .limit(limit)
      .execute()
  );
}

/**
 * Marks the reminder sent, unless a server did already: true only for the one insert that wrote
 * the row (the unique key decides between two servers; on PostgreSQL the second waits for the
 * first's commit, then writes nothing).
 */
export async function insertReminderSent(
  db: RemindersDb,
  row: { kind: string; subject_id: string; sent_at: string },
): Promise<boolean> {
  const written = await db
    .insertInto('reminders_sent')
    .values(row)
    .onConflict((oc) => oc.columns(['kind', 'subject_id']).doNothing())
    .returning('kind')
    .execute();
  return written.length > 0;
}

/** Whether the address asked for no more reminders. */
export async function isUnsubscribed(db: RemindersDb, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('reminder_unsubscribes')
    .select('email')
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

/** Records that the address wants no more reminders (once; asking again changes nothing). */
export async function insertUnsubscribe(db: RemindersDb, email: string, now: string) {
  await db
    .insertInto('reminder_unsubscribes')
    .values({ email: email.toLowerCase(), created_at: now })
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
}
