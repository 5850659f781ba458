import sharp from 'sharp';
import { AppError } from '../../errors.ts';
import { inspectImage } from './image-check.ts';
import { encodePrivateImage } from './private-images.ts';
import { encodeResponsiveSizes } from './responsive-images.ts';

/*
 * The child process that does every image's decoding and encoding (so image work never
 * starves the event loop). It runs at the lowest CPU priority, so on a busy core the server's own
 * process (pages, the API) always goes first; see image-worker-client.ts. Each job is a pure
 * function: bytes in, bytes and plain data out.
 */
export const IMAGE_JOBS = {
  inspectImage,
  encodeResponsiveSizes,
  encodePrivateImage,
};
export type ImageJobs = typeof IMAGE_JOBS;
export type ImageJobName = keyof ImageJobs;

export interface ImageJobRequest {
  id: number;
  name: ImageJobName;
  args: unknown[];
}

/** An AppError crosses the process boundary as data and is made again on the other side. */
export interface SerializedAppError {
  statusCode: number;
  code: string;
  message: string;
  fields: Record<string, string> | undefined;
  headers: Record<string, string> | undefined;
}

export type ImageJobResponse =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; appError?: SerializedAppError; message: string };

function serialize(error: unknown): Omit<Extract<ImageJobResponse, { ok: false }>, 'id' | 'ok'> {
  if (error instanceof AppError) {
    const { statusCode, code, message, fields, headers } = error;
    return { appError: { statusCode, code, message, fields, headers }, message };
  }
  return { message: error instanceof Error ? error.message : String(error) };
}

/** Started as a child process: answer each job by its id, in whatever order they finish. */
function serve(): void {
  // One libvips thread: the job queue already runs one image at a time.
  sharp.concurrency(1);
  process.on('message', (request: ImageJobRequest) => {
    const job = IMAGE_JOBS[request.name] as (...args: unknown[]) => Promise<unknown>;
    Promise.resolve()
      .then(() => job(...request.args))
      .then(
        (value) => process.send?.({ id: request.id, ok: true, value } satisfies ImageJobResponse),
        (error: unknown) =>
          process.send?.({
            id: request.id,
            ok: false,
            ...serialize(error),
          } satisfies ImageJobResponse),
      );
  });
  // The server is gone (exited or crashed): so is its worker.
  process.on('disconnect', () => process.exit(0));
}

if (process.send && process.argv.includes('--white-stroke-image-worker')) serve();
