import { type ChildProcess, fork } from 'node:child_process';
import os from 'node:os';
import { AppError } from '../../errors.ts';
import type { ImageJobName, ImageJobRequest, ImageJobResponse, ImageJobs } from './image-worker.ts';

/*
 * Runs image jobs in one child process per app (deps.imageWorker), started on first use, at the
 * lowest CPU priority (nice 19): decoding a 12-megapixel photo takes a core for a second, and on a
 * machine where the server shares a core with it, the kernel then gives the server's own process
 * (every other request) nearly all of that core. A worker that dies (a decoder crash on a hostile
 * file) fails only the jobs it was running, as unreadable images; the next job starts a new one.
 */
const WORKER_FILE = new URL('./image-worker.ts', import.meta.url);
const LOWEST_PRIORITY = 19;

/**
 * How long one job may take in the worker. Past it the worker is killed (a decoder that never
 * finishes stops nothing else): the job fails as a picture that could not be processed, and the
 * jobs beside it are sent again to a new worker. sharp's own timeout (IMAGE_TIMEOUT_SECONDS in
 * image-check.ts) usually stops a slow picture first, more gently.
 */
export const IMAGE_JOB_TIME_LIMIT_MS = 60_000;

export const IMAGE_TOO_SLOW = 'The picture took too long to process.';

interface Pending {
  request: ImageJobRequest;
  resolve(value: unknown): void;
  reject(error: unknown): void;
  timer: NodeJS.Timeout;
}

/** A worker process and the jobs sent to it that have not answered yet. */
interface Worker {
  child: ChildProcess;
  pending: Map<number, Pending>;
}

/** The image worker of one app: its jobs, and the child process that runs them. */
export interface ImageWorker {
  /** Runs one job in the worker and returns what it returned (or throws what it threw). */
  run<Name extends ImageJobName>(
    name: Name,
    ...args: Parameters<ImageJobs[Name]>
  ): Promise<Awaited<ReturnType<ImageJobs[Name]>>>;
  /** For the test that proves the limit holds: a limit no picture meets (none: the usual). */
  setTimeLimit(ms?: number): void;
  /** Ends the child process, if any (the app is closing). */
  close(): void;
}

export interface ImageWorkerOptions {
  /**
   * Whether the worker runs at the lowest priority (in production). Not under NODE_ENV=test:
   * there the machine is shared with browsers and test runners at normal priority, behind which
   * a lowest-priority worker waits so long that image journeys time out.
   */
  lowPriority: boolean;
}

export function createImageWorker(options: ImageWorkerOptions): ImageWorker {
  let worker: Worker | undefined;
  let nextId = 1;
  let timeLimitMs = IMAGE_JOB_TIME_LIMIT_MS;

  function startWorker(): Worker {
    const child = fork(WORKER_FILE, ['--white-stroke-image-worker'], {
      // Buffers cross as bytes, not as JSON arrays of numbers.
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      execArgv: [],
    });
    const started: Worker = { child, pending: new Map() };
    try {
      if (child.pid !== undefined && options.lowPriority)
        os.setPriority(child.pid, LOWEST_PRIORITY);
    } catch {
      // Not allowed here (an unusual sandbox): the worker still keeps the work off the event loop.
    }
    const failAll = (error: Error) => {
      for (const job of started.pending.values()) {
        settle(job);
        job.reject(error);
      }
      started.pending.clear();
    };
    child.on('message', (response: ImageJobResponse) => {
      const job = started.pending.get(response.id);
      if (!job) return;
      started.pending.delete(response.id);
      settle(job);
      if (response.ok) job.resolve(response.value);
      else job.reject(deserialize(response));
      if (started.pending.size === 0) child.channel?.unref();
    });
    child.on('exit', () => {
      if (worker === started) worker = undefined;
      failAll(new AppError(422, 'IMAGE_UNREADABLE', 'Failed to process image'));
    });
    child.on('error', (error) => {
      if (worker === started) worker = undefined;
      failAll(error);
    });
    // An idle worker never keeps the server (or a test run) alive.
    child.unref();
    child.channel?.unref();
    return started;
  }

  /** A job ran past its limit: it fails, its worker is killed, the others go to a new one. */
  function giveUp(owner: Worker, id: number): void {
    const job = owner.pending.get(id);
    if (!job) return;
    owner.pending.delete(id);
    job.reject(new AppError(422, 'IMAGE_TOO_SLOW', IMAGE_TOO_SLOW));
    const others = [...owner.pending.values()];
    owner.pending.clear();
    if (worker === owner) worker = undefined;
    owner.child.kill('SIGKILL');
    for (const other of others) {
      settle(other);
      dispatch(other.request, other.resolve, other.reject);
    }
  }

  function dispatch(
    request: ImageJobRequest,
    resolve: (value: unknown) => void,
    reject: (error: unknown) => void,
  ): void {
    worker ??= startWorker();
    const owner = worker;
    const timer = setTimeout(() => giveUp(owner, request.id), timeLimitMs);
    owner.pending.set(request.id, { request, resolve, reject, timer });
    // While jobs are in flight the channel holds the process open, so answers are not lost.
    owner.child.channel?.ref();
    owner.child.send(request, (error) => {
      const job = owner.pending.get(request.id);
      if (!error || !job) return;
      owner.pending.delete(request.id);
      settle(job);
      reject(error);
    });
  }

  function run<Name extends ImageJobName>(
    name: Name,
    ...args: Parameters<ImageJobs[Name]>
  ): Promise<Awaited<ReturnType<ImageJobs[Name]>>> {
    const request: ImageJobRequest = { id: nextId++, name, args };
    return new Promise((resolve, reject) => {
      dispatch(request, resolve as (value: unknown) => void, reject);
    }) as Promise<Awaited<ReturnType<ImageJobs[Name]>>>;
  }

  return {
    run,
    setTimeLimit(ms = IMAGE_JOB_TIME_LIMIT_MS) {
      timeLimitMs = ms;
    },
    close() {
      worker?.child.kill();
      worker = undefined;
    },
  };
}

function settle(job: Pending): void {
  clearTimeout(job.timer);
}

function deserialize(response: Extract<ImageJobResponse, { ok: false }>): Error {
  if (!response.appError) return new Error(response.message);
  const { statusCode, code, message, fields, headers } = response.appError;
  const error = new AppError(statusCode, code, message, fields);
  if (headers) error.headers = headers;
  return error;
}
