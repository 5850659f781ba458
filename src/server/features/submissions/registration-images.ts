import { randomBytes } from 'node:crypto';
import { AppError } from '../../errors.ts';
import { checkImage } from '../media/image-check.service.ts';
import { runImageJob } from '../media/image-queue.service.ts';
import {
  displayKeyOf,
  preparePrivateImage,
  extensionOf,
  type PreparedImage,
} from '../media/private-images.service.ts';
import type { FileToStore } from '../media/unclaimed-files.service.ts';
import { submissionFolderOf } from './stored-entry.ts';
import { fieldIdOfImagePart, PHOTO_PART } from '../../../shared/registration-request.ts';

/*
 * The images of a registration: the file parts as received, checked and re-encoded in the image
 * queue, and the private files they become under the submission's folder.
 */

/** A file part as received: its part name and bytes. */
export interface ReceivedFile {
  name: string;
  data: Buffer;
}

/**
 * An image refused by the upload check, answered for its part: the seed's message in `fields`,
 * 415 as INVALID_IMAGE_TYPE (the contract's code). The queue's 503 and anything unexpected pass
 * through as they are.
 */
function imageRefusal(error: unknown, part: string): AppError {
  if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
  const code = error.statusCode === 415 ? 'INVALID_IMAGE_TYPE' : error.code;
  return new AppError(error.statusCode, code, error.message, { [part]: error.message });
}

export interface ImageToStore {
  part: string;
  fieldId: string | undefined;
  image: PreparedImage;
}

/**
 * Checks every image from its bytes, each in its turn in the image queue: when one is refused,
 * the answer names every refused part (with the status of the first) and nothing is encoded.
 * Then each is re-encoded (orientation applied, metadata stripped).
 */
export async function prepareImages(files: readonly ReceivedFile[]): Promise<ImageToStore[]> {
  let refused: AppError | undefined;
  const fields: Record<string, string> = {};
  for (const file of files) {
    try {
      await runImageJob(() => checkImage(file.data));
    } catch (error) {
      const refusal = imageRefusal(error, file.name);
      refused ??= refusal;
      Object.assign(fields, refusal.fields);
    }
  }
  if (refused) throw new AppError(refused.statusCode, refused.code, refused.message, fields);
  const prepared: ImageToStore[] = [];
  for (const file of files) {
    const isPhoto = file.name === PHOTO_PART;
    try {
      const image = await runImageJob(() =>
        preparePrivateImage(isPhoto ? 'photo' : 'artwork', file.data),
      );
      const fieldId = isPhoto ? undefined : fieldIdOfImagePart(file.name);
      prepared.push({ part: file.name, fieldId, image });
    } catch (error) {
      throw imageRefusal(error, file.name);
    }
  }
  return prepared;
}

/** Keys under the submission's folder: readable names, made unique by a random suffix. */
export function privateFilesOf(submissionId: string, images: readonly ImageToStore[]) {
  const files: FileToStore[] = [];
  const keyByPart = new Map<string, string>();
  for (const { part, fieldId, image } of images) {
    const name = (fieldId ?? PHOTO_PART).toLowerCase().replace(/[^a-z0-9_-]/g, '') || 'image';
    const key = `${submissionFolderOf(submissionId)}${name}-${randomBytes(4).toString('hex')}.${extensionOf(image.main)}`;
    keyByPart.set(part, key);
    files.push({ key, data: image.main.data, contentType: image.main.contentType });
    if (image.display) {
      files.push({
        key: displayKeyOf(key),
        data: image.display.data,
        contentType: image.display.contentType,
      });
    }
  }
  return { files, keyByPart };
}
