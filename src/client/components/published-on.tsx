import { todayIn } from '../../shared/domain/competition-status.ts';
import { formatCalendarDate } from '../lib/format.ts';
import { useSettings } from '../lib/settings.tsx';

/** "Published 26 November 2026": the day in the site's time zone, written as the site writes dates. */
export function PublishedOn({ at }: { at: string }) {
  const { timeZone } = useSettings();
  const day = todayIn(timeZone, new Date(at));
  return (
    <>
      Published <time dateTime={day}>{formatCalendarDate(day)}</time>
    </>
  );
}
