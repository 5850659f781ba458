import { type ChildProcess, fork } from 'node:child_process';
import os from 'node:os';
import { AppError } from '../../errors.ts';
import type { ImageJobName, ImageJobRequest, ImageJobResponse, ImageJobs } from './image-worker.ts';

/*
 * Runs image jobs in one child process per server process, started on first use, at the lowest
 * CPU priority (nice 19): decoding a 12-megapixel photo takes a core for a second, and on a
 * machine where the server shares a core with it, the kernel then gives the server's own process
 * (every other request) nearly all of that core. A worker that dies (a decoder crash on a hostile
 * file) fails only the jobs it was running, as unreadable images; the next job starts a new one.
 */
const WORKER_FILE = new URL('./image-worker.ts', import.meta.url);
const LOWEST_PRIORITY = 19;

/**
 * Whether the worker runs at the lowest priority (the default). Under NODE_ENV=test it does not:
 * there the machine is shared with browsers and test runners at normal priority, behind which a
 * lowest-priority worker waits so long that image journeys time out.
 */
let lowPriority = true;
export function setImageWorkerLowPriority(low: boolean): void {
  lowPriority = low;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

let worker: ChildProcess | undefined;
const pending = new Map<number, Pending>();
let nextId = 1;

function failAll(error: Error): void {
  for (const job of pending.values()) job.reject(error);
  pending.clear();
}

function startWorker(): ChildProcess {
  const child = fork(WORKER_FILE, ['--white-stroke-image-worker'], {
    // Buffers cross as bytes, not as JSON arrays of numbers.
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    execArgv: [],
  });
  try {
    if (child.pid !== undefined && lowPriority) os.setPriority(child.pid, LOWEST_PRIORITY);
  } catch {
    // Not allowed here (an unusual sandbox): the worker still keeps the work off the event loop.
  }
  child.on('message', (response: ImageJobResponse) => {
    const job = pending.get(response.id);
    if (!job) return;
    pending.delete(response.id);
    if (response.ok) job.resolve(response.value);
    else job.reject(deserialize(response));
  });
  child.on('exit', () => {
    if (worker === child) worker = undefined;
    failAll(new AppError(422, 'IMAGE_UNREADABLE', 'Failed to process image'));
  });
  child.on('error', (error) => {
    if (worker === child) worker = undefined;
    failAll(error);
  });
  // An idle worker never keeps the server (or a test run) alive.
  child.unref();
  child.channel?.unref();
  return child;
}

function deserialize(response: Extract<ImageJobResponse, { ok: false }>): Error {
  if (!response.appError) return new Error(response.message);
  const { statusCode, code, message, fields, headers } = response.appError;
  const error = new AppError(statusCode, code, message, fields);
  if (headers) error.headers = headers;
  return error;
}

/** Runs one job in the worker and returns what it returned (or throws what it threw). */
export function runInImageWorker<Name extends ImageJobName>(
  name: Name,
  ...args: Parameters<ImageJobs[Name]>
): Promise<Awaited<ReturnType<ImageJobs[Name]>>> {
  worker ??= startWorker();
  const id = nextId++;
  const request: ImageJobRequest = { id, name, args };
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
    // While jobs are in flight the channel holds the process open, so answers are not lost.
    worker?.channel?.ref();
    worker?.send(request, (error) => {
      if (!error) return;
      pending.delete(id);
      reject(error);
    });
  }).finally(() => {
    if (pending.size === 0) worker?.channel?.unref();
  }) as Promise<Awaited<ReturnType<ImageJobs[Name]>>>;
}
