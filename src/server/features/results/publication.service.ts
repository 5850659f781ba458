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
import {
  claimPublication,
  countEntriesByStatus,
  findCertificates,
  findShortlist,
  findParticipants,
  findPublication,
  insertCertificates,
  unpublish,
  updateCertificate,
} from './publication.repository.ts';

/*
 * Publishing a competition's results: one Publish makes the public results page, a
 * certificate for every approved entry and one results e-mail to each, from the winner,
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

interface Outcome {
  outcome: ResultOutcome;
  award: { title: string; prize: string; workId: string } | undefined;
}

/** Each approved entry's outcome: its award, else shortlisted (in the final round), else took part. */
async function outcomes(db: Kysely<DB>, competitionId: string) {
  const participants = await findParticipants(db, competitionId);
  const approved = new Set(participants.map((p) => p.id));
  // An award whose entry is no longer approved is not published.
  // An entry that won with two works: its highest award (the list's order) is its outcome.
  const awards = new Map<string, { title: string; prize: string; workId: string }>();
  for (const a of await findAwards(db, competitionId)) {
    if (!approved.has(a.submission_id) || awards.has(a.submission_id)) continue;
    awards.set(a.submission_id, { title: a.title, prize: a.prize, workId: a.work_id });
  }
  const shortlist = new Set(await findShortlist(db, competitionId));
  const outcomeOf = (id: string): Outcome => {
    const award = awards.get(id);
    if (award) return { outcome: 'award', award };
    return { outcome: shortlist.has(id) ? 'shortlisted' : 'participated', award: undefined };
  };
  return { participants, awards, outcomeOf };
}

export async function previewPublication(
  deps: Pick<Deps, 'db' | 'settings' | 'clock'>,
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
    awards: awards.size,
    shortlisted: participants.filter((p) => outcomeOf(p.id).outcome === 'shortlisted').length,
    participants: participants.length,
    emails: participants.filter((p) => !written.has(p.id)).length,
    awaitingReview: byStatus.get('pending') ?? 0,
    entriesOpenUntil: moment && now < moment.closesAt ? moment.closesText : null,
  };
}

const awardText = (award: Outcome['award']) =>
  award ? (award.prize ? `${award.title} (${award.prize})` : award.title) : '';

/**
 * Publishes the results: 409 ENTRIES_OPEN while the competition takes entries (first of all),
 * 409 NO_AWARDS before any award, 409 ALREADY_PUBLISHED when they are up.
 * The e-mails are written with the publication, in one transaction, and sent by the outbox.
 */
export async function publishResults(
  deps: Pick<
    Deps,
    'db' | 'clock' | 'config' | 'entryTokens' | 'settings' | 'contentCache' | 'outbox'
  >,
  competitionId: string,
  admin: AuditActor,
  /** The demo's results publish without e-mails: its artists' addresses are made up. */
  { emails: writeEmails = true } = {},
): Promise<Publication> {
  const { db, config } = deps;
  await requireCompetition(db, competitionId);
  const settings = await deps.settings.getSettings();
  await refuseWhileTakingEntries(db, competitionId, settings.timeZone, deps.clock.now());
  const { participants, awards, outcomeOf } = await outcomes(db, competitionId);
  if (awards.size === 0) throw new AppError(409, 'NO_AWARDS', NO_AWARDS);
  const links = new Map<string, string>();
  for (const p of participants) links.set(p.id, await issueEntryLink(deps, p.id));
  const now = deps.clock.now();
  const stamp = now.toISOString();
  const issuedOn = todayIn(settings.timeZone, now);
  const resultsLink = `${config.publicUrl}${resultsPathOf(competitionId)}`;

  const queued = await db.transaction().execute(async (trx) => {
    if (!(await claimPublication(trx, competitionId, stamp))) {
      throw new AppError(409, 'ALREADY_PUBLISHED', ALREADY_PUBLISHED);
    }
    const existing = new Map(
      (await findCertificates(trx, competitionId)).map((c) => [c.submission_id, c]),
    );
    // Read in turn: on SQLite the transaction is one connection.
    const templates = {
      award: await currentTemplate(trx, TEMPLATE_OF.award),
      shortlisted: await currentTemplate(trx, TEMPLATE_OF.shortlisted),
      participated: await currentTemplate(trx, TEMPLATE_OF.participated),
    } satisfies Record<ResultOutcome, unknown>;
    const rows: CertificatesTable[] = [];
    const emails: OutgoingEmail[] = [];
    for (const p of participants) {
      const { outcome, award } = outcomeOf(p.id);
      const change = {
        kind: award ? ('merit' as const) : ('participation' as const),
        award: award?.title ?? null,
        work_id: award?.workId ?? null,
        outcome,
        updated_at: stamp,
      };
      const had = existing.get(p.id);
      if (had) {
        // Written to before: the certificate follows the awards as they are now; no e-mail.
        const same = had.kind === change.kind && had.award === change.award;
        if (!same || had.work_id !== change.work_id || had.outcome !== outcome) {
          await updateCertificate(trx, had.id, change);
        }
        continue;
      }
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
      });
      const kind = TEMPLATE_OF[outcome];
      const values = {
        ...artistValues({
          siteTitle: settings.title,
          reference: p.reference,
          fullName: p.full_name,
          competitionTitle: p.competition_title,
          entryLink: links.get(p.id) ?? '',
        }),
        award: awardText(award),
        certificateLink: `${config.publicUrl}${certificatePathOf(code)}`,
        resultsLink,
      };
      if (writeEmails) {
        const message = artistEmail(templates[outcome], values);
        emails.push({ kind, submissionId: p.id, to: p.email, ...message });
      }
    }
    await insertCertificates(trx, rows);
    await queueEmails(trx, emails, now);
    await recordAudit(
      trx,
      audit(admin, 'results.publish', competitionId, {
        awards: awards.size,
        participants: participants.length,
        emails: emails.length,
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
