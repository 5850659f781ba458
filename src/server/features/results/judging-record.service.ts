import type { Kysely } from 'kysely';
import { publicApiPaths } from '../../../shared/api-paths.ts';
import { RESULTS_NOT_PUBLISHED } from '../../../shared/messages.ts';
import { judgingRecordPath } from '../../../shared/page-paths.ts';
import {
  JUDGING_RECORD_NOT_PUBLISHED,
  JudgingRecordSchema,
  type JudgingRecordState,
  NO_CLOSED_ROUND,
  type PublishedJudgingRecord,
} from '../../../shared/schemas/judging-record.ts';
import type { DB } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { type AuditActor, auditEntriesOf, recordAudit } from '../audit/audit.service.ts';
import { requireCompetition } from '../jury/jury.service.ts';
import { writeRecordBody } from './judging-record-data.ts';
import {
  findJudgingRecord,
  insertJudgingRecord,
  setJudgingRecordPublished,
} from './judging-record.repository.ts';
import { findPublication } from './publication.repository.ts';

/*
 * The judging record's publication: written once (at Publish when asked, or later by the admin),
 * shown while both it and the results are published, withdrawn and shown again with the same
 * bytes. Nothing here rebuilds a stored record: its SHA-256 is printed on certificates.
 */

export const RECORD_ALREADY_PUBLISHED = 'The judging record is already published.';
export const RECORD_NOT_PUBLISHED = 'The judging record is not published.';
const audit = auditEntriesOf('competition');

export type PreparedRecord = { body: string; sha256: string } | null;

/** The record's bytes as they would be stored now; 409 NO_CLOSED_ROUND when there is nothing. */
export async function prepareJudgingRecord(
  deps: Pick<Deps, 'db' | 'log'>,
  competitionId: string,
): Promise<PreparedRecord> {
  // A record already stored is kept: nothing to prepare.
  if (await findJudgingRecord(deps.db, competitionId)) return null;
  const prepared = await writeRecordBody(deps, competitionId);
  if (!prepared) throw new AppError(409, 'NO_CLOSED_ROUND', NO_CLOSED_ROUND);
  return prepared;
}

/** Inside the publishing transaction: stores the record (once) and shows it. */
export async function showJudgingRecord(
  trx: Kysely<DB>,
  competitionId: string,
  prepared: PreparedRecord,
  stamp: string,
): Promise<boolean> {
  if (prepared)
    await insertJudgingRecord(trx, { competition_id: competitionId, ...prepared, stamp });
  return setJudgingRecordPublished(trx, competitionId, stamp, stamp);
}

/** Whether the record is public now and its SHA-256 once stored (the admin's dialog). */
export async function judgingRecordState(
  db: Kysely<DB>,
  competitionId: string,
): Promise<JudgingRecordState> {
  const row = await findJudgingRecord(db, competitionId);
  return { published: Boolean(row?.published_at), sha256: row?.sha256 ?? null };
}

/**
 * The admin publishes (writing it the first time) or withdraws the record, while the results are
 * published: 409 RESULTS_NOT_PUBLISHED, RECORD_ALREADY_PUBLISHED, RECORD_NOT_PUBLISHED or
 * NO_CLOSED_ROUND otherwise.
 */
export async function changeJudgingRecord(
  deps: Pick<Deps, 'db' | 'log' | 'clock' | 'contentCache'>,
  competitionId: string,
  published: boolean,
  admin: AuditActor,
): Promise<JudgingRecordState> {
  const { db } = deps;
  await requireCompetition(db, competitionId);
  if (!(await findPublication(db, competitionId))?.published_at) {
    throw new AppError(409, 'RESULTS_NOT_PUBLISHED', RESULTS_NOT_PUBLISHED);
  }
  const prepared = published ? await prepareJudgingRecord(deps, competitionId) : null;
  const now = deps.clock.now();
  const stamp = now.toISOString();
  await db.transaction().execute(async (trx) => {
    const changed = published
      ? await showJudgingRecord(trx, competitionId, prepared, stamp)
      : await setJudgingRecordPublished(trx, competitionId, null, stamp);
    if (!changed) {
      throw published
        ? new AppError(409, 'RECORD_ALREADY_PUBLISHED', RECORD_ALREADY_PUBLISHED)
        : new AppError(409, 'RECORD_NOT_PUBLISHED', RECORD_NOT_PUBLISHED);
    }
    const row = await findJudgingRecord(trx, competitionId);
    const action = published ? 'results.record-publish' : 'results.record-withdraw';
    await recordAudit(trx, audit(admin, action, competitionId, { sha256: row?.sha256 }), now);
  });
  deps.contentCache.invalidate();
  return judgingRecordState(db, competitionId);
}

/** The stored record while it and the results are public; 404 otherwise. */
async function publishedRecordRow(db: Kysely<DB>, competitionId: string) {
  const publication = await findPublication(db, competitionId);
  if (!publication?.published_at) {
    throw new AppError(404, 'RESULTS_NOT_PUBLISHED', RESULTS_NOT_PUBLISHED);
  }
  const row = await findJudgingRecord(db, competitionId);
  if (!row?.published_at) {
    throw new AppError(404, 'JUDGING_RECORD_NOT_PUBLISHED', JUDGING_RECORD_NOT_PUBLISHED);
  }
  return { ...row, published_at: row.published_at };
}

/** The exact stored bytes, for the download. */
export async function judgingRecordFile(db: Kysely<DB>, competitionId: string) {
  const row = await publishedRecordRow(db, competitionId);
  return { body: Buffer.from(row.body, 'utf8'), sha256: row.sha256 };
}

/** The record page's data: the record parsed, its SHA-256 and its download. */
export async function publishedJudgingRecord(
  db: Kysely<DB>,
  competitionId: string,
): Promise<PublishedJudgingRecord> {
  const row = await publishedRecordRow(db, competitionId);
  return {
    sha256: row.sha256,
    publishedAt: row.published_at,
    downloadUrl: publicApiPaths.judgingRecordJson(competitionId),
    record: JudgingRecordSchema.parse(JSON.parse(row.body)),
  };
}

/** The results page's line: the record's SHA-256 and page while it is public, else null. */
export async function recordLineOf(db: Kysely<DB>, competitionId: string) {
  const row = await findJudgingRecord(db, competitionId);
  return row?.published_at ? { sha256: row.sha256, url: judgingRecordPath(competitionId) } : null;
}

/** The SHA-256 a certificate prints: the record's while it is public, else null. */
export async function publishedRecordHash(db: Kysely<DB>, competitionId: string) {
  return (await recordLineOf(db, competitionId))?.sha256 ?? null;
}

/** The download's name: 'judging-record-<competition id>.json'. */
export const recordFileName = (competitionId: string) =>
  `judging-record-${competitionId.replace(/[^\w-]/g, '')}.json`;
