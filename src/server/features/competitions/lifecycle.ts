import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { formatCalendarDate } from '../../../shared/domain/calendar-date.ts';
import {
  competitionStage,
  competitionWindow,
  type CompetitionStage,
  formatClosing,
  type LifecycleFacts,
  mayStillPay,
} from '../../../shared/domain/competition-status.ts';
import { COMPETITION_NOT_FOUND } from '../../../shared/messages.ts';
import { PUBLISH_REFUSALS } from '../../../shared/schemas/publication.ts';
import type { DB } from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';
import {
  findEntryWindowRow,
  findExtensionByTokenHash,
  findExtensionOfEntry,
} from './extensions.repository.ts';
import { findLifecycleFacts, type LifecycleFactsRow } from './competitions.repository.ts';

/*
 * The server's side of a competition's lifecycle (docs/decisions/021-competition-lifecycle.md):
 * who may register, pay or publish at a moment, decided from the one rule in
 * shared/domain/competition-status.ts.
 */

export const LIFECYCLE_MESSAGES = {
  closed: 'Registration for this competition has closed.',
  opensOn: (date: string) => `Registration opens on ${date}.`,
  published: 'The results of this competition are published: it takes no more entries.',
  extensionNotValid: 'This extension link is not valid.',
  extensionExpired: 'This extension link has expired.',
  extensionOtherEmail: 'This extension link was given for another e-mail address.',
  paymentClosed: 'Entries for this competition have closed: this entry can no longer be paid for.',
  stillOpen: PUBLISH_REFUSALS.entriesOpen,
  alreadyClosed: 'Entries for this competition are already closed.',
} as const;

function factsOf(row: LifecycleFactsRow): LifecycleFacts {
  return {
    startDate: row.start_date,
    endDate: row.end_date,
    closingTime: row.closing_time,
    draft: Number(row.draft) === 1,
    judging: Boolean(row.judging),
    resultsPublished: Boolean(row.published),
  };
}

export interface CompetitionMoment {
  stage: CompetitionStage;
  closesAt: Date;
  /** '20 Dec 2026, 11:59 pm IST'. */
  closesText: string;
}

/** Where a competition is in its life at `now`, or undefined when there is none. */
export async function findCompetitionMoment(
  db: Kysely<DB>,
  competitionId: string,
  timeZone: string,
  now: Date,
): Promise<CompetitionMoment | undefined> {
  const row = await findLifecycleFacts(db, competitionId);
  if (!row) return undefined;
  const facts = factsOf(row);
  const { closesAt } = competitionWindow(facts, timeZone);
  return {
    stage: competitionStage(facts, timeZone, now),
    closesAt,
    closesText: formatClosing(closesAt, timeZone),
  };
}

export const hashExtensionToken = (token: string) =>
  createHash('sha256').update(token).digest('hex');

/** A new extension link's secret and the hash kept of it. */
export function newExtensionToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashExtensionToken(token) };
}

export const newExtensionId = () => randomUUID();

/** The extension a link opens for this competition and e-mail at `now`, or 409 saying why not. */
async function requireExtension(
  db: Kysely<DB>,
  competitionId: string,
  token: string,
  email: unknown,
  now: Date,
): Promise<string> {
  const refuse = (message: string) => new AppError(409, 'EXTENSION_REFUSED', message);
  const found = /^[A-Za-z0-9_-]{43}$/.test(token)
    ? await findExtensionByTokenHash(db, hashExtensionToken(token))
    : undefined;
  if (!found || found.competition_id !== competitionId) {
    throw refuse(LIFECYCLE_MESSAGES.extensionNotValid);
  }
  if (Date.parse(found.valid_until) <= now.getTime()) {
    throw refuse(LIFECYCLE_MESSAGES.extensionExpired);
  }
  if (typeof email !== 'string' || email.trim().toLowerCase() !== found.email) {
    throw refuse(LIFECYCLE_MESSAGES.extensionOtherEmail);
  }
  return found.id;
}

/**
 * Whether a registration is taken now: 404 for a draft (a visitor never sees one), 409
 * COMPETITION_NOT_OPEN before it opens, after the close and once the results are published; an
 * artist's extension link lets its own e-mail in after the close until it expires. Answers the
 * extension used, if any.
 */
export async function admitEntry(
  db: Kysely<DB>,
  competitionId: string,
  at: { timeZone: string; now: Date },
  artist: { extensionToken?: string | undefined; email: unknown },
): Promise<{ extensionId: string | null }> {
  const row = await findLifecycleFacts(db, competitionId);
  if (!row || Number(row.draft) === 1) throw notFound(COMPETITION_NOT_FOUND);
  const stage = competitionStage(factsOf(row), at.timeZone, at.now);
  if (stage === 'open') return { extensionId: null };
  const refuse = (message: string) => new AppError(409, 'COMPETITION_NOT_OPEN', message);
  if (stage === 'upcoming') {
    throw refuse(LIFECYCLE_MESSAGES.opensOn(formatCalendarDate(row.start_date)));
  }
  if (stage === 'published') throw refuse(LIFECYCLE_MESSAGES.published);
  if (!artist.extensionToken) throw refuse(LIFECYCLE_MESSAGES.closed);
  const extensionId = await requireExtension(
    db,
    competitionId,
    artist.extensionToken,
    artist.email,
    at.now,
  );
  return { extensionId };
}

/**
 * Whether an entry may still be paid for: until the grace period after the close (or after the
 * artist's extension), never once the results are published. An entry whose competition was
 * deleted keeps the rule it had before: it may.
 */
export async function entryMayStillPay(
  db: Kysely<DB>,
  submissionId: string,
  at: { timeZone: string; now: Date; graceMs: number },
): Promise<boolean> {
  const entry = await findEntryWindowRow(db, submissionId);
  if (!entry?.competition_id) return true;
  const row = await findLifecycleFacts(db, entry.competition_id);
  if (!row) return true;
  const facts = factsOf(row);
  const { closesAt } = competitionWindow(facts, at.timeZone);
  return mayStillPay(
    {
      closesAt,
      extendedUntil: entry.extended_until ? new Date(entry.extended_until) : null,
      resultsPublished: facts.resultsPublished,
    },
    at.graceMs,
    at.now,
  );
}

/** 409 ENTRIES_OPEN while a competition still takes (or is yet to take) entries. */
export async function refuseWhileTakingEntries(
  db: Kysely<DB>,
  competitionId: string,
  timeZone: string,
  now: Date,
): Promise<void> {
  const moment = await findCompetitionMoment(db, competitionId, timeZone, now);
  if (moment && now < moment.closesAt) {
    throw new AppError(409, 'ENTRIES_OPEN', LIFECYCLE_MESSAGES.stillOpen(moment.closesText));
  }
}

/** The extension an entry was let in with after the close, as the admin's entry shows it. */
export async function extensionOfEntry(
  db: Kysely<DB>,
  submissionId: string,
): Promise<{ validUntil: string; createdBy: string } | null> {
  const row = await findExtensionOfEntry(db, submissionId);
  return row ? { validUntil: row.valid_until, createdBy: row.created_by } : null;
}
