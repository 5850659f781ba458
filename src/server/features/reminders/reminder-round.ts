import type { Kysely } from 'kysely';
import {
  addDays,
  closingInstant,
  formatClosing,
  todayIn,
} from '../../../shared/domain/competition-status.ts';
import type { EmailTemplateKind } from '../../../shared/schemas/email-template.ts';
import { PAGE_PATHS } from '../../../shared/page-paths.ts';
import type { DB } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { createPeriodicJob, type PeriodicJob } from '../../jobs/periodic-job.ts';
import { currentTemplate, queueEmail, reminderEmail } from '../mail/mail.service.ts';
import { issueEntryLink } from '../submissions/submissions.service.ts';
import {
  findCompetitionsEndingFrom,
  findEntriesWithFailedPayment,
  findJurorsBehindInEndingRounds,
  findUnpaidEntriesOf,
  insertReminderSent,
  type UnpaidEntryRow,
} from './reminders.repository.ts';
import { unsubscribeHeaders, unsubscribeLinkOf } from './unsubscribe-links.ts';

/*
 * Every few minutes, the reminders that are due: an unpaid entry whose payment failed, an unpaid
 * entry a day before its competition closes, a juror with works to score a day before the round
 * ends. Each is sent once: its row in reminders_sent and its outbox message are written in one
 * transaction, and the table's unique key lets only one of several servers write it.
 */

export const REMINDER_INTERVAL_MS = 5 * 60 * 1000;
/** How long before the close (or a round's end) the last reminder goes. */
export const REMIND_BEFORE_MS = 24 * 60 * 60 * 1000;
/** A failed payment is left this long first: the artist may be trying again already. */
export const AFTER_FAILURE_MS = 30 * 60 * 1000;
/** An entry this new is not reminded before the close: its artist may be paying right now. */
const NEW_ENTRY_MS = 60 * 60 * 1000;
/** The most reminders of each kind a round sends; the next round takes the rest. */
const BATCH = 200;

export const PAYMENT_FAILED_REMINDER = 'reminder-payment-failed';
export const BEFORE_CLOSE_REMINDER = 'reminder-before-close';
export const JURY_ROUND_REMINDER = 'reminder-jury-round';

export type ReminderDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'settings' | 'entryTokens'> & {
  outbox: Pick<Deps['outbox'], 'wake'>;
};

interface Reminder {
  kind: EmailTemplateKind;
  subjectId: string;
  submissionId: string | null;
  to: string;
  values: Record<string, string>;
}

/**
 * Queues one reminder unless it was sent already (by this server or another): true when this
 * call queued it. The row first: a second server's insert waits for the first's commit and then
 * writes nothing, so neither its message nor its row is written.
 */
async function sendOnce(deps: ReminderDeps, reminder: Reminder, now: Date): Promise<boolean> {
  const unsubscribeLink = await unsubscribeLinkOf(deps, reminder.to);
  return deps.db.transaction().execute(async (trx) => {
    const stamp = now.toISOString();
    const row = { kind: reminder.kind, subject_id: reminder.subjectId, sent_at: stamp };
    if (!(await insertReminderSent(trx, row))) return false;
    const template = await currentTemplate(trx as Kysely<DB>, reminder.kind);
    const email = reminderEmail(template, { ...reminder.values, unsubscribeLink });
    await queueEmail(
      trx,
      {
        kind: reminder.kind,
        submissionId: reminder.submissionId,
        to: reminder.to,
        ...email,
        headers: unsubscribeHeaders(unsubscribeLink),
      },
      now,
    );
    return true;
  });
}

async function artistReminder(
  deps: ReminderDeps,
  kind: EmailTemplateKind,
  row: UnpaidEntryRow,
  closesAt: Date,
  site: { title: string; timeZone: string },
): Promise<Reminder> {
  return {
    kind,
    subjectId: row.id,
    submissionId: row.id,
    to: row.email,
    values: {
      name: row.full_name,
      competition: row.competition_title,
      reference: row.reference,
      entryLink: await issueEntryLink(deps, row.id),
      siteTitle: site.title,
      closes: formatClosing(closesAt, site.timeZone),
    },
  };
}

/** The reminders due at `now`, of each kind, before the close and the round's end. */
async function dueReminders(deps: ReminderDeps, now: Date): Promise<Reminder[]> {
  const site = await deps.settings.getSettings();
  const closesAtOf = (row: { end_date: string; closing_time: string | null }) =>
    closingInstant(row.end_date, row.closing_time, site.timeZone);
  const due: Reminder[] = [];

  // Competitions still taking entries, picked by their closing instant before any entry is read:
  // the entries of closed ones (never reminded, so never marked) must not fill a batch forever.
  // A day before today is wide enough for any time zone.
  const open = (await findCompetitionsEndingFrom(deps.db, addDays(todayIn(site.timeZone, now), -1)))
    .map((competition) => ({ id: competition.id, closesAt: closesAtOf(competition) }))
    .filter(({ closesAt }) => now < closesAt);
  const closingSoon = open.filter(
    ({ closesAt }) => closesAt.getTime() - now.getTime() <= REMIND_BEFORE_MS,
  );

  const failedBefore = new Date(now.getTime() - AFTER_FAILURE_MS).toISOString();
  for (const row of await findEntriesWithFailedPayment(
    deps.db,
    PAYMENT_FAILED_REMINDER,
    open.map(({ id }) => id),
    failedBefore,
    BATCH,
  )) {
    due.push(await artistReminder(deps, PAYMENT_FAILED_REMINDER, row, closesAtOf(row), site));
  }

  const madeBefore = new Date(now.getTime() - NEW_ENTRY_MS).toISOString();
  for (const row of await findUnpaidEntriesOf(
    deps.db,
    BEFORE_CLOSE_REMINDER,
    closingSoon.map(({ id }) => id),
    madeBefore,
    BATCH,
  )) {
    due.push(await artistReminder(deps, BEFORE_CLOSE_REMINDER, row, closesAtOf(row), site));
  }

  const until = new Date(now.getTime() + REMIND_BEFORE_MS).toISOString();
  for (const row of await findJurorsBehindInEndingRounds(
    deps.db,
    JURY_ROUND_REMINDER,
    now.toISOString(),
    until,
    BATCH,
  )) {
    due.push({
      kind: JURY_ROUND_REMINDER,
      subjectId: `${row.round_id}:${row.juror_id}`,
      submissionId: null,
      to: row.email as string,
      values: {
        name: row.display_name ?? '',
        competition: row.competition_title,
        round: String(row.round_number),
        roundEnds: formatClosing(row.ends_at as string, site.timeZone),
        unscored: String(Number(row.unscored)),
        juryLink: `${deps.config.publicUrl}${PAGE_PATHS.jury}`,
        siteTitle: site.title,
      },
    });
  }
  return due;
}

/** One round at `now`: queues each due reminder once; answers how many this call queued. */
export async function sendDueReminders(deps: ReminderDeps, now: Date): Promise<number> {
  let queued = 0;
  for (const reminder of await dueReminders(deps, now)) {
    if (await sendOnce(deps, reminder, now)) queued += 1;
  }
  if (queued > 0) deps.outbox.wake();
  return queued;
}

/** The worker: a round every few minutes while the app runs (tests call sendDueReminders). */
export function createReminderJob(deps: Deps): PeriodicJob {
  return createPeriodicJob({
    name: 'reminders',
    intervalMs: REMINDER_INTERVAL_MS,
    runAtStart: false,
    round: () => sendDueReminders(deps, deps.clock.now()),
    log: deps.log,
  });
}
