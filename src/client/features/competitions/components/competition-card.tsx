import { Link } from 'react-router';
import { IMAGE_SIZES } from '../../../../shared/domain/image-sizes.ts';
import type { PublicCompetition } from '../../../../shared/schemas/competition.ts';
import { ResponsiveImg } from '../../../components/responsive-image.tsx';
import { paths } from '../../../config/paths.ts';
import { formatEntryFee } from '../../../../shared/domain/money.ts';
import { formatCalendarDate } from '../../../lib/format.ts';
import { ClosingTime, useMinuteClock } from './competition-timing.tsx';
import { Chip, StatusBadge } from './status-badge.tsx';

/** A competition in the home list; the whole card opens its detail page (seed §2). */
export function CompetitionCard({ competition }: { competition: PublicCompetition }) {
  const { id, title, description, image, category, subcategory, status } = competition;
  const now = useMinuteClock();
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm transition-shadow hover:shadow-lg dark:border-gray-800 dark:bg-gray-900">
      <div className="aspect-video overflow-hidden bg-gray-100 dark:bg-gray-800">
        <ResponsiveImg
          image={image}
          sizes={IMAGE_SIZES.card}
          alt=""
          className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-105"
        />
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex flex-wrap gap-2">
          <StatusBadge status={status} />
          <Chip>{category.name}</Chip>
          {subcategory ? <Chip>{subcategory.name}</Chip> : null}
        </div>
        <h3 className="text-xl font-semibold">
          {/* The link stretches over the card, so a click anywhere on it opens the competition. */}
          <Link
            to={paths.competition(id)}
            className="after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-primary"
          >
            {title}
          </Link>
        </h3>
        <p className="line-clamp-3 text-gray-700 dark:text-gray-300">{description}</p>
        {status === 'closed' ? null : (
          <ClosingTime competition={competition} now={now} className="text-sm font-medium" />
        )}
        <dl className="mt-auto grid grid-cols-2 gap-4 pt-2 text-sm">
          <div>
            <dt className="text-gray-600 dark:text-gray-400">Dates</dt>
            <dd className="font-medium">
              {formatCalendarDate(competition.startDate)} –{' '}
              {formatCalendarDate(competition.endDate)}
            </dd>
          </div>
          <div>
            <dt className="text-gray-600 dark:text-gray-400">Entry Fee</dt>
            <dd className="font-semibold">{formatEntryFee(competition.entryFee)}</dd>
          </div>
        </dl>
      </div>
    </article>
  );
}
