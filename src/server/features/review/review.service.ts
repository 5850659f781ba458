import { answerText, type StoredAnswer } from '../../../shared/domain/field-answers.ts';
import type { Kysely } from 'kysely';
import type {
  ReviewCounts,
  ReviewItem,
  ReviewPage,
  ReviewQuery,
} from '../../../shared/schemas/review.ts';
import type { DB } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { AppError, notFound } from '../../errors.ts';
import { type FormField, isAskedPerWork } from '../../../shared/schemas/form-field.ts';
import { displayKeyOf, pictureStatesOf, privateFileUrl } from '../media/media.service.ts';
import type { StoredFile } from '../media/media.service.ts';
import {
  decodeEntry,
  type EntryLog,
  paymentStateOfRow,
  type StoredFieldValues,
  worksOf,
  searchPattern,
  submissionStatusOfRow,
} from '../submissions/submissions.service.ts';
import { SUBMISSION_NOT_FOUND } from './admin-entry.ts';
import { entryWorksOf, imagesOfEntry } from './entry-works.ts';
import { downloadName, extensionFromType } from './download-name.ts';
import { findLikelyDuplicateGroups, findLikelyDuplicateIds } from './duplicates.repository.ts';
import {
  countReviewFacets,
  findSubmissionFiles,
  findReviewPage,
  findReviewRow,
  type ReviewFilters,
  type ReviewPosition,
  type ReviewRow,
} from './review.repository.ts';

/** What other features take of the review: an entry as the admin sees it, and its downloads. */
export { loadAdminEntry, SUBMISSION_NOT_FOUND } from './admin-entry.ts';
export { attachmentHeader } from './download-name.ts';
export { spreadsheetCsv } from './spreadsheet.ts';

/* The submissions review, searched, filtered and paged on the server. */

/**
 * What reading the review needs: the database, and a log for a damaged row (the server's deps, or
 * a script's database and console).
 */
export interface ReviewDeps {
  db: Kysely<DB>;
  log: EntryLog;
}

export const INVALID_CURSOR =
  'This page of results is no longer valid. Start again from the first page.';

const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)\|([0-9a-f-]{36})$/;

/** A page's position as the next request sends it back: opaque, but only a position. */
function cursorOf(row: ReviewRow): string {
  return Buffer.from(`${row.created_at}|${row.id}`).toString('base64url');
}

/** The position a cursor names, or 400 INVALID_CURSOR for anything else. */
function positionOf(cursor: string): ReviewPosition {
  const match = CURSOR.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  const createdAt = match?.[1];
  // A real instant, written as the server writes them: '2026-13-45…' is no position.
  const real =
    createdAt !== undefined &&
    !Number.isNaN(Date.parse(createdAt)) &&
    new Date(createdAt).toISOString() === createdAt;
  if (!match || !real) throw new AppError(400, 'INVALID_CURSOR', INVALID_CURSOR);
  return { createdAt, id: match[2] as string };
}

/** A file as the admin's link to it (a picture's display copy), any other answer as text. */
function fileOrAnswer(field: FormField, value: StoredAnswer): string {
  if (typeof value === 'string' && field.type === 'image')
    return privateFileUrl(displayKeyOf(value));
  if (typeof value === 'string' && field.type === 'document') return privateFileUrl(value);
  return answerText(field, value);
}

function itemOf(
  row: ReviewRow,
  possibleDuplicate: boolean,
  pictures: ReviewItem['pictures'],
  log: EntryLog,
): ReviewItem {
  const { fields, values } = decodeEntry(row, log);
  return {
    id: row.id,
    reference: row.reference,
    fullName: row.full_name,
    email: row.email,
    phone: row.phone,
    age: row.age,
    ageCategory: row.age_category,
    gender: row.gender,
    address: row.address,
    pincode: row.pincode,
    createdAt: row.created_at,
    competition: { id: row.competition_id, title: row.competition_title },
    category: { id: row.category_id, name: row.category_name },
    subcategory: { id: row.subcategory_id, name: row.subcategory_name },
    status: submissionStatusOfRow(row),
    paymentState: paymentStateOfRow(row),
    entryFee: row.entry_fee,
    photoUrl: privateFileUrl(row.photo_key),
    pictures,
    fields: reviewFieldsOf(fields, values),
    possibleDuplicate,
    changedAfterReview: row.changed_after_review_at,
  };
}

/** Seed §2: the category's enabled fields, each by its type; previews are the display copy. */
function reviewFieldsOf(fields: FormField[], values: StoredFieldValues): ReviewItem['fields'] {
  return fields.flatMap((field) => {
    const value = values[field.id];
    if (!field.enabled || value === undefined || answerText(field, value) === '') return [];
    return [
      { id: field.id, label: field.label, type: field.type, value: fileOrAnswer(field, value) },
    ];
  });
}

/** The query's filters, as the repository takes them. */
export function filtersOf(query: Omit<ReviewQuery, 'cursor' | 'limit' | 'sort'>): ReviewFilters {
  const search = query.q?.trim() ?? '';
  return {
    pattern: search === '' ? undefined : searchPattern(search),
    status: query.status,
    payment: query.payment,
    hideWithdrawn: query.withdrawn === 'hide',
    competitionId: query.competition,
    duplicates: query.duplicates === 'only',
  };
}

export async function listSubmissions(
  { db, log }: ReviewDeps,
  query: ReviewQuery,
): Promise<ReviewPage> {
  const filters = filtersOf(query);
  const after = query.cursor === undefined ? undefined : positionOf(query.cursor);
  // One row more than the page tells whether another page follows.
  const rows = await findReviewPage(db, filters, query.sort, after, query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  // For this page's rows only: an index probe each, whatever the size of the table.
  const ids = page.map((row) => row.id);
  const [duplicates, pictures] = await Promise.all([
    findLikelyDuplicateIds(db, ids),
    pictureStatesOf(db, ids),
  ]);
  return {
    items: page.map((row) =>
      itemOf(row, duplicates.has(row.id), pictures.get(row.id) ?? 'ready', log),
    ),
    nextCursor: rows.length > query.limit && last ? cursorOf(last) : null,
  };
}

/**
 * One entry as a row of the review shows it: the admin's entry page shows its photo and artworks
 * through the admin-only file routes, and whether it is a likely duplicate.
 */
export async function loadReviewItem({ db, log }: ReviewDeps, id: string): Promise<ReviewItem> {
  const [row, duplicates, pictures] = await Promise.all([
    findReviewRow(db, id),
    findLikelyDuplicateIds(db, [id]),
    pictureStatesOf(db, [id]),
  ]);
  if (!row) throw notFound(SUBMISSION_NOT_FOUND);
  const item = itemOf(row, duplicates.has(row.id), pictures.get(row.id) ?? 'ready', log);
  const entry = entryWorksOf(row, (await worksOf(db, [id], log)).get(id), log);
  const workFields = entry.fields.filter(isAskedPerWork);
  const works = entry.works.map((work) => ({
    number: work.position,
    fields: reviewFieldsOf(workFields, work.values),
  }));
  return { ...item, works };
}

/**
 * The counts above the table. They read every matching row, so they have their own request: a
 * page (the next one, a decision's reload) costs an index range, not a count of 100,000 rows.
 */
export async function countSubmissions(
  { db }: Pick<ReviewDeps, 'db'>,
  query: Omit<ReviewQuery, 'cursor' | 'limit' | 'sort'>,
): Promise<ReviewCounts> {
  return countReviewFacets(db, filtersOf(query));
}

/**
 * The groups of likely duplicates (the same competition and e-mail, one of them unpaid), the
 * largest first, and how many there are: what the dashboard lists.
 */
export async function listLikelyDuplicateGroups({ db }: Pick<ReviewDeps, 'db'>, limit: number) {
  return findLikelyDuplicateGroups(db, limit);
}

/**
 * Every submission of a view, in its order, a keyset batch at a time: what the CSV export and the
 * artworks archive read, holding one batch, never the view.
 */
export async function* reviewBatches(
  { db }: Pick<ReviewDeps, 'db'>,
  filters: ReviewFilters,
  order: 'newest' | 'oldest',
  size = 500,
): AsyncGenerator<ReviewRow[]> {
  let after: ReviewPosition | undefined;
  for (;;) {
    const batch = await findReviewPage(db, filters, order, after, size);
    if (batch.length > 0) yield batch;
    const last = batch.at(-1);
    if (!last || batch.length < size) return;
    after = { createdAt: last.created_at, id: last.id };
  }
}

export const FILE_NOT_FOUND = 'File not found';

/** The photo (`photo`) or an image field's file of a submission, with its download name. */
export async function findDownload(
  deps: Pick<Deps, 'db' | 'log' | 'storage'>,
  id: string,
  file: string,
): Promise<{ name: string; file: StoredFile }> {
  const row = await findSubmissionFiles(deps.db, id);
  if (!row) throw notFound(FILE_NOT_FOUND);
  const works = file === 'photo' ? undefined : await worksOf(deps.db, [id], deps.log);
  const image =
    file === 'photo'
      ? { key: row.photo_key, label: 'photo' }
      : imagesOfEntry(entryWorksOf(row, works?.get(id), deps.log)).find(
          (found) => found.fileId === file,
        );
  const stored = image === undefined ? undefined : await deps.storage.get(image.key);
  if (!image || !stored) throw notFound(FILE_NOT_FOUND);
  return {
    name: downloadName(
      row.reference,
      row.full_name,
      image.label,
      extensionFromType(stored.contentType),
    ),
    file: stored,
  };
}
