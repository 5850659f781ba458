/**
 * Node's socket errors: the other end (PostgreSQL, an S3-compatible server) cannot be reached
 * now. A request that meets one is answered 503, to be tried again, never 500.
 */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** Whether `error`, or what caused it, has one of `codes` (Node's socket errors by default). */
export function hasErrorCode(error: unknown, codes: ReadonlySet<string> = SOCKET_CODES): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { code } = current as { code?: unknown };
    if (typeof code === 'string' && codes.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * The storage cannot be reached or written now (the S3 server down or failing, DATA_DIR full or
 * read-only): the request is answered 503, to be tried again; nothing it stored is kept.
 */
export class StorageUnavailableError extends Error {}
