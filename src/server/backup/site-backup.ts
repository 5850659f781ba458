import { randomUUID } from 'node:crypto';
import { createWriteStream, existsSync, readdirSync, statSync } from 'node:fs';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import BetterSqlite3 from 'better-sqlite3';
import { type Entry, open as openZip, type ZipFile as ZipReader } from 'yauzl';
import { ZipFile } from 'yazl';
import { SQLITE_FILE_NAME } from '../db/database.ts';

/*
 * `npm run backup` and `npm run restore` (src/server/cli): a site on SQLite with its files in
 * DATA_DIR, copied into one ZIP file while it runs, and brought back into an empty DATA_DIR.
 * The database is copied first with SQLite's online backup API (a consistent snapshot, taken
 * while the site goes on writing), then the files: every file the snapshot names existed when
 * it was taken, and files are only ever added, or deleted after the record owning them is. A
 * record deleted while the backup runs may therefore come back without its files; a file that
 * disappears while it is being copied fails the backup, to be run again.
 * PostgreSQL and S3 have tools of their own: the README's "Backups" gives the commands.
 */

/** The archive's layout: the database, the files under `uploads/`, and this manifest. */
const MANIFEST = 'white-stroke-backup.json';
const FORMAT = 1;
const UPLOADS = 'uploads';
/** The most pages SQLite's backup step takes at once: all of them. */
const ALL_PAGES = 0x7fffffff;
/** Half-written files of the local storage: never part of a backup. */
const SKIPPED_FOLDERS = new Set(['.tmp']);

export class BackupError extends Error {}

interface Manifest {
  format: number;
  createdAt: string;
  database: typeof SQLITE_FILE_NAME;
  files: number;
}

export interface BackupResult {
  file: string;
  files: number;
  bytes: number;
}

/** Every file under `folder`, as paths relative to it with '/', leaving out the skipped ones. */
function filesUnder(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
    .map((relative) => relative.split(path.sep).join('/'))
    .filter((relative) => !SKIPPED_FOLDERS.has(relative.split('/')[0] ?? ''))
    .sort();
}

/**
 * Writes the backup of the site in `dataDir` to `file` (written beside it, then renamed: a
 * backup that fails leaves no half file). The site may be running.
 */
export async function backupSite(dataDir: string, file: string): Promise<BackupResult> {
  const databaseFile = path.join(dataDir, SQLITE_FILE_NAME);
  if (!existsSync(databaseFile)) {
    throw new BackupError(`There is no SQLite database in ${dataDir} (${SQLITE_FILE_NAME}).`);
  }
  const partial = `${file}.${randomUUID()}.partial`;
  const snapshot = `${partial}.sqlite`;
  try {
    // Not read-only: a read-only connection to a database in WAL mode may not open while the
    // site holds it. The backup API only reads.
    const source = new BetterSqlite3(databaseFile, { fileMustExist: true });
    try {
      // Every page in one step: between steps, a write by the running site restarts the
      // backup from the start, and a busy site could keep it from ever finishing.
      await source.backup(snapshot, { progress: () => ALL_PAGES });
    } finally {
      source.close();
    }
    const uploads = path.join(dataDir, UPLOADS);
    const files = filesUnder(uploads);
    const manifest: Manifest = {
      format: FORMAT,
      createdAt: new Date().toISOString(),
      database: SQLITE_FILE_NAME,
      files: files.length,
    };
    const zip = new ZipFile();
    zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 2)), MANIFEST);
    zip.addFile(snapshot, SQLITE_FILE_NAME);
    for (const relative of files) {
      // Pictures are compressed already: stored as they are, which is faster and as small.
      zip.addFile(path.join(uploads, ...relative.split('/')), `${UPLOADS}/${relative}`, {
        compress: false,
      });
    }
    zip.end();
    // A file deleted while the backup runs (a sweep, an admin's delete) is a failed backup, to
    // be run again: never a crash, never a half file.
    const failed = new Promise<never>((_, reject) => {
      zip.on('error', (error: Error) => {
        (zip.outputStream as Readable).destroy();
        reject(
          new BackupError(
            `A file changed while it was copied: run the backup again (${error.message}).`,
          ),
        );
      });
    });
    await Promise.race([pipeline(zip.outputStream, createWriteStream(partial)), failed]);
    await rename(partial, file);
    return { file, files: files.length, bytes: statSync(file).size };
  } finally {
    await rm(partial, { force: true });
    await rm(snapshot, { force: true });
  }
}

/**
 * Whether the folder holds a site already: a database, what SQLite keeps beside one (a stale
 * write-ahead log would be applied to the restored file), or any stored file.
 */
function holdsASite(dataDir: string): boolean {
  return (
    ['', '-wal', '-shm', '-journal'].some((side) =>
      existsSync(path.join(dataDir, `${SQLITE_FILE_NAME}${side}`)),
    ) || filesUnder(path.join(dataDir, UPLOADS)).length > 0
  );
}

/** An entry's name as a path inside the archive's layout; undefined for any other name. */
function safeName(name: string): string | undefined {
  const parts = name.split('/');
  const allowed =
    name === MANIFEST ||
    name === SQLITE_FILE_NAME ||
    (parts[0] === UPLOADS && parts.length > 1 && parts.every((p) => p !== '' && p !== '..'));
  return allowed && !name.includes('\\') ? name : undefined;
}

function openArchive(file: string): Promise<ZipReader> {
  return new Promise((resolve, reject) => {
    openZip(file, { lazyEntries: true, strictFileNames: true }, (error, zip) =>
      error ? reject(error) : resolve(zip),
    );
  });
}

/** Every entry of the archive, each handed to `take` in turn. */
async function eachEntry(zip: ZipReader, take: (entry: Entry) => Promise<void>): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: Entry) => {
      take(entry).then(() => zip.readEntry(), reject);
    });
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
}

function entryStream(zip: ZipReader, entry: Entry): Promise<NodeJS.ReadableStream> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream)));
  });
}

/**
 * Brings the backup `file` back into `dataDir`, which must hold no site yet. Everything is
 * unpacked into a folder of its own inside `dataDir` and checked before it is moved into place:
 * a damaged or foreign archive leaves `dataDir` as it was.
 */
export async function restoreSite(file: string, dataDir: string): Promise<{ files: number }> {
  if (!existsSync(file)) throw new BackupError(`There is no backup file ${file}.`);
  if (holdsASite(dataDir)) {
    throw new BackupError(
      `${dataDir} holds a site already: restore into an empty DATA_DIR (or move its contents away).`,
    );
  }
  const staging = path.join(dataDir, `.restore-${randomUUID()}`);
  await mkdir(staging, { recursive: true });
  try {
    let zip: ZipReader;
    try {
      zip = await openArchive(file);
    } catch (error) {
      throw new BackupError(`${file} is not a backup of this site: ${(error as Error).message}`);
    }
    let manifest: Manifest | undefined;
    let files = 0;
    try {
      await eachEntry(zip, async (entry) => {
        if (entry.fileName.endsWith('/')) return;
        const name = safeName(entry.fileName);
        if (!name) throw new BackupError(`${file} holds an unexpected file: ${entry.fileName}`);
        const target = path.join(staging, ...name.split('/'));
        await mkdir(path.dirname(target), { recursive: true });
        await pipeline(await entryStream(zip, entry), createWriteStream(target));
        if (name === MANIFEST) {
          manifest = JSON.parse(await readFile(target, 'utf8')) as Manifest;
        } else if (name !== SQLITE_FILE_NAME) files++;
      });
    } finally {
      zip.close();
    }
    if (manifest?.format !== FORMAT || manifest.files !== files) {
      throw new BackupError(
        `${file} is not a complete backup of this site (its manifest differs).`,
      );
    }
    checkDatabase(path.join(staging, SQLITE_FILE_NAME), file);
    await rm(path.join(staging, MANIFEST));
    // Into place: the files first, the database last (a site without it is still empty).
    if (existsSync(path.join(staging, UPLOADS))) {
      await rm(path.join(dataDir, UPLOADS), { recursive: true, force: true });
      await rename(path.join(staging, UPLOADS), path.join(dataDir, UPLOADS));
    }
    await rename(path.join(staging, SQLITE_FILE_NAME), path.join(dataDir, SQLITE_FILE_NAME));
    return { files };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** The unpacked database opens and passes SQLite's own integrity check. */
function checkDatabase(databaseFile: string, file: string): void {
  if (!existsSync(databaseFile)) throw new BackupError(`${file} holds no database.`);
  let handle: BetterSqlite3.Database | undefined;
  try {
    handle = new BetterSqlite3(databaseFile, { fileMustExist: true });
    const result = handle.pragma('integrity_check', { simple: true });
    if (result !== 'ok') throw new Error(String(result));
  } catch (error) {
    throw new BackupError(`The database in ${file} is damaged: ${(error as Error).message}`);
  } finally {
    handle?.close();
  }
}
