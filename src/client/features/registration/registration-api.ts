import { publicApiPaths } from '../../../shared/api-paths.ts';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../../shared/csrf.ts';
import {
  DATA_PART,
  IDEMPOTENCY_KEY_HEADER,
  imagePartOf,
  PHOTO_PART,
  workImagePartOf,
} from '../../../shared/registration-request.ts';
import type {
  RegistrationReceipt,
  RegistrationValues,
} from '../../../shared/schemas/registration.ts';
import type { RegistrationForm } from '../../../shared/schemas/registration-form.ts';
import { useApiResource } from '../../lib/api-cache.ts';
import { ApiError, ERROR_MESSAGES, errorFromResponse } from '../../lib/api-client.ts';
import { sendExtension } from './extension-link.ts';
import type { MultipartBody } from './multipart-body.ts';

/** The competition and its registration form's fields: the server inlines it with the page. */
export const useRegistrationForm = (competitionId: string | null) =>
  useApiResource<RegistrationForm>(
    competitionId ? publicApiPaths.registrationForm(competitionId) : null,
  );

export const SUBMISSIONS_PATH = publicApiPaths.submissions;

/** A refused or lost send; `retryAfterMs` when the server said when to come back (429, 503). */
export class RegistrationSendError extends ApiError {
  readonly retryAfterMs: number | undefined;
  constructor(error: ApiError, retryAfterMs?: number) {
    super(error.status, error.code, error.message, error.fields);
    this.retryAfterMs = retryAfterMs;
  }
}

/** Retry-After in seconds or as an HTTP date, in milliseconds from `now`. */
export function parseRetryAfter(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** The text answers of `answers`; its files go in `files`, under the part `partOf` names. */
function splitFiles(
  answers: RegistrationValues<Blob>['fieldValues'],
  partOf: (fieldId: string) => string,
  files: [string, Blob][],
): Record<string, unknown> {
  const text: Record<string, unknown> = {};
  for (const [id, value] of Object.entries(answers)) {
    if (value instanceof Blob) files.push([partOf(id), value]);
    else if (value !== undefined) text[id] = value;
  }
  return text;
}

/**
 * The multipart body of the contract (shared/registration-request.ts): data, photo, the entry's
 * images, then each work's.
 */
export function registrationBody(values: RegistrationValues<Blob>): FormData {
  const files: [string, Blob][] = [[PHOTO_PART, values.photo]];
  const fieldValues = splitFiles(values.fieldValues, imagePartOf, files);
  const works = values.works.map((work, index) => ({
    fieldValues: splitFiles(work.fieldValues, (id) => workImagePartOf(index, id), files),
  }));
  const body = new FormData();
  body.append(DATA_PART, JSON.stringify({ ...values, photo: undefined, fieldValues, works }));
  for (const [name, file] of files) {
    body.append(name, file, `${name}.${file.type === 'application/pdf' ? 'pdf' : 'jpg'}`);
  }
  return body;
}

/**
 * One attempt at `POST /api/submissions`. XMLHttpRequest rather than fetch: only it reports upload
 * progress (bytes of the body sent), which an artist sending pictures over a weak connection needs
 * to see. A dropped connection is status 0; an abort through `signal` rejects with an AbortError.
 */
export function sendRegistration(
  { body, contentType }: MultipartBody,
  idempotencyKey: string,
  {
    onProgress,
    signal,
  }: { onProgress?: (loaded: number, total: number) => void; signal?: AbortSignal } = {},
): Promise<RegistrationReceipt> {
  return new Promise((resolve, reject) => {
    const aborted = () => new DOMException('The registration was not sent.', 'AbortError');
    if (signal?.aborted) {
      reject(aborted());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', SUBMISSIONS_PATH);
    xhr.responseType = 'json';
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('content-type', contentType);
    xhr.setRequestHeader(CSRF_HEADER, CSRF_HEADER_VALUE);
    xhr.setRequestHeader(IDEMPOTENCY_KEY_HEADER, idempotencyKey);
    sendExtension(xhr);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded, event.total);
    };
    xhr.onload = () => {
      if (xhr.status === 200 || xhr.status === 201) {
        resolve(xhr.response as RegistrationReceipt);
        return;
      }
      const retryAfter = parseRetryAfter(xhr.getResponseHeader('retry-after'));
      reject(new RegistrationSendError(errorFromResponse(xhr.status, xhr.response), retryAfter));
    };
    const lost = () =>
      reject(
        new RegistrationSendError(new ApiError(0, 'NETWORK_ERROR', ERROR_MESSAGES.NETWORK_ERROR)),
      );
    xhr.onerror = lost;
    xhr.ontimeout = lost;
    xhr.onabort = () => reject(aborted());
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

/** The last receipt, so that a reload of the success page still shows it. */
export const LAST_REGISTRATION_KEY = 'ws:last-registration';

/** The server's receipt, with the code the form sent with it (the success page names it). */
export type KeptReceipt = RegistrationReceipt & { code?: string };

export function rememberReceipt(receipt: KeptReceipt): void {
  try {
    sessionStorage.setItem(LAST_REGISTRATION_KEY, JSON.stringify(receipt));
  } catch {
    // Storage full or refused: the success page still has the router state.
  }
}

export function isReceipt(value: unknown): value is KeptReceipt {
  const r = value as Partial<KeptReceipt> | null;
  return (
    typeof r?.reference === 'string' &&
    (r.code === undefined || typeof r.code === 'string') &&
    typeof r.competition?.title === 'string' &&
    typeof r.email === 'string' &&
    typeof r.entryToken === 'string' &&
    (r.paymentStatus === 'paid' || r.paymentStatus === 'pending')
  );
}

/** The receipt the form handed over (router state), or the one kept for this tab. */
export function readReceipt(state: unknown): KeptReceipt | null {
  const handed = (state as { receipt?: unknown } | null)?.receipt;
  if (isReceipt(handed)) return handed;
  try {
    const kept: unknown = JSON.parse(sessionStorage.getItem(LAST_REGISTRATION_KEY) ?? 'null');
    return isReceipt(kept) ? kept : null;
  } catch {
    return null;
  }
}
