import type { Kysely } from 'kysely';
import { type Migration, Migrator } from 'kysely/migration';
import * as initial from './migrations/2026-11-21T0900-initial.ts';
import * as media from './migrations/2026-11-21T1400-media.ts';
import * as loginFailures from './migrations/2026-11-21T1700-login-failures.ts';
import * as recoveryCodes from './migrations/2026-11-21T2000-recovery-codes.ts';
import * as registration from './migrations/2026-11-24T0900-registration.ts';
import * as payments from './migrations/2026-11-25T0900-payments.ts';
import * as review from './migrations/2026-11-26T0900-review.ts';
import * as emailTemplates from './migrations/2026-11-27T0900-email-templates.ts';
import * as signInLockout from './migrations/2026-11-28T0900-sign-in-lockout.ts';
import * as likelyDuplicates from './migrations/2026-11-28T1000-likely-duplicates.ts';
import * as jury from './migrations/2026-11-29T0900-jury.ts';
import * as decisionEmailWait from './migrations/2026-11-30T0900-decision-email-wait.ts';
import * as awards from './migrations/2026-12-01T0900-awards.ts';
import * as ballots from './migrations/2026-12-01T1000-ballots.ts';
import * as results from './migrations/2026-12-02T1000-results.ts';
import * as publicationConsent from './migrations/2026-12-02T0900-publication-consent.ts';
import * as imageJobs from './migrations/2026-12-03T0900-image-jobs.ts';
import * as lifecycle from './migrations/2026-12-04T0900-lifecycle.ts';
import * as juryRedactions from './migrations/2026-12-04T1000-jury-redactions.ts';
import * as entryFeesAndWithdrawals from './migrations/2026-12-04T1200-entry-fees-and-withdrawals.ts';
import * as signInCodes from './migrations/2026-12-04T1300-sign-in-codes.ts';
import * as competitionDetails from './migrations/2026-12-04T1400-competition-details.ts';
import * as entryWorks from './migrations/2026-12-05T0900-entry-works.ts';
import * as entryFormSnapshot from './migrations/2026-12-05T1000-entry-form-snapshot.ts';
import * as pricingAndCodes from './migrations/2026-12-05T1100-pricing-and-codes.ts';
import * as receipts from './migrations/2026-12-05T1200-receipts.ts';
import * as juryWorks from './migrations/2026-12-05T1300-jury-works.ts';
import * as artworkOriginals from './migrations/2026-12-05T1400-artwork-originals.ts';
import * as redactionsPerWork from './migrations/2026-12-06T0900-redactions-per-work.ts';
import * as certificatesPerWork from './migrations/2026-12-06T0930-certificates-per-work.ts';
import * as receiptLines from './migrations/2026-12-06T1000-receipt-lines.ts';
import * as artists from './migrations/2026-12-07T0900-artists.ts';
import * as entryChanges from './migrations/2026-12-07T0930-entry-changes.ts';
import * as juryFeedback from './migrations/2026-12-08T0900-jury-feedback.ts';
import * as reminders from './migrations/2026-12-08T0930-reminders.ts';
import * as groupMessages from './migrations/2026-12-08T1000-group-messages.ts';
import * as erasure from './migrations/2026-12-08T1030-erasure.ts';
import * as exhibitions from './migrations/2026-12-15T0900-exhibitions.ts';
import * as exhibitionSales from './migrations/2026-12-15T0910-exhibition-sales.ts';
import * as exhibitionEnquiries from './migrations/2026-12-15T0920-exhibition-enquiries.ts';
import * as judgingRecords from './migrations/2026-12-15T0930-judging-records.ts';
import * as votes from './migrations/2026-12-15T1000-votes.ts';
import * as voteVoterPseudonyms from './migrations/2026-12-16T0900-vote-voter-pseudonyms.ts';
import type { DB } from './schema.ts';

/**
 * Listed by hand rather than read from the folder: the list is checked by the type checker and
 * works the same under Node, Vitest and a bundler. Names are timestamps, so they sort in order.
 */
const MIGRATIONS: Record<string, Migration> = {
  '2026-11-21T0900-initial': initial,
  '2026-11-21T1400-media': media,
  '2026-11-21T1700-login-failures': loginFailures,
  '2026-11-21T2000-recovery-codes': recoveryCodes,
  '2026-11-24T0900-registration': registration,
  '2026-11-25T0900-payments': payments,
  '2026-11-26T0900-review': review,
  '2026-11-27T0900-email-templates': emailTemplates,
  '2026-11-28T0900-sign-in-lockout': signInLockout,
  '2026-11-28T1000-likely-duplicates': likelyDuplicates,
  '2026-11-29T0900-jury': jury,
  '2026-11-30T0900-decision-email-wait': decisionEmailWait,
  '2026-12-01T0900-awards': awards,
  '2026-12-01T1000-ballots': ballots,
  '2026-12-02T1000-results': results,
  '2026-12-02T0900-publication-consent': publicationConsent,
  '2026-12-03T0900-image-jobs': imageJobs,
  '2026-12-04T0900-lifecycle': lifecycle,
  '2026-12-04T1000-jury-redactions': juryRedactions,
  '2026-12-04T1200-entry-fees-and-withdrawals': entryFeesAndWithdrawals,
  '2026-12-04T1300-sign-in-codes': signInCodes,
  '2026-12-04T1400-competition-details': competitionDetails,
  '2026-12-05T0900-entry-works': entryWorks,
  '2026-12-05T1000-entry-form-snapshot': entryFormSnapshot,
  '2026-12-05T1100-pricing-and-codes': pricingAndCodes,
  '2026-12-05T1200-receipts': receipts,
  '2026-12-05T1300-jury-works': juryWorks,
  '2026-12-05T1400-artwork-originals': artworkOriginals,
  '2026-12-06T0900-redactions-per-work': redactionsPerWork,
  '2026-12-06T0930-certificates-per-work': certificatesPerWork,
  '2026-12-06T1000-receipt-lines': receiptLines,
  '2026-12-07T0900-artists': artists,
  '2026-12-07T0930-entry-changes': entryChanges,
  '2026-12-08T0900-jury-feedback': juryFeedback,
  '2026-12-08T0930-reminders': reminders,
  '2026-12-08T1000-group-messages': groupMessages,
  '2026-12-08T1030-erasure': erasure,
  '2026-12-15T0900-exhibitions': exhibitions,
  '2026-12-15T0910-exhibition-sales': exhibitionSales,
  '2026-12-15T0920-exhibition-enquiries': exhibitionEnquiries,
  '2026-12-15T0930-judging-records': judgingRecords,
  '2026-12-15T1000-votes': votes,
  '2026-12-16T0900-vote-voter-pseudonyms': voteVoterPseudonyms,
};

export async function migrateToLatest(db: Kysely<DB>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(MIGRATIONS) },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * Runs the migrations up to and including `name` only: for a test of what a later migration does
 * to the data an earlier release left.
 */
export async function migrateUpTo(db: Kysely<DB>, name: string): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(MIGRATIONS) },
  });
  const { error } = await migrator.migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error(String(error));
}
