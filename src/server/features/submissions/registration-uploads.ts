import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import { DOCUMENT_MIME_TYPE } from '../../../shared/domain/field-answers.ts';
import { IMAGE_MAX_BYTES } from '../../../shared/domain/image-upload.ts';
import type { FormField } from '../../../shared/schemas/form-field.ts';
import {
  fieldIdOfImagePart,
  PHOTO_PART,
  workOfImagePart,
} from '../../../shared/registration-request.ts';
import type { Deps } from '../../deps.ts';
import {
  storeUnclaimedStream,
  UploadSniffer,
  UploadTooLargeError,
  uploadKeyOf,
  type SniffedUpload,
} from '../media/media.service.ts';
import { submissionFolderOf } from './stored-entry.ts';

/*
 * A registration's file parts, each streamed to storage as it arrives (listed as unclaimed
 * first), sniffed on the way for the checks made once the whole request is read
 * (registration-images.ts, registration-documents.ts). Memory holds a part's head and tail,
 * never the file; anything refused later is discarded with the request's other files.
 */

/** A file part as received: where its bytes are stored, and what the sniffer saw of them. */
export interface ReceivedFile {
  /** The part's name (made canonical, `works.<n>.<id>`, once placed in the values). */
  name: string;
  /** The key the entry names it by: a picture's job writes it; a document is stored there. */
  key: string;
  /** Where the bytes are: a picture as sent (uploadKeyOf), a document at its key. */
  storedKey: string;
  contentType: string;
  sniffed: SniffedUpload;
}

export const isReceivedFile = (value: unknown): value is ReceivedFile =>
  value !== null && typeof value === 'object' && 'sniffed' in value && 'storedKey' in value;

/** The field a part answers. */
export const fieldOfPart = (part: string) =>
  workOfImagePart(part)?.fieldId ?? fieldIdOfImagePart(part);

/** A picture's type from its first bytes, as sharp tells it; another type is refused later. */
function pictureTypeOf(first: Buffer): string {
  if (first[0] === 0xff && first[1] === 0xd8) return 'image/jpeg';
  if (first.toString('latin1', 1, 4) === 'PNG') return 'image/png';
  if (first.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  return 'application/octet-stream';
}

const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/webp': 'webp' };

/**
 * Keys under the submission's folder: readable names, made unique by a random suffix. A picture
 * is stored as sent (uploadKeyOf) beside the key its job writes: a JPEG for the photo, the
 * artwork's own format for its original.
 */
function keysOf(submissionId: string, part: string, document: boolean, contentType: string) {
  const field = part === PHOTO_PART ? PHOTO_PART : fieldOfPart(part);
  const index = workOfImagePart(part)?.index ?? 0;
  const named = !document && index > 0 ? `${field}-${index + 1}` : field;
  const fallback = document ? 'document' : 'image';
  const name = named.toLowerCase().replace(/[^a-z0-9_-]/g, '') || fallback;
  const ext = document ? 'pdf' : (part !== PHOTO_PART && EXTENSIONS[contentType]) || 'jpg';
  const key = `${submissionFolderOf(submissionId)}${name}-${randomBytes(4).toString('hex')}.${ext}`;
  return { key, storedKey: document ? key : uploadKeyOf(key) };
}

/** The first bytes of a part (enough to tell its type), and a stream of all of its bytes. */
async function peek(file: Readable): Promise<{ first: Buffer; body: Readable }> {
  const chunks = file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const seen: Buffer[] = [];
  let length = 0;
  let ended = false;
  while (length < 16) {
    const next = await chunks.next();
    if (next.done) {
      ended = true;
      break;
    }
    seen.push(next.value);
    length += next.value.length;
  }
  async function* all() {
    yield* seen;
    if (ended) return;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
  }
  return { first: Buffer.concat(seen), body: Readable.from(all(), { objectMode: false }) };
}

/**
 * Streams a file part to storage under the submission's folder, listed as unclaimed. An empty
 * part (a file not chosen) stores nothing and answers undefined. A part over the size limit
 * fails with UploadTooLargeError, nothing left stored; the source's own failure (a body cut
 * short) is thrown as it is.
 */
export async function receiveFile(
  deps: Pick<Deps, 'db' | 'storage' | 'log' | 'clock'>,
  part: MultipartFile,
  submissionId: string,
  fields: readonly FormField[],
): Promise<ReceivedFile | undefined> {
  let broken: unknown;
  part.file.once('error', (error) => (broken ??= error));
  const { first, body } = await peek(part.file).catch((error: unknown) => {
    throw new BodyReadError(error);
  });
  if (first.length === 0) return undefined;
  const document = fields.some(
    (f) => f.id === fieldOfPart(part.fieldname) && f.type === 'document',
  );
  const contentType = document ? DOCUMENT_MIME_TYPE : pictureTypeOf(first);
  const { key, storedKey } = keysOf(submissionId, part.fieldname, document, contentType);
  const sniffer = new UploadSniffer(IMAGE_MAX_BYTES, () => part.file.truncated);
  const [piped, stored] = await Promise.allSettled([
    pipeline(body, sniffer),
    storeUnclaimedStream(deps, { key: storedKey, body: sniffer, contentType }),
  ]);
  const failures = [piped, stored].flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
  if (failures.length === 0) {
    return { name: part.fieldname, key, storedKey, contentType, sniffed: sniffer.result() };
  }
  const tooLarge = failures.find((error) => error instanceof UploadTooLargeError);
  if (tooLarge) throw tooLarge;
  if (broken !== undefined) throw new BodyReadError(broken);
  throw stored.status === 'rejected' ? stored.reason : failures[0];
}

/** The request's body failed while a part was read (cut short, malformed): not the storage. */
export class BodyReadError extends Error {
  readonly source: unknown;
  constructor(source: unknown) {
    super('The request body failed while a file part was read.', { cause: source });
    this.source = source;
  }
}
