import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../shared/csrf.ts';
import { UNAVAILABLE_MESSAGE } from '../../shared/messages.ts';
import type { ErrorEnvelope } from '../../shared/schemas/error.ts';

/**
 * What apiFetch can check an answer against: a zod schema (only its type is named here, so zod
 * stays out of the public pages' bundle unless a caller brings a schema of its own).
 */
export interface AnswerSchema<T> {
  parse(value: unknown): T;
}

/*
 * Answers are checked against their schema while developing and under test, where a server and a
 * screen that disagree should fail loudly; a production build trusts the server and skips the
 * work.
 */
const CHECK_ANSWERS = import.meta.env.DEV || import.meta.env.MODE === 'test';

/** Seed §8's data-error catalogue. */
export const ERROR_MESSAGES = {
  NETWORK_ERROR: UNAVAILABLE_MESSAGE,
  PERMISSION_ERROR: 'You do not have permission to perform this action.',
  UNKNOWN_ERROR: 'An unexpected error occurred. Please try again.',
} as const;

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;
  constructor(status: number, code: string, message: string, fields?: Record<string, string>) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

/**
 * A refused sign-in keeps its own code and message ('Invalid credentials', the request for the
 * second factor, a wrong or an already used code, an e-mailed code refused, an artist's code or
 * link refused); any other 401/403 is
 * the seed's permission error.
 */
const SIGN_IN_CODES = new Set([
  'INVALID_CREDENTIALS',
  'TWO_FACTOR_REQUIRED',
  'INVALID_CODE',
  'CODE_ALREADY_USED',
  'INVALID_EMAIL_CODE',
  'SIGN_IN_REJECTED',
]);

/**
 * Whether a parsed body is the server's error envelope. Checked by hand rather than with the zod
 * schema: zod stays out of the public pages' bundle.
 */
export function isErrorEnvelope(body: unknown): body is ErrorEnvelope {
  const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  return typeof error?.code === 'string' && typeof error.message === 'string';
}

/** Anything a request threw, as the ApiError the screens know how to show. */
export function toApiError(error: unknown): ApiError {
  return error instanceof ApiError ? error : new ApiError(0, 'UNKNOWN_ERROR', String(error));
}

/**
 * The one way the browser calls the API. Failures become an ApiError whose code and message come
 * from the server's envelope, or from the seed's catalogue when there is none to read. With a
 * `schema`, a successful answer is parsed with it (in development and tests).
 */
export async function apiFetch<T>(
  path: string,
  init: RequestInit = {},
  schema?: AnswerSchema<T>,
): Promise<T> {
  const headers = new Headers(init.headers);
  headers.set('accept', 'application/json');
  // Marks the request as ours; the server refuses state changes without it (CSRF defence).
  headers.set(CSRF_HEADER, CSRF_HEADER_VALUE);
  if (init.body !== undefined && !(init.body instanceof FormData)) {
    headers.set('content-type', 'application/json');
  }
  let response: Response;
  try {
    response = await fetch(path, { ...init, headers, credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', ERROR_MESSAGES.NETWORK_ERROR);
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw errorFromResponse(response.status, body);
  if (!schema || !CHECK_ANSWERS) return body as T;
  try {
    return schema.parse(body);
  } catch (error) {
    // Said on the console, where a developer (and a test, which fails on it) will see it; the
    // screen shows what it shows for any other unexpected answer.
    console.error(`The answer to ${path} does not match its schema`, error);
    throw new ApiError(response.status, 'UNKNOWN_ERROR', ERROR_MESSAGES.UNKNOWN_ERROR);
  }
}

/** The ApiError for a failed answer: its status and parsed body (undefined when not JSON). */
export function errorFromResponse(status: number, body: unknown): ApiError {
  if (isErrorEnvelope(body)) {
    const { code, message, fields } = body.error;
    if ((status === 401 || status === 403) && !SIGN_IN_CODES.has(code)) {
      return new ApiError(status, 'PERMISSION_ERROR', ERROR_MESSAGES.PERMISSION_ERROR);
    }
    if (status >= 500 && status !== 503) {
      return new ApiError(status, 'UNKNOWN_ERROR', ERROR_MESSAGES.UNKNOWN_ERROR);
    }
    return new ApiError(status, code, message, fields);
  }
  if (status === 401 || status === 403) {
    return new ApiError(status, 'PERMISSION_ERROR', ERROR_MESSAGES.PERMISSION_ERROR);
  }
  return new ApiError(
    status,
    status >= 502 ? 'NETWORK_ERROR' : 'UNKNOWN_ERROR',
    status >= 502 ? ERROR_MESSAGES.NETWORK_ERROR : ERROR_MESSAGES.UNKNOWN_ERROR,
  );
}
