import { buffer } from 'node:stream/consumers';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { createClaimedWork } from '../../jobs/claimed-work.ts';
import { retryAt } from '../../jobs/retry-delay.ts';
import {
  claimImageJob,
  deleteHeldImageJob,
  findDueImageJobKeys,
  findImageJobStatuses,
  type ImageJobRow,
  insertImageJobs,
  recordImageJobAttempt,
  submissionExists,
} from './image-jobs.repository.ts';
import { displayKeyOf, largeKeyOf, preparePrivateImage, uploadKeyOf } from './private-images.ts';
import { deleteUnclaimedFiles, insertUnclaimedFile } from './unclaimed-files.repository.ts';
import { discardUnclaimedFiles, releaseFiles } from './unclaimed-files.ts';

/*
 * A registration answers once its pictures are checked from their headers and stored as sent;
 * the stored copies (orientation applied, metadata stripped: an artwork's original, its large
 * JPEG and its display copy) are made here, afterwards, by a worker on every server. Each picture
 * is a row of image_jobs, claimed with one conditional update as the outbox's messages are, so two
 * servers never make one twice and a worker that died mid-job leaves it to the next once its
 * claim runs out. The copies are written under the keys the submission already names, listed as
 * unclaimed while written (so a submission deleted meanwhile leaves nothing behind); the row's
 * delete, in the transaction that unlists them, is the moment the picture is ready.
 */

export type PictureKind = 'photo' | 'artwork';

/** A picture of a registration to make, by the key its submission names. */
export interface PictureJob {
  key: string;
  kind: PictureKind;
}

export interface ImageJobsOptions {
  /** false: no rounds of its own (wake() does nothing): runOnce only, for tests. */
  background?: boolean;
  /** How often it looks for due jobs when nothing wakes it. */
  pollIntervalMs?: number;
}

export interface ImageJobs {
  /** Makes what is due soon, without waiting for the next round (after a registration commits). */
  wake(): void;
  /** One round at `now`, after any round under way: resolves to how many jobs it took. */
  runOnce(now?: Date): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

export const IMAGE_JOBS_POLL_INTERVAL_MS = 30_000;
/** Well over a picture's time (two seconds; a minute on a very busy server). */
export const IMAGE_JOB_CLAIM_MS = 5 * 60_000;
/** Attempts before a picture that keeps failing for outside reasons is given up. */
export const IMAGE_JOB_MAX_ATTEMPTS = 6;

/** In the registration's transaction: one job for each of its pictures. */
export async function queuePictureJobs(
  trx: Kysely<DB>,
  submissionId: string,
  jobs: readonly PictureJob[],
  now: Date,
): Promise<void> {
  const stamp = now.toISOString();
  await insertImageJobs(
    trx,
    jobs.map((job) => ({
      key: job.key,
      submission_id: submissionId,
      kind: job.kind,
      status: 'pending',
      run_after: stamp,
      created_at: stamp,
      updated_at: stamp,
    })),
  );
}

/** Each submission's pictures: ready unless a job of it is waiting, working or failed. */
export async function pictureStatesOf(
  db: Kysely<DB>,
  submissionIds: readonly string[],
): Promise<Map<string, 'processing' | 'failed'>> {
  const states = new Map<string, 'processing' | 'failed'>();
  for (const job of await findImageJobStatuses(db, submissionIds)) {
    // One failed picture is what the admin must hear of; otherwise they are being made.
    if (states.get(job.submission_id) !== 'failed') {
      states.set(job.submission_id, job.status === 'failed' ? 'failed' : 'processing');
    }
  }
  return states;
}

type JobsContext = Pick<Deps, 'db' | 'storage' | 'log' | 'clock' | 'imageQueue' | 'imageWorker'>;

/** The picture as sent is not there: the job cannot be done, now or later. */
class UploadMissing extends Error {}

/**
 * Makes one claimed picture: reads it as sent, re-encodes it in the image worker, writes the
 * copies, then (if the claim still holds) deletes the job and the picture as sent.
 */
async function makePicture(deps: JobsContext, job: ImageJobRow, claimedUntil: string) {
  const upload = await deps.storage.get(uploadKeyOf(job.key));
  if (!upload) throw new UploadMissing('The picture as sent is missing from storage.');
  const bytes = await buffer(upload.body);
  const image = await deps.imageQueue.runQueued(() =>
    preparePrivateImage(deps.imageWorker, job.kind, bytes),
  );
  const copies = [{ key: job.key, ...image.main }];
  if (image.large) copies.push({ key: largeKeyOf(job.key), ...image.large });
  if (image.display) copies.push({ key: displayKeyOf(job.key), ...image.display });
  const listedAt = deps.clock.now().toISOString();
  for (const copy of copies) {
    await insertUnclaimedFile(deps.db, copy.key, listedAt);
    await deps.storage.put(copy.key, copy.data, { contentType: copy.contentType });
  }
  const keys = copies.map((copy) => copy.key);
  const done = await deps.db.transaction().execute(async (trx: Kysely<DB>) => {
    if (!(await deleteHeldImageJob(trx, job.key, claimedUntil))) return false;
    await deleteUnclaimedFiles(trx, keys);
    await releaseFiles(trx, [uploadKeyOf(job.key)]);
    return true;
  });
  if (done) {
    await discardUnclaimedFiles(deps, [uploadKeyOf(job.key)]);
    return;
  }
  if (await submissionExists(deps.db, job.submission_id)) {
    // Another worker took the job over: the copies are the submission's either way.
    await deleteUnclaimedFiles(deps.db, keys);
    deps.log.warn({ key: job.key }, 'a picture job’s claim ran out before it was done');
  } else {
    // Deleted while its picture was made: nothing of it stays.
    await discardUnclaimedFiles(deps, keys);
    deps.log.info({ key: job.key }, 'an entry was deleted while its picture was made');
  }
}

/** What a failed attempt leaves: tried again later, or failed for good for the admin to see. */
async function recordFailure(
  deps: JobsContext,
  job: ImageJobRow,
  claimedUntil: string,
  error: unknown,
): Promise<void> {
  const attempts = job.attempts + 1;
  // The picture itself cannot be read (or is gone): trying again changes nothing.
  const forGood =
    error instanceof UploadMissing ||
    (error instanceof AppError && error.statusCode < 500) ||
    attempts >= IMAGE_JOB_MAX_ATTEMPTS;
  const now = deps.clock.now();
  const lastError = error instanceof Error ? error.message : String(error);
  deps.log.warn({ key: job.key, attempts, error: lastError, forGood }, 'a picture job failed');
  await recordImageJobAttempt(deps.db, job.key, claimedUntil, {
    status: forGood ? 'failed' : 'pending',
    attempts,
    lastError,
    runAfter: forGood ? now.toISOString() : retryAt(now, attempts),
    now: now.toISOString(),
  });
}

export function createImageJobs(deps: JobsContext, options: ImageJobsOptions = {}): ImageJobs {
  const work = createClaimedWork({
    name: 'picture jobs round',
    clock: deps.clock,
    log: deps.log,
    background: options.background,
    pollIntervalMs: options.pollIntervalMs ?? IMAGE_JOBS_POLL_INTERVAL_MS,
    claimMs: IMAGE_JOB_CLAIM_MS,
    findDue: (now, limit) => findDueImageJobKeys(deps.db, now, limit),
    claim: (key, now, claimedUntil) => claimImageJob(deps.db, key, now, claimedUntil),
    async work(job, { claimedUntil }) {
      try {
        await makePicture(deps, job, claimedUntil);
      } catch (error) {
        await recordFailure(deps, job, claimedUntil, error);
      }
    },
  });
  // Stopping waits for the picture under way (or its claim runs out and another server redoes it).
  return { runOnce: work.runOnce, wake: work.wake, start: work.start, stop: () => work.stop() };
}
