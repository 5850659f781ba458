import { answerText, type StoredAnswer } from '../../../shared/domain/field-answers.ts';
import type { FormField } from '../../../shared/schemas/form-field.ts';
import { ENTRY_LINK_INVALID } from '../../../shared/entry-page.ts';
import { competitionResultsPath } from '../../../shared/page-paths.ts';
import type { EntryView, LinkRequest } from '../../../shared/schemas/entry.ts';
import { feedbackPerWork } from '../../../shared/schemas/feedback.ts';
import type { EntryResult } from '../../../shared/schemas/publication.ts';
import { isAskedPerWork } from '../../../shared/schemas/form-field.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { ENTRY_LINK_KIND, entryLinkEmail, queueEmail } from '../mail/mail.service.ts';
import {
  type RateLimit,
  takeRateLimitHit,
  tooManyMessage,
} from '../rate-limits/rate-limits.service.ts';
import { entryDetails } from './entry-details.ts';
import { findPublishedResult } from './entry-result.repository.ts';
import { decodeEntry, type EntryLog } from './stored-entry.ts';
import { paymentStateOfRow, submissionStatusOfRow } from './entry-rows.ts';
import { issueEntryLink } from './entry-tokens.ts';
import { type EntryRow, findEntry, findEntryByReference } from './submissions.repository.ts';
import { type StoredWork, worksOf } from './works.repository.ts';

/*
 * The artist's own entry, opened with the signed link from an e-mail, and the link sent again on
 * request.
 */

/** Requests for a lost link from one address: enough for typing mistakes, too few to probe. */
export const LINK_REQUEST_LIMIT: RateLimit = {
  scope: 'entry-link',
  max: 10,
  windowMs: 60 * 60 * 1000,
  message: tooManyMessage('requests for entry links'),
};

/** Links sent for one entry: a mailbox is not flooded, whoever asks. */
const LINKS_PER_ENTRY: RateLimit = { ...LINK_REQUEST_LIMIT, scope: 'entry-link-sent', max: 3 };

export type PublishedResult = Awaited<ReturnType<typeof findPublishedResult>>;

/**
 * The entry's result once its competition's results are published (null before, or after
 * Unpublish): its highest certificate, and every certificate by its work when several won.
 */
function entryResultOf(
  { certificates, feedback }: PublishedResult,
  titles: readonly { number: number; title: string }[],
  works: readonly StoredWork[],
): EntryResult | null {
  const [first] = certificates;
  if (!first) return null;
  const workOf = (workId: string | null) => titles[works.findIndex((work) => work.id === workId)];
  const released = feedbackPerWork(
    feedback.flatMap((f) => {
      const work = workOf(f.work_id);
      return work ? [{ work, text: f.feedback }] : [];
    }),
  );
  const named = certificates.flatMap((cert) => {
    const work = workOf(cert.work_id);
    return work ? [{ code: cert.code, award: cert.award, work }] : [];
  });
  return {
    outcome: first.outcome,
    award: first.award,
    resultsUrl: competitionResultsPath(first.competition_id),
    certificateCode: first.code,
    ...(released.length > 0 ? { feedback: released } : {}),
    ...(named.length > 1 ? { certificates: named } : {}),
  };
}

/** An answer as its artist reads it: a document as received, the pictures left out. */
function artistAnswer(field: FormField, value: StoredAnswer | undefined): string | undefined {
  if (field.type === 'image' || value === undefined) return undefined;
  return field.type === 'document' ? 'Received' : answerText(field, value);
}

/** The entry's answers as its artist sees them, its own and each work's: every field but the images. */
export function entryViewOf(
  row: EntryRow,
  works: readonly StoredWork[],
  log: EntryLog,
  published: PublishedResult,
): EntryView {
  // Its own answers only: each work's are read from its works.
  const { fields, values } = decodeEntry({ ...row, work_values: null }, log);
  const titles = worksByTitle(fields, works);
  return {
    reference: row.reference,
    competition: { id: row.competition_id, title: row.competition_title },
    submittedAt: row.created_at,
    status: submissionStatusOfRow(row),
    paymentState: paymentStateOfRow(row),
    entryFee: row.entry_fee,
    details: entryDetails(
      {
        fullName: row.full_name,
        age: row.age,
        gender: row.gender,
        email: row.email,
        phone: row.phone,
        address: row.address,
        pincode: row.pincode,
      },
      fields,
      works.length,
      (field, work) => {
        const answers = isAskedPerWork(field) ? (works[work]?.values ?? values) : values;
        return artistAnswer(field, answers[field.id]);
      },
    ),
    publicationConsent: row.publication_consent,
    publicationConsentAt: row.publication_consent_at,
    result: entryResultOf(published, titles, works),
    ...(works.length > 1 ? { works: titles } : {}),
  };
}

/** Each work by its number and its title field's answer (the jury's reading of a title). */
export function worksByTitle(fields: readonly FormField[], works: readonly StoredWork[]) {
  const perWork = fields.filter(isAskedPerWork);
  const title =
    perWork.find((f) => f.id === 'artworkTitle') ??
    perWork.find((f) => f.type === 'text' && /title/i.test(f.label));
  return works.map((work) => ({
    number: work.position,
    title: title ? answerText(title, work.values[title.id]) : '',
  }));
}

/** An entry as its artist sees it, with whose it is; undefined when there is no such entry. */
export async function findEntryView(
  deps: Pick<Deps, 'db' | 'log'>,
  submissionId: string,
): Promise<{ id: string; fullName: string; entry: EntryView } | undefined> {
  const row = await findEntry(deps.db, submissionId);
  if (!row) return undefined;
  const published = await findPublishedResult(deps.db, row.id);
  const works = (await worksOf(deps.db, [row.id], deps.log)).get(row.id) ?? [];
  const entry = entryViewOf(row, works, deps.log, published);
  return { id: row.id, fullName: row.full_name, entry };
}

/** The entry the token opens, or 404 ENTRY_LINK_INVALID: never another artist's. */
export async function viewEntry(
  deps: Pick<Deps, 'db' | 'log' | 'entryTokens'>,
  token: string,
): Promise<EntryView> {
  const submissionId = await deps.entryTokens.verify(token);
  const found = submissionId ? await findEntryView(deps, submissionId) : undefined;
  if (!found) throw new AppError(404, 'ENTRY_LINK_INVALID', ENTRY_LINK_INVALID);
  return found.entry;
}

/**
 * Sends the entry's link to its artist when the reference and the address match. The caller
 * answers the same whatever happens here, so nobody learns whether an address has entries.
 */
export async function requestEntryLink(
  deps: Pick<Deps, 'db' | 'clock' | 'settings' | 'entryTokens' | 'config' | 'outbox'>,
  request: LinkRequest,
  clientAddress: string,
): Promise<void> {
  const { db } = deps;
  const now = deps.clock.now();
  await takeRateLimitHit(db, LINK_REQUEST_LIMIT, clientAddress, undefined, now);
  const entry = await findEntryByReference(db, request.reference);
  if (!entry || entry.email.toLowerCase() !== request.email.toLowerCase()) return;
  try {
    await takeRateLimitHit(db, LINKS_PER_ENTRY, entry.id, undefined, now);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 429) return;
    throw error;
  }
  const siteTitle = (await deps.settings.getSettings()).title;
  const email = entryLinkEmail({
    siteTitle,
    reference: entry.reference,
    fullName: entry.full_name,
    competitionTitle: entry.competition_title,
    entryLink: await issueEntryLink(deps, entry.id),
  });
  await queueEmail(
    db,
    { kind: ENTRY_LINK_KIND, submissionId: entry.id, to: entry.email, ...email },
    now,
  );
  deps.outbox.wake();
}
