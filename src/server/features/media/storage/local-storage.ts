import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import {
  mkdir,
  open,
  readFile,
  rename,
  rm,
  rmdir,
  stat as statFile,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { hasErrorCode, StorageUnavailableError } from '../../../http/unreachable.ts';
import { assertValidKey, publicUrlOf, type Storage } from './storage.ts';

/** For files stored before content types were kept beside them. */
const TYPE_BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/**
 * Files under DATA_DIR/uploads: `<key>` holds the bytes and `.types/<key>` the content type. A
 * key's first segment is always public or private, so the dot folders can never be named by one.
 */
/** The disk is full, read-only or failing: no file can be written now. */
const WRITE_REFUSED = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EIO', 'EACCES', 'EPERM']);

export function createLocalStorage(dataDir: string): Storage {
  const root = path.join(dataDir, 'uploads');
  const typesRoot = path.join(root, '.types');
  const tempRoot = path.join(root, '.tmp');

  /** The file of a key; the check on the resolved path is a second guard after the key's own. */
  const fileOf = (base: string, key: string) => {
    assertValidKey(key);
    const file = path.resolve(base, ...key.split('/'));
    if (!file.startsWith(base + path.sep)) throw new Error(`Invalid storage key: ${key}`);
    return file;
  };

  /** A missing file, or a key that runs into a file where a folder would be, is no file. */
  const orNone = (error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return undefined;
    throw error;
  };

  const contentTypeOf = (key: string, file: string) =>
    readFile(fileOf(typesRoot, key), 'utf8').catch(
      () => TYPE_BY_EXTENSION[path.extname(file).slice(1)] ?? 'application/octet-stream',
    );

  /** Written beside, then renamed into place: a reader sees the old file or the new, never half. */
  async function writeAtomically(file: string, data: Buffer | string | Readable): Promise<void> {
    await mkdir(tempRoot, { recursive: true });
    const temp = path.join(tempRoot, randomUUID());
    try {
      if (typeof data === 'string' || Buffer.isBuffer(data)) await writeFile(temp, data);
      else await pipeline(data, createWriteStream(temp));
      // A delete of the folder's last file may remove the folder in between: it is made again.
      for (let attempt = 1; ; attempt++) {
        await mkdir(path.dirname(file), { recursive: true });
        try {
          await rename(temp, file);
          return;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || attempt === 3) throw error;
        }
      }
    } finally {
      await rm(temp, { force: true });
    }
  }

  /**
   * Removes the folders a deleted file leaves empty, from its own up to its namespace folder
   * (`private`, `public`), which stays: a submission's files leave no empty folder behind.
   */
  async function removeEmptyFolders(base: string, key: string): Promise<void> {
    const namespace = path.join(base, key.split('/')[0] ?? '');
    let folder = path.dirname(fileOf(base, key));
    while (folder.startsWith(namespace + path.sep)) {
      try {
        await rmdir(folder);
      } catch (error) {
        // Not empty (or not a folder): what is above it is not empty either.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return;
      }
      folder = path.dirname(folder);
    }
  }

  /** The content type, then the bytes (a partial stream is never renamed into place). */
  async function write(
    key: string,
    data: Buffer | Readable,
    { contentType }: { contentType: string },
  ) {
    const file = fileOf(root, key);
    try {
      await writeAtomically(fileOf(typesRoot, key), contentType);
      await writeAtomically(file, data);
    } catch (error) {
      if (!Buffer.isBuffer(data)) {
        // A stream cut short leaves no type behind either (there is no file to describe).
        data.destroy();
        await rm(fileOf(typesRoot, key), { force: true });
      }
      if (!hasErrorCode(error, WRITE_REFUSED)) throw error;
      throw new StorageUnavailableError(`DATA_DIR refused a file: ${(error as Error).message}`, {
        cause: error,
      });
    }
  }

  return {
    put: (key, data, options) => write(key, data, options),

    putStream: (key, body, options) => write(key, body, options),

    async get(key) {
      const file = fileOf(root, key);
      // One open file for the size and the bytes: a delete in between cannot split them.
      const handle = await open(file, 'r').catch(orNone);
      if (!handle) return undefined;
      const stats = await handle.stat();
      if (!stats.isFile()) {
        await handle.close();
        return undefined;
      }
      const contentType = await contentTypeOf(key, file);
      return { body: handle.createReadStream(), contentType, size: stats.size };
    },

    async stat(key) {
      const file = fileOf(root, key);
      const stats = await statFile(file).catch(orNone);
      if (!stats?.isFile()) return undefined;
      return { contentType: await contentTypeOf(key, file), size: stats.size };
    },

    async delete(key) {
      await rm(fileOf(root, key), { force: true });
      await rm(fileOf(typesRoot, key), { force: true });
      await removeEmptyFolders(root, key);
      await removeEmptyFolders(typesRoot, key);
    },

    publicUrl: publicUrlOf,

    async close() {},
  };
}
