import { randomUUID } from 'node:crypto';
import { formatRupees } from '../../../shared/domain/money.ts';
import { PAGE_PATHS } from '../../../shared/page-paths.ts';
import type {
  Enquiry,
  EnquiryInput,
  EnquiryReplyInput,
} from '../../../shared/schemas/exhibition.ts';
import type { Deps } from '../../deps.ts';
import { AppError, notFound } from '../../errors.ts';
import { escapeHtml } from '../../http/escape-html.ts';
import { type AuditActor, auditEntriesOf, recordAudit } from '../audit/audit.service.ts';
import { queueEmail } from '../mail/mail.service.ts';
import {
  type RateLimit,
  takeRateLimitHit,
  tooManyMessage,
} from '../rate-limits/rate-limits.service.ts';
import {
  findEnquiries,
  findEnquiry,
  insertEnquiry,
  recordEnquiryAnswer,
} from './enquiries.repository.ts';
import { findExhibitionWork, WORK_NOT_EXHIBITED } from './public-exhibitions.ts';
import { findSalePrices } from './work-sales.repository.ts';

/*
 * A visitor's enquiry about an exhibited work for sale goes to the art space, never to the artist:
 * the art space's contact address is told it arrived, and the admin reads it and answers by
 * e-mail through the outbox. Enquiries from one address are limited, so a script cannot fill the
 * list (nor the art space's mailbox).
 */

export const ENQUIRY_LIMIT: RateLimit = {
  scope: 'exhibition-enquiry',
  max: 5,
  windowMs: 60 * 60 * 1000,
  message: tooManyMessage('enquiries'),
};

export const NOT_FOR_SALE = 'This work is not for sale';
export const ENQUIRY_NOT_FOUND = 'Enquiry not found';
export const ENQUIRY_ANSWERED = 'This enquiry has been answered already';
export const ENQUIRY_EMAIL_KIND = 'exhibition-enquiry-answer';
export const ENQUIRY_ARRIVED_KIND = 'exhibition-enquiry';
const audit = auditEntriesOf('exhibition-enquiry');

/** The words in which the art space hears of an enquiry; the visitor's own in quotation. */
function arrivalMessage(
  enquiry: EnquiryInput,
  work: { title: string; price: number | null },
  adminUrl: string,
) {
  const title = work.title || 'Untitled';
  const price = work.price === null ? '' : `, for sale at ${formatRupees(work.price)}`;
  const asks = `${enquiry.name} (${enquiry.email}) asks about “${title}”${price}:`;
  const answer = 'Answer it in the admin area, under Exhibitions:';
  const quoted = enquiry.message
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
  return {
    subject: `An enquiry about “${title}”`,
    text: `${asks}\n\n${quoted}\n\n${answer} ${adminUrl}\n`,
    html: `<p>${escapeHtml(asks)}</p><blockquote>${escapeHtml(enquiry.message).replace(
      /\n/g,
      '<br>',
    )}</blockquote><p>${escapeHtml(answer)} <a href="${escapeHtml(adminUrl)}">${escapeHtml(
      adminUrl,
    )}</a></p>`,
  };
}

/**
 * Keeps a visitor's enquiry and, when the site has a contact address, e-mails it there in the
 * same transaction: an enquiry nobody hears of is a sale lost.
 */
export async function sendEnquiry(
  deps: Pick<Deps, 'db' | 'clock' | 'log' | 'settings' | 'config' | 'outbox'>,
  competitionId: string,
  workId: string,
  input: EnquiryInput,
  clientKey: string,
): Promise<{ id: string }> {
  const found = await findExhibitionWork(deps, competitionId, workId);
  if (!found) throw notFound(WORK_NOT_EXHIBITED);
  if (found.work.price === null) throw new AppError(409, 'NOT_FOR_SALE', NOT_FOR_SALE);
  const now = deps.clock.now();
  await takeRateLimitHit(deps.db, ENQUIRY_LIMIT, clientKey, undefined, now, 'each');
  const contactEmail = (await deps.settings.getSettings()).contact.email;
  const id = randomUUID();
  await deps.db.transaction().execute(async (trx) => {
    await insertEnquiry(trx, {
      id,
      competition_id: competitionId,
      work_id: workId,
      name: input.name,
      email: input.email,
      message: input.message,
      created_at: now.toISOString(),
      answer: null,
      answered_at: null,
      answered_by: null,
    });
    if (!contactEmail) return;
    // The admin's Exhibitions screen, where enquiries are answered (client/config/paths.ts).
    const adminUrl = `${deps.config.publicUrl}${PAGE_PATHS.admin}/exhibitions`;
    const message = arrivalMessage(input, found.work, adminUrl);
    await queueEmail(
      trx,
      { kind: ENQUIRY_ARRIVED_KIND, submissionId: null, to: contactEmail, ...message },
      now,
    );
  });
  if (contactEmail) deps.outbox.wake();
  return { id };
}

async function enquiryOf(deps: Pick<Deps, 'db' | 'clock' | 'log'>, row: EnquiryRow) {
  const found = await findExhibitionWork(deps, row.competition_id, row.work_id);
  const prices = await findSalePrices(deps.db, [row.work_id]);
  return {
    id: row.id,
    competitionId: row.competition_id,
    workId: row.work_id,
    workTitle: found?.work.title ?? '',
    price: prices.get(row.work_id) ?? null,
    name: row.name,
    email: row.email,
    message: row.message,
    createdAt: row.created_at,
    answeredAt: row.answered_at,
    answer: row.answer,
  } satisfies Enquiry;
}

type EnquiryRow = NonNullable<Awaited<ReturnType<typeof findEnquiry>>>;

export async function listEnquiries(deps: Pick<Deps, 'db' | 'clock' | 'log'>): Promise<Enquiry[]> {
  const rows = await findEnquiries(deps.db);
  return Promise.all(rows.map((row) => enquiryOf(deps, row)));
}

/** The admin's answer, e-mailed to the visitor through the outbox in the same transaction. */
export async function answerEnquiry(
  deps: Pick<Deps, 'db' | 'clock' | 'log'>,
  id: string,
  input: EnquiryReplyInput,
  admin: AuditActor,
): Promise<Enquiry> {
  const row = await findEnquiry(deps.db, id);
  if (!row) throw notFound(ENQUIRY_NOT_FOUND);
  if (row.answered_at) throw new AppError(409, 'ENQUIRY_ANSWERED', ENQUIRY_ANSWERED);
  const enquiry = await enquiryOf(deps, row);
  const now = deps.clock.now();
  const subject = `Your enquiry about ${enquiry.workTitle || 'a work in our exhibition'}`;
  const quoted = row.message
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
  const text = `Dear ${row.name},\n\n${input.message}\n\n${quoted}\n`;
  const html = `<p>Dear ${escapeHtml(row.name)},</p>${input.message
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('')}<blockquote>${escapeHtml(row.message).replace(/\n/g, '<br>')}</blockquote>`;
  await deps.db.transaction().execute(async (trx) => {
    const answered = await recordEnquiryAnswer(trx, id, {
      answer: input.message,
      answered_at: now.toISOString(),
      answered_by: admin.username,
    });
    // Two admins answering at once: the later one sends nothing.
    if (!answered) throw new AppError(409, 'ENQUIRY_ANSWERED', ENQUIRY_ANSWERED);
    await queueEmail(
      trx,
      { kind: ENQUIRY_EMAIL_KIND, submissionId: null, to: row.email, subject, text, html },
      now,
    );
    await recordAudit(
      trx,
      audit(admin, 'exhibition-enquiry.answer', id, { workId: row.work_id }),
      now,
    );
  });
  return { ...enquiry, answer: input.message, answeredAt: now.toISOString() };
}
