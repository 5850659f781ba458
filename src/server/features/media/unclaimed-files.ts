import type { Deps } from '../../deps.ts';
import type { Kysely } from 'kysely';
import type { Readable } from 'node:stream';
import { runAlone } from '../../db/advisory-locks.ts';
import type { DB } from '../../db/schema.ts';
import { createPeriodicJob, type PeriodicJob } from '../../jobs/periodic-job.ts';
import {
  deleteUnclaimedFiles,
  findUnclaimedFilesBefore,
  insertUnclaimedFile,
} from './unclaimed-files.repository.ts';

/*
 * A private file an artist sends belongs to exactly one submission, or is gone
 * within the hour. Each file is listed in unclaimed_files (committed on its own) before it is
 * written; the transaction of the record that owns it removes it from the list. A request that
 * fails removes its files and their rows itself; a crash between file and row leaves them listed,
 * and the sweeper removes every file listed for more than an hour, then its row.
 */

/** How long a file may stay listed before the sweeper removes it. */
export const UNCLAIMED_FILE_LIFETIME_MS = 60 * 60 * 1000;
export const UNCLAIMED_FILES_SWEEP_INTERVAL_MS = 10 * 60 * 1000;
const SWEEP_BATCH = 200;

/** What handling unclaimed files needs. */
export type FilesContext = Pick<Deps, 'db' | 'storage' | 'log' | 'clock'>;

export interface FileToStore {
  key: string;
  data: Buffer;
  contentType: string;
}

/**
 * Lists each file as unclaimed, then writes it. When listing or writing fails, what was written
 * is removed again before the error is thrown on.
 */
export async function storeUnclaimedFiles(
  deps: FilesContext,
  files: readonly FileToStore[],
  now = deps.clock.now(),
): Promise<void> {
  const listed: string[] = [];
  try {
    for (const file of files) {
      await insertUnclaimedFile(deps.db, file.key, now.toISOString());
      listed.push(file.key);
      await deps.storage.put(file.key, file.data, { contentType: file.contentType });
    }
  } catch (error) {
    await discardUnclaimedFiles(deps, listed);
    throw error;
  }
}

/**
 * Lists the file as unclaimed, then writes it from the stream as it arrives. When listing or
 * writing fails (the stream too), nothing is left and the error is thrown on.
 */
export async function storeUnclaimedStream(
  deps: FilesContext,
  file: { key: string; body: Readable; contentType: string },
  now = deps.clock.now(),
): Promise<void> {
  try {
    await insertUnclaimedFile(deps.db, file.key, now.toISOString());
    await deps.storage.putStream(file.key, file.body, { contentType: file.contentType });
  } catch (error) {
    file.body.destroy();
    await discardUnclaimedFiles(deps, [file.key]);
    throw error;
  }
}

/**
 * Inside the transaction of the record that now owns the files: they are no longer unclaimed.
 * Throws when one is no longer listed (the sweeper took it): the record must not name a file
 * that may be gone.
 */
export async function claimFiles(trx: Kysely<DB>, keys: readonly string[]): Promise<void> {
  const unique = [...new Set(keys)];
  const claimed = await deleteUnclaimedFiles(trx, unique);
  if (claimed !== unique.length) {
    throw new Error('A file written for this record was swept before the record was saved.');
  }
}

/**
 * Inside the transaction that deletes the record owning the files: they are listed again, as due
 * at the next sweep, so they go even when deleting them after the commit fails. The caller then
 * deletes them at once with discardUnclaimedFiles.
 */
export async function releaseFiles(trx: Kysely<DB>, keys: readonly string[]): Promise<void> {
  for (const key of new Set(keys)) await insertUnclaimedFile(trx, key, new Date(0).toISOString());
}

/**
 * The record was not saved: its files are deleted, then their rows. Never throws (it runs while
 * another error is on its way): a file that could not be deleted stays listed for the sweeper.
 */
export async function discardUnclaimedFiles(
  deps: FilesContext,
  keys: readonly string[],
): Promise<void> {
  const deleted: string[] = [];
  await Promise.all(
    keys.map(async (key) => {
      try {
        await deps.storage.delete(key);
        deleted.push(key);
      } catch (error) {
        // Still listed: the sweeper tries again.
        deps.log.warn(
          { err: error, key },
          'deleting an unclaimed file failed: left to the sweeper',
        );
      }
    }),
  );
  await deleteUnclaimedFiles(deps.db, deleted).catch((error: unknown) => {
    // The files are gone; their rows only make the sweeper try a delete that finds nothing.
    deps.log.warn({ err: error, keys: deleted }, 'unlisting deleted unclaimed files failed');
  });
}

/**
 * Removes every file listed for more than an hour at `now`, then its row; answers how many. A file
 * that cannot be deleted now (storage unreachable) stays listed for the next sweep.
 */
export async function sweepUnclaimedFiles(
  deps: FilesContext,
  now = deps.clock.now(),
): Promise<number> {
  const before = new Date(now.getTime() - UNCLAIMED_FILE_LIFETIME_MS).toISOString();
  let removed = 0;
  for (;;) {
    const keys = await findUnclaimedFilesBefore(deps.db, before, SWEEP_BATCH);
    const deleted: string[] = [];
    for (const key of keys) {
      try {
        await deps.storage.delete(key);
        deleted.push(key);
      } catch (error) {
        // Left listed: the next sweep tries again.
        deps.log.warn({ err: error, key }, 'sweeping an unclaimed file failed: tried again later');
      }
    }
    await deleteUnclaimedFiles(deps.db, deleted);
    removed += deleted.length;
    if (keys.length < SWEEP_BATCH || deleted.length === 0) return removed;
  }
}

const SWEEPER = 'sweeping unclaimed files';

/**
 * One round of the sweeper, unless another server sweeps now (it then finds the same files):
 * answers how many files it removed, or undefined when it left the round to the other.
 */
export function sweepUnlessSweptElsewhere(
  deps: FilesContext,
  now = deps.clock.now(),
): Promise<number | undefined> {
  return runAlone(deps.db, SWEEPER, () => sweepUnclaimedFiles(deps, now));
}

/**
 * Sweeps as soon as it starts (what a crash left behind goes at the restart, not ten minutes
 * later), then every ten minutes, one server at a time; `app.inject()` tests call
 * sweepUnclaimedFiles themselves.
 */
export function createUnclaimedFilesSweeper(deps: FilesContext): PeriodicJob {
  return createPeriodicJob({
    name: SWEEPER,
    intervalMs: UNCLAIMED_FILES_SWEEP_INTERVAL_MS,
    runAtStart: true,
    round: () => sweepUnlessSweptElsewhere(deps),
    log: deps.log,
  });
}
