import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { PublicCompetition } from '../../../../shared/schemas/competition.ts';
import { paths } from '../../../config/paths.ts';
import { useNow } from '../../../lib/render-time.tsx';

/** Seed: without a competition to count down to, a rolling 10-day countdown. */
export const COUNTDOWN_FALLBACK_DAYS = 10;
export const COUNTDOWN_TICK_MS = 1000;

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const FALLBACK_MS = COUNTDOWN_FALLBACK_DAYS * DAY_MS;

export interface DurationParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** What the countdown counts to: a competition's closing instant, or the fallback's. */
export interface CountdownTarget {
  at: number;
  competition?: PublicCompetition;
}

/**
 * Whole days, hours, minutes and seconds in `ms`. A started second counts as a whole one, so a
 * tick that lands a little after the second still shows that second; the past is all zeros.
 */
export function splitDuration(ms: number): DurationParts {
  const total = Number.isFinite(ms) && ms > 0 ? Math.ceil(ms / SECOND_MS) : 0;
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

/** '03', '00', '42'; numbers of three digits or more unchanged ('123'). */
export function padTwo(n: number): string {
  return String(n).padStart(2, '0');
}

/**
 * Our product brief: the closing instant of the open competition that closes soonest and has not
 * closed yet; null when there is none.
 */
export function countdownTarget(
  competitions: readonly PublicCompetition[],
  nowMs: number,
): CountdownTarget | null {
  let best: CountdownTarget | null = null;
  for (const competition of competitions) {
    if (competition.status !== 'open') continue;
    const at = Date.parse(competition.closesAt);
    // NaN (a malformed date) fails both comparisons and is skipped.
    if (at > nowMs && (best === null || at < best.at)) best = { at, competition };
  }
  return best;
}

const UNITS = [
  { key: 'days', label: 'Days' },
  { key: 'hours', label: 'Hours' },
  { key: 'minutes', label: 'Minutes' },
  { key: 'seconds', label: 'Seconds' },
] as const;

/** Counts down to the next closing competition, or else the seed's rolling 10 days. */
export function TimeRemaining({ competitions }: { competitions: PublicCompetition[] }) {
  const headingId = useId();
  const now = useNow(COUNTDOWN_TICK_MS);
  // The rolling fallback counts in 10-day periods from when the countdown first showed.
  const [shownSince] = useState(now);
  const fallbackAt = shownSince + (Math.floor((now - shownSince) / FALLBACK_MS) + 1) * FALLBACK_MS;

  const target = countdownTarget(competitions, now) ?? { at: fallbackAt };
  const parts = splitDuration(target.at - now);

  return (
    <section
      aria-labelledby={headingId}
      className="bg-gray-50 px-4 py-16 text-gray-900 dark:bg-gray-900 dark:text-gray-50"
    >
      <div className="mx-auto max-w-4xl text-center">
        <h2 id={headingId} className="text-3xl font-bold">
          Time Remaining
        </h2>
        <div
          role="timer"
          aria-label="Time Remaining"
          className="mt-8 grid grid-cols-2 gap-4 sm:grid-cols-4"
        >
          {UNITS.map(({ key, label }) => (
            <div
              key={key}
              className="flex flex-col items-center rounded-xl bg-white p-4 shadow-sm dark:bg-gray-800"
            >
              <span
                data-unit={key}
                className="text-4xl font-bold text-[var(--color-primary-text)] tabular-nums sm:text-5xl"
              >
                {padTwo(parts[key])}
              </span>
              <span className="mt-1 text-sm font-medium text-gray-700 dark:text-gray-300">
                {label}
              </span>
            </div>
          ))}
        </div>
        <p className="mt-6 text-lg text-gray-700 dark:text-gray-300">
          {target.competition ? (
            <>
              until entries close for{' '}
              <Link
                to={paths.competition(target.competition.id)}
                className="rounded font-semibold text-[var(--color-primary-text)] underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
              >
                {target.competition.title}
              </Link>
            </>
          ) : (
            'New competitions are added regularly.'
          )}
        </p>
      </div>
    </section>
  );
}
