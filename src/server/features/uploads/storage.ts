import { createHash } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** URL prefix of public files (competition, prize and banner images, logo, hero). */
export const PUBLIC_MEDIA_PREFIX = '/media/';

/**
 * Where files live. This is the local-folder implementation under DATA_DIR; public files are
 * content-addressed, so their URLs can be cached for a year. An S3-compatible implementation of
 * the same functions comes with the upload pipeline.
 */
export interface Storage {
  /** Stores a public file under a name derived from its bytes and returns that name. */
  putPublic(data: Buffer, extension: string): Promise<string>;
  deletePublic(key: string): Promise<void>;
  publicUrl(key: string): string;
  /** Folder served at PUBLIC_MEDIA_PREFIX. */
  readonly publicDir: string;
}

export function createLocalStorage(dataDir: string): Storage {
  const publicDir = path.join(dataDir, 'uploads', 'public');
  return {
    publicDir,
    async putPublic(data, extension) {
      const key = `${createHash('sha256').update(data).digest('hex').slice(0, 32)}.${extension}`;
      await mkdir(publicDir, { recursive: true });
      await writeFile(path.join(publicDir, key), data);
      return key;
    },
    async deletePublic(key) {
      await rm(path.join(publicDir, path.basename(key)), { force: true });
    },
    publicUrl: (key) => `${PUBLIC_MEDIA_PREFIX}${key}`,
  };
}
