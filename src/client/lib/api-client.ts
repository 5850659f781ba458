import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../shared/csrf.ts';
import type { ErrorEnvelope } from '../../shared/schemas/error.ts';

/** Seed §8's data-error catalogue. */
export const ERROR_MESSAGES = {
  NETWORK_ERROR: 'Unable to connect to the server. Please check your internet connection.',
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
 * second factor, a wrong or an already used code); any other 401/403 is the seed's permission
 * error.
 */
const SIGN_IN_CODES = new Set([
  'INVALID_CREDENTIALS',
  'TWO_FACTOR_REQUIRED',
  'INVALID_CODE',
  'CODE_ALREADY_USED',
]);

// Checked by hand rather than with the zod schema: zod stays out of the public pages' bundle.
function isErrorEnvelope(body: unknown): body is ErrorEnvelope {
  const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  return typeof error?.code === 'string' && typeof error.message === 'string';
}

/**
 * The one way the browser calls the API. Failures become an ApiError whose code and message come
 * from the server's envelope, or from the seed's catalogue when there is none to read.
 */
export async function apiFetch<T>(path: string, init: RequestInit = {}): Promise<T> {
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
  if (response.ok) return body as T;
  throw errorFromResponse(response.status, body);
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
