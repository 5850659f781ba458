import pLimit from 'p-limit';
import { AppError } from '../../errors.ts';

/*
 * Image work never starves other requests. One image at a time, in the image worker
 * (a low-priority child process on one libvips thread: image-worker-client.ts), so the server
 * keeps answering pages and the API during an upload burst. Past a short queue, an upload is told
 * to come back rather than waiting for minutes.
 */

const IMAGE_JOBS_AT_ONCE = 1;
export const IMAGE_QUEUE_MAX_WAITING = 16;
const limit = pLimit(IMAGE_JOBS_AT_ONCE);

/** Jobs waiting for their turn (the one running is not counted). */
export const imageJobsWaiting = (): number => limit.pendingCount;

/** 503 with Retry-After when the queue is full: ask it before reading an upload's body. */
export function refuseWhenImageQueueFull(): void {
  if (limit.pendingCount < IMAGE_QUEUE_MAX_WAITING) return;
  const error = new AppError(
    503,
    'BUSY',
    'The server is busy processing images. Please try again in a moment.',
  );
  error.headers = { 'retry-after': '5' };
  throw error;
}

export async function runImageJob<T>(job: () => Promise<T>): Promise<T> {
  refuseWhenImageQueueFull();
  return limit(job);
}

/** Work that waits for its turn whatever the queue's length: a picture job's, already paced. */
export function runQueuedImageWork<T>(job: () => Promise<T>): Promise<T> {
  return limit(job);
}
