import { randomInt, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { todayIn } from '../../../shared/domain/competition-status.ts';
import { PAGE_PATHS } from '../../../shared/page-paths.ts';
import type { EmailTemplateKind } from '../../../shared/schemas/email-template.ts';
import {
  type Publication,
  type PublicationPreview,
  PUBLISH_REFUSALS,
  type ResultOutcome,
} from '../../../shared/schemas/publication.ts';
import type { CertificatesTable, DB } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { type AuditActor, auditEntriesOf, recordAudit } from '../audit/audit.service.ts';
import {
  findCompetitionMoment,
  refuseWhileTakingEntries,
} from '../competitions/competitions.service.ts';
import { requireCompetition } from '../jury/jury.service.ts';
import {
  artistEmail,
  artistValues,
  currentTemplate,
  type OutgoingEmail,
  queueEmails,
} from '../mail/mail.service.ts';
import { issueEntryLink } from '../submissions/submissions.service.ts';
import { findAwards } from './awards.repository.ts';
import { type CertificateChange, planCertificates } from './certificate-plan.ts';
import {
  claimPublication,
  countEntriesByStatus,
  deleteCertificates,
  findCertificates,
  findShortlist,
  findParticipants,
  findPublication,
  insertCertificates,
  unpublish,
  updateCertificate,
} from './publication.repository.ts';
import { feedbackSection, feedbackToRelease } from './released-feedback.ts';
import {
  judgingRecordState,
  prepareJudgingRecord,
  showJudgingRecord,
} from './judging-record.service.ts';

/*
 * Publishing a competition's results: one Publish makes the public results page, a
 * certificate for every approved entry (a merit certificate for each awarded work of it, else
 * one for taking part) and one results e-mail to each, from the winner,
 * shortlisted or participated template. The certificate row is the mark that its artist was
 * written to, so a second Publish (a double click, another server, or after an Unpublish) sends
 * nothing twice.
 */

export const NO_AWARDS = PUBLISH_REFUSALS.noAwards;
export const ALREADY_PUBLISHED = 'The results are already published.';
export const NOT_PUBLISHED = 'The results are not published.';
const audit = auditEntriesOf('competition');

const TEMPLATE_OF: Record<ResultOutcome, EmailTemplateKind> = {
  award: 'results-winner',
  shortlisted: 'results-shortlisted',
  participated: 'results-participated',
};

/** Crockford's base 32: no I, L, O or U to misread. */
const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** 12 random characters (60 bits) in three groups: 'K7QX-3MPA-9TZD'. */
export function newCertificateCode(): string {
  const chars = Array.from({ length: 12 }, () => CODE_ALPHABET[randomInt(32)]);
  return [0, 4, 8].map((i) => chars.slice(i, i + 4).join('')).join('-');
}

export const resultsPathOf = (competitionId: string) =>
  `${PAGE_PATHS.competition.replace(':id', encodeURIComponent(competitionId))}/results`;
export const certificatePathOf = (code: string) => `/certificates/${code}`;

interface AwardOf {
  title: string;
  prize: string;
  workId: string;
}

interface Outcome {
  outcome: ResultOutcome;
  /** Its awards, highest first (an entry may win with several works); [] for none. */
  awards: AwardOf[];
}

/** Each approved entry's outcome: its awards, else shortlisted (in the final round), else took part. */
async function outcomes(db: Kysely<DB>, competitionId: string) {
  const participants = await findParticipants(db, competitionId);
  const approved = new Set(participants.map((p) => p.id));
  // An award whose entry is no longer approved is not published.
  const awards = new Map<string, AwardOf[]>();
  let count = 0;
  for (const a of await findAwards(db, competitionId)) {
    if (!approved.has(a.submission_id)) continue;
    const of = awards.get(a.submission_id) ?? [];
    of.push({ title: a.title, prize: a.prize, workId: a.work_id });
    awards.set(a.submission_id, of);
    count += 1;
  }
  const shortlist = new Set(await findShortlist(db, competitionId));
  const outcomeOf = (id: string): Outcome => {
    const won = awards.get(id) ?? [];
    if (won.length > 0) return { outcome: 'award', awards: won };
    return { outcome: shortlist.has(id) ? 'shortlisted' : 'participated', awards: [] };
  };
  return { participants, awards: count, outcomeOf };
}

/** The certificates an entry holds for its outcome: one per awarded work, else one. */
function certificatesFor({ outcome, awards }: Outcome): CertificateChange[] {
  if (awards.length === 0) return [{ kind: 'participation', award: null, work_id: null, outcome }];
  return awards.map((a) => ({ kind: 'merit', award: a.title, work_id: a.workId, outcome }));
}

export async function previewPublication(
  deps: Pick<Deps, 'db' | 'settings' | 'clock' | 'log'>,
  competitionId: string,
): Promise<PublicationPreview> {
  const { db } = deps;
  await requireCompetition(db, competitionId);
  const { timeZone } = await deps.settings.getSettings();
  const now = deps.clock.now();
  const moment = await findCompetitionMoment(db, competitionId, timeZone, now);
  const { participants, awards, outcomeOf } = await outcomes(db, competitionId);
  const written = new Set((await findCertificates(db, competitionId)).map((c) => c.submission_id));
  const publication = await findPublication(db, competitionId);
  const byStatus = await countEntriesByStatus(db, competitionId);
  return {
    published: Boolean(publication?.published_at),
    publishedAt: publication?.published_at ?? null,
    awards,
    shortlisted: participants.filter((p) => outcomeOf(p.id).outcome === 'shortlisted').length,
    participants: participants.length,
    emails: participants.filter((p) => !written.has(p.id)).length,
    awaitingReview: byStatus.get('pending') ?? 0,
    feedbackWorks: [...(await feedbackToRelease(db, competitionId, deps.log)).values()].reduce(
      (n, works) => n + works.length,
      0,
    ),
    feedbackReleased: publication?.feedback_released === 1,
    record: await judgingRecordState(db, competitionId),
    entriesOpenUntil: moment && now < moment.closesAt ? moment.closesText : null,
  };
}

/** The e-mail's award: every award of the entry, highest first. */
const awardText = (awards: AwardOf[]) =>
  awards.map((a) => (a.prize ? `${a.title} (${a.prize})` : a.title)).join('; ');

/**
 * Publishes the results: 409 ENTRIES_OPEN while the competition takes entries (first of all),
 * 409 NO_AWARDS before any award, 409 ALREADY_PUBLISHED when they are up.
 * The e-mails are written with the publication, in one transaction, and sent by the outbox.
 */
export async function publishResults(
  deps: Pick<
    Deps,
    'db' | 'clock' | 'config' | 'entryTokens' | 'settings' | 'contentCache' | 'outbox' | 'log'
  >,
  competitionId: string,
  admin: AuditActor,
  /** The demo's results publish without e-mails: its artists' addresses are made up. */
  { emails: writeEmails = true, releaseFeedback = false, publishRecord = false } = {},
): Promise<Publication> {
  const { db, config } = deps;
  await requireCompetition(db, competitionId);
  const settings = await deps.settings.getSettings();
  await refuseWhileTakingEntries(db, competitionId, settings.timeZone, deps.clock.now());
  const { participants, awards, outcomeOf } = await outcomes(db, competitionId);
  if (awards === 0) throw new AppError(409, 'NO_AWARDS', NO_AWARDS);
  const links = new Map<string, string>();
  for (const p of participants) links.set(p.id, await issueEntryLink(deps, p.id));
  const now = deps.clock.now();
  const stamp = now.toISOString();
  const issuedOn = todayIn(settings.timeZone, now);
  const resultsLink = `${config.publicUrl}${resultsPathOf(competitionId)}`;
  const feedback = releaseFeedback
    ? await feedbackToRelease(db, competitionId, deps.log)
    : new Map<string, never[]>();
  // Written before the transaction (it reads every round); 409 NO_CLOSED_ROUND before anything.
  const record = publishRecord ? await prepareJudgingRecord(deps, competitionId) : null;

  const queued = await db.transaction().execute(async (trx) => {
    if (!(await claimPublication(trx, competitionId, stamp, releaseFeedback))) {
      throw new AppError(409, 'ALREADY_PUBLISHED', ALREADY_PUBLISHED);
    }
    const existing = new Map<string, Awaited<ReturnType<typeof findCertificates>>>();
    for (const c of await findCertificates(trx, competitionId)) {
      existing.set(c.submission_id, [...(existing.get(c.submission_id) ?? []), c]);
    }
    // Read in turn: on SQLite the transaction is one connection.
    const templates = {
      award: await currentTemplate(trx, TEMPLATE_OF.award),
      shortlisted: await currentTemplate(trx, TEMPLATE_OF.shortlisted),
      participated: await currentTemplate(trx, TEMPLATE_OF.participated),
    } satisfies Record<ResultOutcome, unknown>;
    const rows: CertificatesTable[] = [];
    const emails: OutgoingEmail[] = [];
    const removed: string[] = [];
    for (const p of participants) {
      const result = outcomeOf(p.id);
      const had = existing.get(p.id) ?? [];
      const plan = planCertificates(certificatesFor(result), had);
      for (const { id, change } of plan.updates) {
        await updateCertificate(trx, id, { ...change, updated_at: stamp });
      }
      removed.push(...plan.deletes);
      const codes = plan.inserts.map((change) => {
        const code = newCertificateCode();
        rows.push({
          id: randomUUID(),
          code,
          submission_id: p.id,
          competition_id: competitionId,
          ...change,
          issued_on: issuedOn,
          file_key: null,
          file_inputs: null,
          created_at: stamp,
          updated_at: stamp,
        });
        return code;
      });
      // Written to before: the certificates follow the awards as they are now; no e-mail.
      if (had.length > 0) continue;
      const code = plan.firstCode ?? codes[0] ?? '';
      const { outcome } = result;
      const kind = TEMPLATE_OF[outcome];
      const values = {
        ...artistValues({
          siteTitle: settings.title,
          reference: p.reference,
          fullName: p.full_name,
          competitionTitle: p.competition_title,
          entryLink: links.get(p.id) ?? '',
        }),
        award: awardText(result.awards),
        certificateLink: `${config.publicUrl}${certificatePathOf(code)}`,
        resultsLink,
        juryFeedback: feedbackSection(feedback.get(p.id) ?? []),
      };
      if (writeEmails) {
        // The feedback follows the template's text; without any, its line is dropped.
        const template = templates[outcome];
        const withFeedback = { ...template, body: `${template.body}\n\n{juryFeedback}` };
        const message = artistEmail(withFeedback, values);
        emails.push({ kind, submissionId: p.id, to: p.email, ...message });
      }
    }
    await deleteCertificates(trx, removed);
    await insertCertificates(trx, rows);
    await queueEmails(trx, emails, now);
    if (publishRecord) await showJudgingRecord(trx, competitionId, record, stamp);
    await recordAudit(
      trx,
      audit(admin, 'results.publish', competitionId, {
        awards,
        participants: participants.length,
        emails: emails.length,
        feedbackReleased: releaseFeedback,
        recordPublished: publishRecord,
      }),
      now,
    );
    return emails.length;
  });
  deps.contentCache.invalidate();
  if (queued > 0) deps.outbox.wake();
  return { published: true, publishedAt: stamp, emailsQueued: queued };
}

/** Takes the results page down; e-mails already queued or sent stay as they are. */
export async function unpublishResults(
  deps: Pick<Deps, 'db' | 'clock' | 'contentCache'>,
  competitionId: string,
  admin: AuditActor,
): Promise<Publication> {
  await requireCompetition(deps.db, competitionId);
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    if (!(await unpublish(trx, competitionId, now.toISOString()))) {
      throw new AppError(409, 'NOT_PUBLISHED', NOT_PUBLISHED);
    }
    await recordAudit(trx, audit(admin, 'results.unpublish', competitionId, {}), now);
  });
  deps.contentCache.invalidate();
  return { published: false, publishedAt: null, emailsQueued: 0 };
}
