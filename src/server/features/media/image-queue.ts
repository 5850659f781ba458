import pLimit from 'p-limit';
import { AppError } from '../../errors.ts';

/*
 * Image work never starves other requests. One image at a time, in the image worker
 * (a low-priority child process on one libvips thread: image-worker-client.ts), so the server
 * keeps answering pages and the API during an upload burst. Past a short queue, an upload is told
 * to come back rather than waiting for minutes. One queue per app (deps.imageQueue), shared by
 * uploads and the picture jobs.
 */

const IMAGE_JOBS_AT_ONCE = 1;
export const IMAGE_QUEUE_MAX_WAITING = 16;

export interface ImageQueue {
  /** Jobs waiting for their turn (the one running is not counted). */
  waiting(): number;
  /** 503 with Retry-After when the queue is full: ask it before reading an upload's body. */
  refuseWhenFull(): void;
  /** Runs `job` in its turn, or refuses it when the queue is full. */
  run<T>(job: () => Promise<T>): Promise<T>;
  /** Work that waits for its turn whatever the queue's length: a picture job's, already paced. */
  runQueued<T>(job: () => Promise<T>): Promise<T>;
}

export function createImageQueue(): ImageQueue {
  const limit = pLimit(IMAGE_JOBS_AT_ONCE);
  function refuseWhenFull(): void {
    if (limit.pendingCount < IMAGE_QUEUE_MAX_WAITING) return;
    const error = new AppError(
      503,
      'BUSY',
      'The server is busy processing images. Please try again in a moment.',
    );
    error.headers = { 'retry-after': '5' };
    throw error;
  }
  return {
    waiting: () => limit.pendingCount,
    refuseWhenFull,
    run(job) {
      refuseWhenFull();
      return limit(job);
    },
    runQueued: (job) => limit(job),
  };
}
