import { randomUUID } from 'node:crypto';
import type { Deps } from '../../deps.ts';
import type { Kysely } from 'kysely';
import {
  type AdminCompetition,
  COMPETITION_MESSAGES,
  type CompetitionDeleted,
  type CompetitionInput,
} from '../../../shared/schemas/competition.ts';
import { COMPETITION_NOT_FOUND } from '../../../shared/messages.ts';
import { isRecordId } from '../../db/record-id.ts';
import type { DB } from '../../db/schema.ts';
import { invalidFields, notFound } from '../../errors.ts';
import {
  type AuditActor,
  auditEntriesOf,
  recordAudit,
  writePublicContent,
} from '../audit/audit.service.ts';
import { describeImages, unknownImageFields } from '../media/media.service.ts';
import {
  type CompetitionWithNamesRow,
  countSubmissionsByCompetition,
  deleteCompetitionRow,
  findAllCompetitionsWithNames,
  findCategoryAndSubcategory,
  findCompetitionForDelete,
  findCompetitionWithNamesById,
  insertCompetition,
  updateCompetitionRow,
} from './competitions.repository.ts';
import { findListingFacts, toPublicCompetition } from './competitions.service.ts';
import { priceColumnsOfInput } from './competition-prices.ts';
import { priceDateIssues } from '../../../shared/schemas/competition-prices.ts';
import { competitionWindow } from '../../../shared/domain/competition-status.ts';

/*
 * The admin's side of competitions: the public ones with what the form edits, and the
 * writes. Each write checks what the input refers to, writes and audits in one transaction, then
 * drops the public cache so the site shows the change at once.
 */

/** What the admin functions use of the app. */
export type CompetitionAdminContext = Pick<Deps, 'db' | 'clock' | 'settings' | 'contentCache'>;

const audit = auditEntriesOf('competition');

async function toAdminCompetitions(
  ctx: CompetitionAdminContext,
  rows: CompetitionWithNamesRow[],
  counts: Map<string, number>,
): Promise<AdminCompetition[]> {
  const { timeZone } = await ctx.settings.getSettings();
  const now = ctx.clock.now();
  const [images, facts] = await Promise.all([
    describeImages(
      ctx.db,
      rows.flatMap((r) => [r.image_url, r.prize_image_url]),
    ),
    findListingFacts(ctx.db),
  ]);
  return rows.map((row) => ({
    ...toPublicCompetition(row, images, facts, timeZone, now),
    imageUrl: row.image_url,
    prizeImageUrl: row.prize_image_url,
    closingTime: row.closing_time ?? '',
    draft: row.draft === 1,
    rules: row.rules ?? '',
    eligibility: row.eligibility ?? '',
    prizeDescription: row.prize_description ?? '',
    submissionCount: counts.get(row.id) ?? 0,
  }));
}

/** Every competition, newest created first (seed §7). */
export async function listAdminCompetitions(
  ctx: CompetitionAdminContext,
): Promise<AdminCompetition[]> {
  const db = ctx.db;
  const [rows, counts] = await Promise.all([
    findAllCompetitionsWithNames(db),
    countSubmissionsByCompetition(db),
  ]);
  return toAdminCompetitions(ctx, rows, counts);
}

export async function findAdminCompetition(
  ctx: CompetitionAdminContext,
  id: string,
): Promise<AdminCompetition> {
  if (!isRecordId(id)) throw notFound(COMPETITION_NOT_FOUND);
  const db = ctx.db;
  const row = await findCompetitionWithNamesById(db, id);
  if (!row) throw notFound(COMPETITION_NOT_FOUND);
  const [competition] = await toAdminCompetitions(
    ctx,
    [row],
    await countSubmissionsByCompetition(db, id),
  );
  return competition as AdminCompetition;
}

/**
 * The category must exist and the subcategory be one of its own; the images must be uploads of
 * this site (a `media` row), so no record can point at an arbitrary address.
 */
async function checkReferences(
  trx: Kysely<DB>,
  input: CompetitionInput,
  timeZone: string,
): Promise<void> {
  const fields: Record<string, string> = priceDateIssues(input, competitionWindow(input, timeZone));
  const found = await findCategoryAndSubcategory(trx, input.categoryId, input.subcategoryId);
  if (!found.category) fields.categoryId = COMPETITION_MESSAGES.categoryNotFound;
  else if (input.subcategoryId !== null && !found.subcategory) {
    fields.subcategoryId = COMPETITION_MESSAGES.subcategoryNotInCategory;
  }
  Object.assign(
    fields,
    await unknownImageFields(
      trx,
      { imageUrl: input.imageUrl, prizeImageUrl: input.prizeImageUrl },
      COMPETITION_MESSAGES.unknownImage,
    ),
  );
  if (Object.keys(fields).length > 0) throw invalidFields(fields);
}

function toRowValues(input: CompetitionInput) {
  return {
    title: input.title,
    description: input.description,
    image_url: input.imageUrl,
    prize_image_url: input.prizeImageUrl,
    category_id: input.categoryId,
    subcategory_id: input.subcategoryId,
    start_date: input.startDate,
    end_date: input.endDate,
    entry_type: input.entryType,
    entry_fee: input.entryFee,
    closing_time: input.closingTime,
    draft: input.draft ? 1 : 0,
    rules: input.rules || null,
    eligibility: input.eligibility || null,
    prize_description: input.prizeDescription || null,
    min_artwork_long_side: input.minArtworkLongSide,
    min_works: input.minWorks,
    max_works: input.maxWorks,
    ...priceColumnsOfInput(input),
  };
}

export async function createCompetition(
  ctx: CompetitionAdminContext,
  input: CompetitionInput,
  admin: AuditActor,
): Promise<AdminCompetition> {
  const id = randomUUID();
  const at = ctx.clock.now();
  const now = at.toISOString();
  // Read before the transaction: a settings read inside it would query outside it.
  const { timeZone } = await ctx.settings.getSettings();
  await writePublicContent(ctx, async (trx) => {
    await checkReferences(trx, input, timeZone);
    await insertCompetition(trx, { id, ...toRowValues(input), created_at: now, updated_at: now });
    await recordAudit(trx, audit(admin, 'competition.create', id, { title: input.title }), at);
  });
  return findAdminCompetition(ctx, id);
}

export async function updateCompetition(
  ctx: CompetitionAdminContext,
  id: string,
  input: CompetitionInput,
  admin: AuditActor,
): Promise<AdminCompetition> {
  if (!isRecordId(id)) throw notFound(COMPETITION_NOT_FOUND);
  const now = ctx.clock.now();
  // Read before the transaction: a settings read inside it would query outside it.
  const { timeZone } = await ctx.settings.getSettings();
  await writePublicContent(ctx, async (trx) => {
    await checkReferences(trx, input, timeZone);
    const values = { ...toRowValues(input), updated_at: now.toISOString() };
    if (!(await updateCompetitionRow(trx, id, values))) throw notFound(COMPETITION_NOT_FOUND);
    await recordAudit(trx, audit(admin, 'competition.update', id, { title: input.title }), now);
  });
  return findAdminCompetition(ctx, id);
}

/**
 * Deletes a competition and keeps its submissions: the foreign key sets their competition to
 * none, and each already holds the competition's title and fee as they were (PRODUCT.md point 9).
 */
export async function deleteCompetition(
  ctx: CompetitionAdminContext,
  id: string,
  admin: AuditActor,
): Promise<CompetitionDeleted> {
  if (!isRecordId(id)) throw notFound(COMPETITION_NOT_FOUND);
  const now = ctx.clock.now();
  const submissionsKept = await writePublicContent(ctx, async (trx) => {
    const found = await findCompetitionForDelete(trx, id);
    if (!found) throw notFound(COMPETITION_NOT_FOUND);
    const kept = (await countSubmissionsByCompetition(trx, id)).get(id) ?? 0;
    if (!(await deleteCompetitionRow(trx, id))) throw notFound(COMPETITION_NOT_FOUND);
    await recordAudit(
      trx,
      audit(admin, 'competition.delete', id, { title: found.title, submissionsKept: kept }),
      now,
    );
    return kept;
  });
  return { id, submissionsKept };
}
