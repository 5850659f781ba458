import { buffer } from 'node:stream/consumers';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import {
  describeImages,
  discardUnclaimedFiles,
  type DisplayMetadata,
  juryCopyOf,
  releaseFiles,
  storeResponsiveImage,
} from '../media/media.service.ts';
import { EXHIBITION_NAME_WITHHELD } from '../../../shared/schemas/exhibition.ts';
import { exhibitedWorkOf, type ExhibitedWork } from './exhibited-work.ts';
import { filesOfDisplayCopy, storedCreatorOf } from './display-copy-files.ts';
import {
  type ExhibitedWorkRow,
  findChosenWorks,
  findCompetitionsToCheckCopies,
  findDisplayImage,
  findExhibitionRow,
  findUnshownDisplayImages,
  forgetDisplayImagesOf,
  replaceDisplayImage,
} from './exhibitions.repository.ts';
import { createPeriodicJob, type PeriodicJob } from '../../jobs/periodic-job.ts';
import type { Worker } from '../feature.ts';

/*
 * The published display copies of an exhibition's works: responsive sizes made from the work's
 * large private copy by the image worker (in the image queue's turn, as the picture jobs are),
 * each carrying its creator and copyright in its XMP and EXIF. A withheld name stays withheld in
 * the bytes too. A picture not made yet (its picture job still due) is left for the next call.
 * The stored copy remembers its creator: when the work's no longer matches (consent changed, the
 * artist erased), the copy is made again, or forgotten when there is nothing to make it from, and
 * the old files are deleted.
 */

type Ctx = Pick<
  Deps,
  'db' | 'log' | 'clock' | 'storage' | 'imageQueue' | 'imageWorker' | 'contentCache'
>;

export function displayMetadataOf(work: ExhibitedWork, year: number): DisplayMetadata {
  const creator = work.artist ?? EXHIBITION_NAME_WITHHELD;
  const holder = work.artist ?? 'the artist';
  return { creator, copyright: `© ${year} ${holder}. All rights reserved.` };
}

/**
 * Sets the work's copies from `before` to `after` and deletes the files only `before` had. When
 * something changed meanwhile, the files only `after` has are deleted instead (a copy made while
 * its artist was being erased); answers whether it was set.
 */
async function replaceCopy(
  deps: Ctx,
  key: { exhibitionId: string; workId: string },
  before: string | null,
  after: string | null,
  madeFor?: { fullName: string; consent: ExhibitedWorkRow['publication_consent'] },
): Promise<boolean> {
  const released = await deps.db.transaction().execute(async (trx) => {
    const set = await replaceDisplayImage(trx, key, before, after, madeFor);
    const kept = set ? after : await findDisplayImage(trx, key.exhibitionId, key.workId);
    const keep = new Set(filesOfDisplayCopy(kept));
    const gone = filesOfDisplayCopy(set ? before : after).filter((file) => !keep.has(file));
    await releaseFiles(trx, gone);
    return { set, gone };
  });
  await discardUnclaimedFiles(deps, released.gone);
  return released.set;
}

/** Makes (or makes again) the work's display copy; answers whether it did. */
async function makeDisplayCopy(deps: Ctx, exhibitionId: string, row: ExhibitedWorkRow) {
  const key = { exhibitionId, workId: row.work_id };
  const work = exhibitedWorkOf(row, deps.log);
  const now = deps.clock.now();
  const metadata = displayMetadataOf(work, now.getUTCFullYear());
  const before = row.display_image;
  const stale = before !== null && storedCreatorOf(before) !== metadata.creator;
  if (before !== null && !stale && work.consent !== 'none') return false;
  const copy =
    work.consent === 'none' || !work.imageKey
      ? undefined
      : await juryCopyOf(deps.storage, work.imageKey, 'full');
  if (!copy) {
    // Nothing to make it from (the picture deleted) or not to be shown: a stale copy goes.
    if (before !== null && (stale || work.consent === 'none'))
      await replaceCopy(deps, key, before, null);
    return false;
  }
  const bytes = await buffer(copy.file.body);
  const url = await deps.imageQueue.runQueued(() =>
    storeResponsiveImage(deps.db, deps.storage, bytes, {
      worker: deps.imageWorker,
      now,
      metadata,
      log: deps.log,
    }),
  );
  const image = (await describeImages(deps.db, [url])).get(url);
  if (!image) return false;
  const after = JSON.stringify({ ...image, creator: metadata.creator });
  const madeFor = { fullName: row.full_name, consent: row.publication_consent };
  return replaceCopy(deps, key, before, after, madeFor);
}

/**
 * Makes the missing display copies of the competition's exhibition, and again those whose
 * creator no longer matches the work's; answers how many it made.
 */
export async function makeDisplayCopies(
  deps: Ctx,
  competitionId: string,
  stopping: () => boolean = () => false,
): Promise<number> {
  const exhibition = await findExhibitionRow(deps.db, competitionId);
  if (!exhibition) return 0;
  let made = 0;
  for (const row of await findChosenWorks(deps.db, exhibition.id)) {
    if (stopping()) break;
    if (await makeDisplayCopy(deps, exhibition.id, row)) made += 1;
  }
  // The kept gallery and pages show the new pictures now, not after the content's lifetime.
  if (made > 0) deps.contentCache.invalidate();
  return made;
}

/**
 * The erasure's part, inside its transaction: the entries' works lose their display copies (the
 * bytes carry the name); answers the copies' files, for the caller to release. The worker makes
 * new ones from what is left, if anything is.
 */
export async function forgetDisplayCopiesOf(
  trx: Kysely<DB>,
  submissionIds: readonly string[],
): Promise<string[]> {
  return (await forgetDisplayImagesOf(trx, submissionIds)).flatMap(filesOfDisplayCopy);
}

/** The job of each app (its deps), for the admin's changes to wake. */
const jobs = new WeakMap<object, PeriodicJob>();

/**
 * A round of the display copies' job now, or right after the one under way: the admin's choice
 * of works and the opening never wait for the pictures (hundreds of works take minutes).
 */
export function wakeDisplayCopies(deps: object): void {
  jobs.get(deps)?.wake();
}

/**
 * Deletes the display copies no one may see any more (their files carry the artist's name): of an
 * entry the admin deleted or no longer approves, or whose artist refused publication since;
 * answers how many.
 */
export async function forgetUnshownCopies(deps: Ctx): Promise<number> {
  let forgotten = 0;
  for (const row of await findUnshownDisplayImages(deps.db)) {
    const key = { exhibitionId: row.exhibitionId, workId: row.workId };
    if (await replaceCopy(deps, key, row.displayImage, null)) forgotten += 1;
  }
  if (forgotten > 0) deps.contentCache.invalidate();
  return forgotten;
}

/** Well under a minute: a picture whose job was still due when it was chosen is made soon after. */
export const DISPLAY_COPIES_INTERVAL_MS = 60_000;

/**
 * Deletes the copies no one may see any more, and makes those still missing, at start, every minute
 * and when the admin's changes wake it: the demo's exhibitions
 * (seeded without waiting for them) and works whose picture was not ready when chosen. Two
 * servers may make the same copy at once: its files are named by their bytes, so both write the
 * same; the work is done twice, never wrongly. Stopping ends the round after the picture under way.
 */
export function createDisplayCopiesJob(deps: Ctx): Worker {
  let stopped = false;
  const job = createPeriodicJob({
    name: 'Making exhibition display copies',
    intervalMs: DISPLAY_COPIES_INTERVAL_MS,
    runAtStart: true,
    log: deps.log,
    round: async () => {
      // A registration's pictures go first: the round gives way when they wait, the next
      // round takes up what is left.
      const givingWay = () => stopped || deps.imageQueue.waiting() > 0;
      await forgetUnshownCopies(deps);
      for (const competitionId of await findCompetitionsToCheckCopies(deps.db)) {
        if (givingWay()) return;
        await makeDisplayCopies(deps, competitionId, givingWay);
      }
    },
  });
  jobs.set(deps, job);
  return {
    start: () => job.start(),
    stop: () => {
      stopped = true;
      return job.stop();
    },
  };
}
