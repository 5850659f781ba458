import { type PassThrough, Readable } from 'node:stream';
import pLimit from 'p-limit';
import { ZipFile } from 'yazl';
import { COMPETITION_NOT_FOUND } from '../../../shared/messages.ts';
import {
  ARCHIVE_MESSAGES,
  archiveFileName,
  type ArchiveQuery,
  MISSING_LIST_NAME,
} from '../../../shared/schemas/archive.ts';
import type { Deps } from '../../deps.ts';
import { AppError, notFound } from '../../errors.ts';
import { isValidKey } from '../media/media.service.ts';
import type { EntryLog, StoredWork } from '../submissions/submissions.service.ts';
import { entryWorksOf, imagesOfEntry, worksOfRows } from './entry-works.ts';
import { findArchiveCompetition } from './archive.repository.ts';
import { downloadName, extensionFromType } from './download-name.ts';
import type { ReviewFilters, ReviewRow } from './review.repository.ts';
import { reviewBatches } from './review.service.ts';

/*
 * A competition's artworks (the originals of its entries' image fields) as one
 * ZIP. Images are compressed already, so entries are stored as they are: with every file's size
 * asked of storage first, yazl knows the archive's exact length before it starts, and the browser
 * can show real progress. Files are then opened one at a time as the archive reaches them, so the
 * server holds one storage stream and a few kilobytes of the archive, never the whole.
 */

/** Files asked about at once: S3 answers each in a round trip, a folder at once. */
const STATS_AT_ONCE = 16;

interface Artwork {
  key: string;
  reference: string;
  fullName: string;
  label: string;
  submittedAt: Date;
}

interface ArchiveEntry {
  name: string;
  key: string;
  size: number;
  submittedAt: Date;
}

export interface ArtworksArchive {
  /** The file name to save it under. */
  name: string;
  /** The archive's exact length, when yazl could tell it in advance (always, uncompressed). */
  size: number | undefined;
  body: Readable;
}

/**
 * The stored originals an entry names in its category's image fields (not the display copies),
 * of every work, named with the work's number when it has several.
 */
function artworksOf(row: ReviewRow, works: StoredWork[] | undefined, log: EntryLog): Artwork[] {
  // A deleted category leaves no way to tell an image's key from a text: as a single download.
  return imagesOfEntry(entryWorksOf(row, works, log)).map(({ key, label }) => ({
    key,
    reference: row.reference,
    fullName: row.full_name,
    label,
    submittedAt: new Date(row.created_at),
  }));
}

/**
 * `name`, or `name-2.ext`, `name-3.ext`… when the archive has it already: compared ignoring case,
 * as Windows and macOS compare the files it unpacks to.
 */
function uniqueName(name: string, taken: Set<string>): string {
  const dot = name.lastIndexOf('.');
  const [stem, extension] = [name.slice(0, dot), name.slice(dot)];
  let candidate = name;
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem}-${n}${extension}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

/** The client went away before the archive started; nobody reads this answer. */
function cancelled(): AppError {
  return new AppError(499, 'CLIENT_CLOSED', 'The download was cancelled.');
}

/** What building an archive needs. */
type ArchiveDeps = Pick<Deps, 'db' | 'log' | 'storage'>;

/** Every artwork of the competition, oldest entry first, with its size, or listed as missing. */
async function planArchive(deps: ArchiveDeps, query: ArchiveQuery, signal: AbortSignal) {
  const limit = pLimit(STATS_AT_ONCE);
  const taken = new Set([MISSING_LIST_NAME]);
  const entries: ArchiveEntry[] = [];
  const missing: Artwork[] = [];
  // The competition's entries (or its approved ones) as the review reads a view, oldest first.
  const view: ReviewFilters = {
    pattern: undefined,
    status: query.status === 'approved' ? 'approved' : 'all',
    payment: 'all',
    // An entry its artist withdrew is no entry of the competition.
    hideWithdrawn: true,
    competitionId: query.competition,
  };
  for await (const batch of reviewBatches(deps, view, 'oldest')) {
    const works = await worksOfRows(deps.db, batch, deps.log);
    const artworks = batch.flatMap((row) => artworksOf(row, works.get(row.id), deps.log));
    // A value that is no storage key (a hand-edited row) is as missing as a deleted file.
    const stats = await limit.map(artworks, (artwork) =>
      isValidKey(artwork.key) ? deps.storage.stat(artwork.key) : undefined,
    );
    if (signal.aborted) throw cancelled();
    artworks.forEach((artwork, i) => {
      const stat = stats[i];
      if (!stat) {
        missing.push(artwork);
        return;
      }
      const extension = extensionFromType(stat.contentType);
      const name = downloadName(artwork.reference, artwork.fullName, artwork.label, extension);
      entries.push({
        name: uniqueName(name, taken),
        key: artwork.key,
        size: stat.size,
        submittedAt: artwork.submittedAt,
      });
    });
  }
  return { entries, missing };
}

function missingList(missing: Artwork[]): Buffer {
  const lines = [
    'These artworks are named by their entries but were not found in storage:',
    '',
    ...missing.map((a) => `${a.reference}\t${a.fullName}\t${a.label}`),
  ];
  // CRLF, so that every text editor on Windows shows the lines.
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}

/**
 * The archive of `query`'s competition, ready to send: 404 for an unknown competition or one
 * without artworks, decided before any byte is sent. `signal` is the client going away: the
 * storage stream open then is closed and no other is opened. `measureOnly` (a HEAD) gives the
 * name and length with an empty body, opening no file.
 */
export async function buildArtworksArchive(
  deps: ArchiveDeps,
  query: ArchiveQuery,
  signal: AbortSignal,
  { measureOnly = false } = {},
): Promise<ArtworksArchive> {
  const competition = await findArchiveCompetition(deps.db, query.competition);
  if (!competition) throw notFound(COMPETITION_NOT_FOUND);
  const approvedOnly = query.status === 'approved';
  const { entries, missing } = await planArchive(deps, query, signal);
  if (entries.length === 0 && missing.length === 0) {
    throw notFound(
      approvedOnly ? ARCHIVE_MESSAGES.noApprovedArtworks : ARCHIVE_MESSAGES.noArtworks,
    );
  }

  const zip = new ZipFile();
  // yazl's output is a PassThrough (its types say only ReadableStream).
  const body = zip.outputStream as PassThrough;
  let reading: Readable | undefined;
  // Measuring only: stopped before it starts, so yazl's call for the first file opens nothing.
  let stopped = measureOnly;
  /** Ends the download early: the storage stream open is closed and no other is opened. */
  const stop = (error?: Error) => {
    if (stopped) return;
    stopped = true;
    reading?.destroy();
    if (!body.destroyed) body.destroy(error);
  };
  zip.on('error', (error: Error) => {
    if (!stopped) deps.log.error({ err: error }, 'The artworks archive failed');
    // The length is promised: the client sees a cut-off download, never a wrong file.
    stop(error);
  });
  // Closed after its end, or by Fastify when the client went away.
  body.on('close', () => stop());
  signal.addEventListener('abort', () => stop(), { once: true });

  if (missing.length > 0) {
    zip.addBuffer(missingList(missing), MISSING_LIST_NAME, { compress: false });
  }
  for (const entry of entries) {
    const options = { compress: false, size: entry.size, mtime: entry.submittedAt };
    zip.addReadStreamLazy(entry.name, options, (done) => {
      if (stopped) return;
      void (async () => {
        try {
          const file = await deps.storage.get(entry.key);
          // Gone since it was measured: the promised length can no longer be kept.
          if (!file) throw new Error(`${entry.key} left storage during the download`);
          if (stopped) {
            file.body.destroy();
            return;
          }
          reading = file.body;
          done(null, file.body);
        } catch (error) {
          done(error, undefined as unknown as Readable);
        }
      })();
    });
  }
  let size = -1;
  // Called at once, since every size is known; @types/yazl leaves its argument out.
  zip.end({ forceZip64Format: false, comment: '' }, (...total: number[]) => {
    size = total[0] ?? -1;
  });

  const name = archiveFileName(competition.title, approvedOnly);
  if (measureOnly) body.destroy();
  return {
    name,
    size: size >= 0 ? size : undefined,
    body: measureOnly ? Readable.from([]) : body,
  };
}
