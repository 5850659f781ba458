import type { Multipart } from '@fastify/multipart';
import { IMAGE_MAX_BYTES, IMAGE_TOO_LARGE } from '../../../shared/domain/image-upload.ts';
import { FORM_FIELDS_MAX } from '../../../shared/schemas/form-field.ts';
import { WORKS_MAX } from '../../../shared/schemas/works-range.ts';
import { DATA_PART } from '../../../shared/registration-request.ts';
import type { Deps } from '../../deps.ts';
import { AppError, invalidField, refuseUnsafeValue } from '../../errors.ts';
import { discardUnclaimedFiles, UploadTooLargeError } from '../media/media.service.ts';
import { BodyReadError, type ReceivedFile, receiveFile } from './registration-uploads.ts';
import type { OpenedRegistration } from './registration.service.ts';

/*
 * A multipart body of a registration's kind, read in order: the `data` part (JSON of the form's
 * values), then the file parts, each streamed to storage as it arrives. Registering and an
 * artist's change to their entry read their bodies the same way.
 */

/** Far above the longest form (40 fields of 500 characters, a 5000-character description) for each of 10 works. */
const DATA_MAX_BYTES = 1024 * 1024;
/** A picture for every field of every work, and the photo. */
const FILES_MAX = FORM_FIELDS_MAX * WORKS_MAX + 1;

/** The multipart plugin's limits for such a body. */
export const REGISTRATION_MULTIPART_LIMITS = {
  fileSize: IMAGE_MAX_BYTES,
  fieldSize: DATA_MAX_BYTES,
  // `data`, and one more so that a stray text part is answered by name.
  fields: 2,
  files: FILES_MAX,
  parts: FILES_MAX + 2,
};

export const REGISTRATION_BODY_MESSAGES = {
  notMultipart: 'Send the registration as multipart/form-data.',
  dataFirst: 'Send the form\'s values as JSON in the first part, named "data".',
  dataNotJson: 'The "data" part must be a JSON object of the form\'s values.',
  dataTooLarge: 'The "data" part is too large.',
  notAFile: 'Only files may follow "data"; the form\'s values go in "data".',
  unknownFile: (part: string) => `The form has no file field "${part}".`,
  oneFile: 'Send one file for this field.',
  tooManyParts: 'The registration has more parts than its form.',
  broken: 'The registration was not received whole. Please send it again.',
} as const;
const B = REGISTRATION_BODY_MESSAGES;

/** A failure to read the body, answered: multipart's own errors in this route's words. */
export function refuseBody(error: unknown): never {
  throw bodyRefusal(error);
}

/** Fastify's multipart errors as the answers of this route; AppErrors pass through. */
function bodyRefusal(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const failure = error as { code?: string; part?: { fieldname?: string } };
  switch (failure.code) {
    case 'FST_REQ_FILE_TOO_LARGE': {
      const part = failure.part?.fieldname ?? 'file';
      return new AppError(413, 'FILE_TOO_LARGE', IMAGE_TOO_LARGE, { [part]: IMAGE_TOO_LARGE });
    }
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new AppError(400, 'VALIDATION_ERROR', B.tooManyParts);
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return invalidField(DATA_PART, B.dataNotJson);
    default:
      // A body cut short or malformed, a part named like an object's own property.
      return new AppError(400, 'VALIDATION_ERROR', B.broken);
  }
}

/** The first part: the form's values, a JSON object. */
export async function readData(parts: AsyncIterator<Multipart>): Promise<Record<string, unknown>> {
  const { value: part, done } = await parts.next();
  if (done || part.type !== 'field' || part.fieldname !== DATA_PART) {
    throw invalidField(DATA_PART, B.dataFirst);
  }
  if (part.valueTruncated) {
    throw new AppError(413, 'PAYLOAD_TOO_LARGE', B.dataTooLarge, { [DATA_PART]: B.dataTooLarge });
  }
  let value: unknown = part.value;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      throw invalidField(DATA_PART, B.dataNotJson);
    }
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw invalidField(DATA_PART, B.dataNotJson);
  }
  // The JSON bodies' check (a NUL, nesting too deep) applies to this part as soon as it is read:
  // before any file is read or decoded, the same on both engines.
  refuseUnsafeValue(value);
  return value as Record<string, unknown>;
}

/** A part over the size limit, answered for its part as multipart's own limit is. */
function tooLarge(part: string): AppError {
  return new AppError(413, 'FILE_TOO_LARGE', IMAGE_TOO_LARGE, { [part]: IMAGE_TOO_LARGE });
}

/**
 * The file parts after `data`: only those the form takes (`photo`, `fieldValues.<image field>`),
 * each once, each streamed to storage as it arrives. An empty file part is a file not chosen, as a
 * browser's empty file input sends it. When one is refused or the body fails, the files stored
 * so far are removed.
 */
export async function readFiles(
  deps: Deps,
  parts: AsyncIterator<Multipart>,
  opened: Pick<OpenedRegistration, 'fileParts' | 'submissionId' | 'fields'>,
): Promise<ReceivedFile[]> {
  const files: ReceivedFile[] = [];
  const seen = new Set<string>();
  try {
    for (let next = await parts.next().catch(refuseBody); !next.done;) {
      const part = next.value;
      const name = part.fieldname;
      if (part.type !== 'file') throw invalidField(name, B.notAFile);
      if (!opened.fileParts.has(name)) throw invalidField(name, B.unknownFile(name));
      if (seen.has(name)) throw invalidField(name, B.oneFile);
      seen.add(name);
      const file = await receiveFile(deps, part, opened.submissionId, opened.fields).catch(
        (error: unknown) => {
          if (error instanceof UploadTooLargeError) throw tooLarge(name);
          if (error instanceof BodyReadError) refuseBody(error.source);
          throw error;
        },
      );
      if (file) files.push(file);
      next = await parts.next().catch(refuseBody);
    }
    return files;
  } catch (error) {
    await discardUnclaimedFiles(
      deps,
      files.map((file) => file.storedKey),
    );
    throw error;
  }
}
