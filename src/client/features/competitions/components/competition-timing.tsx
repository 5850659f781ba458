import { formatClosing } from '../../../../shared/domain/competition-status.ts';
import type { PublicCompetition } from '../../../../shared/schemas/competition.ts';
import { useBrowserValue } from '../../../lib/browser-value.ts';
import { formatCalendarDate, formatDuration } from '../../../lib/format.ts';
import { useNow } from '../../../lib/render-time.tsx';
import { useSettings } from '../../../lib/settings.tsx';

/*
 * When a competition takes entries, as its detail page and its registration page show it: the
 * status now, the time left and, when it takes none, why.
 */

/**
 * The status now, from the instants the server computed: a tab left open past midnight changes.
 * Once judging has begun or the results are out, it is closed whatever the dates say.
 */
export function liveStatus(
  competition: PublicCompetition,
  now: number,
): PublicCompetition['status'] {
  const { stage } = competition;
  if (stage === 'judging' || stage === 'published' || competition.resultsPublished) {
    return 'closed';
  }
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

/** The visitor's own time zone, read after hydration (the server draws the site's alone). */
function useVisitorTimeZone(): string | null {
  return useBrowserValue(() => Intl.DateTimeFormat().resolvedOptions().timeZone, null);
}

/**
 * 'Closes 20 Dec 2026, 11:59 pm IST' (or 'Closed …' after), in the site time zone, with the
 * visitor's own time beside it when their zone differs.
 */
export function ClosingTime({
  competition,
  now,
  className = '',
}: {
  competition: PublicCompetition;
  now: number;
  className?: string;
}) {
  const { timeZone } = useSettings();
  const visitorZone = useVisitorTimeZone();
  const closed = liveStatus(competition, now) === 'closed';
  const siteText = formatClosing(competition.closesAt, timeZone);
  const ownText =
    visitorZone && visitorZone !== timeZone
      ? formatClosing(competition.closesAt, visitorZone)
      : null;
  return (
    <p className={className} data-testid="closing-time">
      <time dateTime={competition.closesAt}>
        {closed ? 'Closed' : 'Closes'} {siteText}
      </time>
      {ownText && ownText !== siteText ? (
        <span className="block text-sm font-normal text-gray-600 dark:text-gray-400">
          Your time: {ownText}
        </span>
      ) : null}
    </p>
  );
}
