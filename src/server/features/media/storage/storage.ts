import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { S3Config } from '../../../config.ts';

/** URL prefix of public files (competition, prize and banner images, logo, hero). */
export const PUBLIC_MEDIA_PREFIX = '/media/';
/** Files served at PUBLIC_MEDIA_PREFIX: `public/<name>` is `/media/<name>`. */
export const PUBLIC_NAMESPACE = 'public/';
/** Files no URL ever reaches (registration photos, later): read only by the app's own routes. */
export const PRIVATE_NAMESPACE = 'private/';

/** What a file is, without its bytes. */
export interface FileStat {
  contentType: string;
  size: number;
}

export interface StoredFile extends FileStat {
  body: Readable;
}

/**
 * Where files live: a local folder under DATA_DIR, or an S3-compatible bucket. Keys are
 * `public/...` or `private/...`; every method refuses any other key (see assertValidKey).
 */
export interface Storage {
  /** Stores the bytes under the key, replacing what was there. */
  put(key: string, data: Buffer, options: { contentType: string }): Promise<void>;
  /**
   * Stores a stream's bytes under the key as they arrive, never holding the whole file. When the
   * stream fails (or the store does), the error is thrown on and nothing is left under the key.
   */
  putStream(key: string, body: Readable, options: { contentType: string }): Promise<void>;
  /** The file as a stream, or undefined when there is none. */
  get(key: string): Promise<StoredFile | undefined>;
  /**
   * The file's size and content type without opening it, or undefined when there is none: what
   * an archive needs to know its exact length before it starts.
   */
  stat(key: string): Promise<FileStat | undefined>;
  /** Removes the file; removing a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** The URL of a public file; a private key has none and throws. */
  publicUrl(key: string): string;
  /** Lets go of connections (S3); the app calls it on close. */
  close(): Promise<void>;
}

// Segments of lowercase letters, digits, '.', '_' and '-', under one of the two namespaces. With
// '.' and '..' segments refused, a key can only ever name a file inside its namespace.
const KEY_PATTERN = /^(public|private)(\/[a-z0-9._-]+)+$/;
const MAX_KEY_LENGTH = 512;

export function isValidKey(key: string): boolean {
  return (
    key.length <= MAX_KEY_LENGTH &&
    KEY_PATTERN.test(key) &&
    key.split('/').every((segment) => segment !== '.' && segment !== '..')
  );
}

export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}

/** The one URL scheme of public files, whichever storage holds them. */
export function publicUrlOf(key: string): string {
  assertValidKey(key);
  if (!key.startsWith(PUBLIC_NAMESPACE)) {
    throw new Error(`A private file has no public URL: ${JSON.stringify(key)}`);
  }
  return `${PUBLIC_MEDIA_PREFIX}${key.slice(PUBLIC_NAMESPACE.length)}`;
}

/**
 * The key of a public file named by its bytes. A name never changes its bytes, so the URL can be
 * cached for a year, and storing the same bytes twice is one file.
 */
export function publicKeyOf(data: Buffer, extension: string): string {
  const hash = createHash('sha256').update(data).digest('hex').slice(0, 32);
  return `${PUBLIC_NAMESPACE}${hash}.${extension}`;
}

/** Stores a public file under the name publicKeyOf gives it and returns its URL. */
export async function putPublic(
  storage: Storage,
  data: Buffer,
  extension: string,
  contentType: string,
): Promise<string> {
  const key = publicKeyOf(data, extension);
  await storage.put(key, data, { contentType });
  return publicUrlOf(key);
}

/** The storage the configuration names: the S3 bucket when S3_BUCKET is set, else DATA_DIR. */
export async function createStorage(config: {
  dataDir: string;
  s3: S3Config | undefined;
}): Promise<Storage> {
  // Loaded only when used: a site on the local folder never pays for the AWS SDK's start-up.
  if (config.s3) return (await import('./s3-storage.ts')).createS3Storage(config.s3);
  return (await import('./local-storage.ts')).createLocalStorage(config.dataDir);
}
