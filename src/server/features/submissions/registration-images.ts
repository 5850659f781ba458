import { randomBytes } from 'node:crypto';
import { AppError } from '../../errors.ts';
import { checkUpload, uploadKeyOf } from '../media/media.service.ts';
import type { FileToStore, PictureJob, PictureKind } from '../media/media.service.ts';
import { submissionFolderOf } from './stored-entry.ts';
import {
  fieldIdOfImagePart,
  PHOTO_PART,
  workOfImagePart,
} from '../../../shared/registration-request.ts';
import { artworkTooSmall } from '../../../shared/domain/artwork-size.ts';

/*
 * The images of a registration: the file parts as received, checked from their bytes, and the
 * private files and picture jobs they become under the submission's folder.
 */

/** A file part as received: its part name and bytes. */
export interface ReceivedFile {
  name: string;
  data: Buffer;
}

/**
 * An image refused by the upload check, answered for its part: the seed's message in `fields`,
 * 415 as INVALID_IMAGE_TYPE (the contract's code). Anything unexpected passes through as it is.
 */
function imageRefusal(error: unknown, part: string): AppError {
  if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
  const code = error.statusCode === 415 ? 'INVALID_IMAGE_TYPE' : error.code;
  return new AppError(error.statusCode, code, error.message, { [part]: error.message });
}

/** A file part's field, with the work's number after it past the first (`artworkUrl-2`). */
function fieldOfPart(part: string): string {
  const work = workOfImagePart(part);
  if (!work) return fieldIdOfImagePart(part);
  return work.index === 0 ? work.fieldId : `${work.fieldId}-${work.index + 1}`;
}

export interface PictureToStore {
  part: string;
  fieldId: string | undefined;
  kind: PictureKind;
  data: Buffer;
  contentType: string;
}

const CONTENT_TYPES = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;
/** An artwork's original is kept in its own format: its key says which. */
const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/webp': 'webp' };

/**
 * Checks every picture from its header and container (checkUpload: a millisecond or two each, so
 * the artist's answer never waits for image work), and each artwork against the competition's
 * minimum size (`minLongSide`, from the upright dimensions): when one is refused, the answer
 * names every refused part (with the status of the first). Re-encoding waits for the job.
 */
export async function checkPictures(
  files: readonly ReceivedFile[],
  minLongSide: number | null = null,
): Promise<PictureToStore[]> {
  let refused: AppError | undefined;
  const fields: Record<string, string> = {};
  const checked: PictureToStore[] = [];
  for (const file of files) {
    try {
      const { format, width, height } = await checkUpload(file.data);
      const isPhoto = file.name === PHOTO_PART;
      const tooSmall = isPhoto ? undefined : artworkTooSmall(width, height, minLongSide);
      if (tooSmall) throw new AppError(422, 'ARTWORK_TOO_SMALL', tooSmall);
      checked.push({
        part: file.name,
        fieldId: isPhoto ? undefined : fieldOfPart(file.name),
        kind: isPhoto ? 'photo' : 'artwork',
        data: file.data,
        contentType: CONTENT_TYPES[format],
      });
    } catch (error) {
      const refusal = imageRefusal(error, file.name);
      refused ??= refusal;
      Object.assign(fields, refusal.fields);
    }
  }
  if (refused) throw new AppError(refused.statusCode, refused.code, refused.message, fields);
  return checked;
}

/**
 * Keys under the submission's folder: readable names, made unique by a random suffix. Each
 * picture is stored as sent (uploadKeyOf) beside the key its job will write: a JPEG for the
 * photo, the artwork's own format for its original.
 */
export function privateFilesOf(submissionId: string, pictures: readonly PictureToStore[]) {
  const files: FileToStore[] = [];
  const jobs: PictureJob[] = [];
  const keyByPart = new Map<string, string>();
  for (const { part, fieldId, kind, data, contentType } of pictures) {
    const name = (fieldId ?? PHOTO_PART).toLowerCase().replace(/[^a-z0-9_-]/g, '') || 'image';
    const ext = (kind === 'artwork' && EXTENSIONS[contentType]) || 'jpg';
    const key = `${submissionFolderOf(submissionId)}${name}-${randomBytes(4).toString('hex')}.${ext}`;
    keyByPart.set(part, key);
    files.push({ key: uploadKeyOf(key), data, contentType });
    jobs.push({ key, kind });
  }
  return { files, jobs, keyByPart };
}
