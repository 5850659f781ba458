import { formatRupees } from '../../../../shared/domain/money.ts';
import { todayIn } from '../../../../shared/domain/competition-status.ts';
import { EXHIBITION_NAME_WITHHELD } from '../../../../shared/domain/exhibition-words.ts';
import type { PublicExhibitionWork } from '../../../../shared/schemas/exhibition.ts';
import { formatCalendarDate } from '../../../lib/format.ts';
import { useSettings } from '../../../lib/settings.tsx';

/** The words under a work: its title, artist (or "Name withheld"), medium, size, and price. */
export function WorkDetails({
  work,
  heading: Heading = 'h2',
  inverted = false,
}: {
  work: PublicExhibitionWork;
  heading?: 'h1' | 'h2' | 'h3';
  /** On the dark viewer. */
  inverted?: boolean;
}) {
  const muted = inverted ? 'text-gray-200' : 'text-gray-700 dark:text-gray-300';
  return (
    <div className="flex flex-col gap-1">
      <Heading
        className={`${Heading === 'h1' ? 'text-3xl sm:text-4xl' : 'text-xl'} font-bold italic`}
      >
        {work.title || 'Untitled'}
      </Heading>
      <p className={work.artist ? '' : muted}>{work.artist ?? EXHIBITION_NAME_WITHHELD}</p>
      <p className={muted}>{[work.medium, work.size].filter(Boolean).join(' · ')}</p>
      {work.price !== null ? (
        <p className="font-semibold">
          For sale: <span>{formatRupees(work.price)}</span>
        </p>
      ) : null}
    </div>
  );
}

/** "12 December 2026": an instant's day in the site's time zone. */
export function ExhibitionDay({ at }: { at: string }) {
  const { timeZone } = useSettings();
  const day = todayIn(timeZone, new Date(at));
  return <time dateTime={day}>{formatCalendarDate(day)}</time>;
}
