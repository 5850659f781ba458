import type { ReactNode } from 'react';
import type { ApiError } from '../../../lib/api-client.ts';
import { formatDuration } from '../../../lib/format.ts';
import { RegistrationSendError } from '../registration-api.ts';
import { isTransient } from '../registration-retry.ts';

export const CONNECTION_LOST = 'Connection lost, retrying…';
export const SERVER_BUSY = 'The server is busy, retrying…';
const KEPT = 'Everything you typed is still here';

export type Sending =
  | { phase: 'idle' }
  /** `works`: how far each work's files have gone (null for a work without files). */
  | { phase: 'sending'; fraction: number; works?: (number | null)[] }
  | { phase: 'retrying'; busy: boolean }
  | { phase: 'failed'; error: ApiError | null }
  /** Saved, with the fee still to pay: the checkout is open. */
  | { phase: 'paying' };

export const SAVED_AWAITING_PAYMENT = 'Your registration is saved. Complete the payment to finish.';

const CLOCK = new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit' });

/** Why the send failed for good, and what the artist can do: the form keeps their answers. */
export function failureText(error: ApiError | null, now = Date.now()): string {
  if (error === null) return `Your registration could not be sent. ${KEPT}: please try again.`;
  if (error.status === 429) {
    const wait = error instanceof RegistrationSendError ? error.retryAfterMs : undefined;
    return wait === undefined
      ? error.message
      : `${error.message} You can try again in ${formatDuration(wait)}, at ${CLOCK.format(now + wait)}.`;
  }
  if (error.status === 503) {
    return `The server is busy. ${KEPT}: please press Submit Registration again in a minute.`;
  }
  if (isTransient(error.status)) {
    return `We could not reach the server, even after several tries. ${KEPT}: check your connection and press Submit Registration again.`;
  }
  return `${error.message} ${KEPT}.`;
}

/**
 * What the send is doing: progress while sending, retries announced in a
 * live region, the reason when it stops, and how many answers need attention after a check.
 */
export function SendStatus({
  sending,
  errorCount,
  rootError,
}: {
  sending: Sending;
  errorCount: number;
  rootError: string | undefined;
}) {
  const percent = sending.phase === 'sending' ? Math.round(sending.fraction * 100) : 0;
  const status =
    sending.phase === 'sending'
      ? percent < 100
        ? 'Sending your registration…'
        : 'Saving your registration…'
      : sending.phase === 'retrying'
        ? sending.busy
          ? SERVER_BUSY
          : CONNECTION_LOST
        : sending.phase === 'paying'
          ? SAVED_AWAITING_PAYMENT
          : '';
  const alert =
    errorCount > 0
      ? `${errorCount === 1 ? 'One answer needs' : `${errorCount} answers need`} your attention.`
      : sending.phase === 'failed'
        ? failureText(sending.error)
        : (rootError ?? '');
  return (
    <div className="flex flex-col gap-3">
      {sending.phase === 'sending' || sending.phase === 'retrying' ? (
        <ProgressBar label="Sending your registration" percent={percent}>
          Sending… {percent}%
        </ProgressBar>
      ) : null}
      <p role="status" className={status ? 'font-medium' : 'sr-only'}>
        {status}
      </p>
      <p
        role="alert"
        className={
          alert
            ? 'rounded-lg border-l-4 border-red-700 bg-red-50 p-4 font-medium text-red-900 dark:bg-red-950 dark:text-red-100'
            : 'sr-only'
        }
      >
        {alert}
      </p>
    </div>
  );
}

/** A bar of how much is sent, with its figure beside it. */
export function ProgressBar({
  label,
  percent,
  children,
}: {
  label: string;
  percent: number;
  children: ReactNode;
}) {
  return (
    <div className="flex items-center gap-3">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 flex-1 overflow-hidden rounded-full bg-gray-200 dark:bg-gray-800"
      >
        <div className="h-full bg-primary" style={{ width: `${percent}%` }} />
      </div>
      <span className="text-sm tabular-nums">{children}</span>
    </div>
  );
}
