import { AppError } from '../../errors.ts';
import { checkSniffedUpload } from '../media/media.service.ts';
import type { PictureJob, PictureKind } from '../media/media.service.ts';
import { PHOTO_PART } from '../../../shared/registration-request.ts';
import { artworkTooSmall } from '../../../shared/domain/artwork-size.ts';
import type { ReceivedFile } from './registration-uploads.ts';

export type { ReceivedFile } from './registration-uploads.ts';

/*
 * The images of a registration: the file parts as received (streamed to storage as sent),
 * checked from what was seen of their bytes, and the picture jobs they become.
 */

/**
 * An image refused by the upload check, answered for its part: the seed's message in `fields`,
 * 415 as INVALID_IMAGE_TYPE (the contract's code). Anything unexpected passes through as it is.
 */
function imageRefusal(error: unknown, part: string): AppError {
  if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
  const code = error.statusCode === 415 ? 'INVALID_IMAGE_TYPE' : error.code;
  return new AppError(error.statusCode, code, error.message, { [part]: error.message });
}

export interface PictureToStore {
  part: string;
  kind: PictureKind;
  /** The key its job writes (the bytes as sent are at uploadKeyOf of it). */
  key: string;
}

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
      const { width, height } = await checkSniffedUpload(file.sniffed);
      const isPhoto = file.name === PHOTO_PART;
      const tooSmall = isPhoto ? undefined : artworkTooSmall(width, height, minLongSide);
      if (tooSmall) throw new AppError(422, 'ARTWORK_TOO_SMALL', tooSmall);
      checked.push({ part: file.name, kind: isPhoto ? 'photo' : 'artwork', key: file.key });
    } catch (error) {
      const refusal = imageRefusal(error, file.name);
      refused ??= refusal;
      Object.assign(fields, refusal.fields);
    }
  }
  if (refused) throw new AppError(refused.statusCode, refused.code, refused.message, fields);
  return checked;
}

/** The picture jobs of the checked pictures, and the key each part is answered with. */
export function privateFilesOf(pictures: readonly PictureToStore[]) {
  const jobs: PictureJob[] = pictures.map(({ key, kind }) => ({ key, kind }));
  const keyByPart = new Map(pictures.map(({ part, key }) => [part, key]));
  return { jobs, keyByPart };
}
