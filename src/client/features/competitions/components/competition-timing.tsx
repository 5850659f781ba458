import type { PublicCompetition } from '../../../../shared/schemas/competition.ts';
import { formatCalendarDate, formatDuration } from '../../../lib/format.ts';
import { useNow } from '../../../lib/render-time.tsx';

/*
 * When a competition takes entries, as its detail page and its registration page show it: the
 * status now, the time left and, when it takes none, why.
 */

/** The status now, from the instants the server computed: a tab left open past midnight changes. */
export function liveStatus(
  competition: PublicCompetition,
  now: number,
): PublicCompetition['status'] {
  if (now < Date.parse(competition.opensAt)) return 'upcoming';
  return now < Date.parse(competition.closesAt) ? 'open' : 'closed';
}

/** The time, refreshed each minute; the server's render time until the page is interactive. */
export function useMinuteClock(): number {
  return useNow(60_000);
}

/** Why a competition takes no entries now (the server's COMPETITION_NOT_OPEN says the same). */
export function notOpenMessage(status: 'upcoming' | 'closed', startDate: string): string {
  return status === 'upcoming'
    ? `Registration opens on ${formatCalendarDate(startDate)}.`
    : 'Registration for this competition has closed.';
}

/** 'Closes in 3 days' / 'Opens in 5 hours' / 'Entries closed on …', refreshed each minute. */
export function TimeLeft({
  competition,
  now,
  className = 'mt-6',
}: {
  competition: PublicCompetition;
  now: number;
  className?: string;
}) {
  const opensIn = Date.parse(competition.opensAt) - now;
  const closesIn = Date.parse(competition.closesAt) - now;
  const text =
    opensIn > 0
      ? `Opens in ${formatDuration(opensIn)}`
      : closesIn > 0
        ? `Closes in ${formatDuration(closesIn)}`
        : `Entries closed on ${formatCalendarDate(competition.endDate)}`;
  return (
    <p
      className={`${className} text-lg font-semibold text-[var(--color-primary-text)]`}
      data-testid="time-left"
    >
      {text}
    </p>
  );
}
