import { IMAGE_SIZES } from '../../../../shared/domain/image-sizes.ts';
import { formatEntryFee } from '../../../../shared/domain/money.ts';
import type { PublicCompetition } from '../../../../shared/schemas/competition.ts';
import { ResponsiveImg } from '../../../components/responsive-image.tsx';
import { TimeLeft, useMinuteClock } from '../../competitions/components/competition-timing.tsx';
import { Chip, StatusBadge } from '../../competitions/components/status-badge.tsx';

/** What the artist is entering, above the form: picture, title, category, fee and time left. */
export function CompetitionSummary({
  competition,
  status,
}: {
  competition: PublicCompetition;
  status: PublicCompetition['status'];
}) {
  const now = useMinuteClock();
  const { title, image, category, subcategory } = competition;
  return (
    <div className="grid gap-4 rounded-2xl border border-gray-200 p-4 sm:grid-cols-[12rem_1fr] sm:p-6 dark:border-gray-800">
      <div className="overflow-hidden rounded-xl bg-gray-100 dark:bg-gray-800">
        <ResponsiveImg
          image={image}
          sizes={IMAGE_SIZES.card}
          alt=""
          priority
          className="aspect-video h-auto w-full object-cover"
        />
      </div>
      <div>
        <h2 className="text-2xl font-bold">{title}</h2>
        <div className="mt-3 flex flex-wrap gap-2">
          <StatusBadge status={status} />
          <Chip>{category.name}</Chip>
          {subcategory ? <Chip>{subcategory.name}</Chip> : null}
        </div>
        <dl className="mt-3">
          <div className="flex flex-wrap gap-x-2">
            <dt className="text-gray-700 dark:text-gray-300">Entry Fee:</dt>
            <dd className="font-semibold">{formatEntryFee(competition.entryFee)}</dd>
          </div>
        </dl>
        <TimeLeft competition={competition} now={now} className="mt-2" />
      </div>
    </div>
  );
}
