import { useRef } from 'react';
import { IMAGE_SIZES } from '../../../../shared/domain/image-sizes.ts';
import { formatEntryFee } from '../../../../shared/domain/money.ts';
import type { CompetitionWithDetails } from '../../../../shared/schemas/competition.ts';
import { ButtonLink } from '../../../components/button.tsx';
import { ResponsiveImg } from '../../../components/responsive-image.tsx';
import { paths } from '../../../config/paths.ts';
import { formatCalendarDate } from '../../../lib/format.ts';
import {
  ClosingTime,
  liveStatus,
  notOpenMessage,
  TimeLeft,
  useMinuteClock,
} from './competition-timing.tsx';
import { CompetitionDetailsSections } from './competition-details.tsx';
import { CompetitionPrices } from './competition-prices.tsx';
import { JudgingSection } from './judging-section.tsx';
import { RegisterBar } from './register-bar.tsx';
import { Chip, StatusBadge } from './status-badge.tsx';

/** A competition's page as visitors see it; the admin's preview of a draft shows it too. */
export function CompetitionDetail({ competition }: { competition: CompetitionWithDetails }) {
  const { title, description, image, prizeImage, category, subcategory } = competition;
  const now = useMinuteClock();
  const status = liveStatus(competition, now);
  const entryBox = useRef<HTMLDivElement>(null);
  const { details } = competition;
  return (
    <article className="mx-auto max-w-5xl px-4 pt-6 pb-16 sm:pt-12">
      <div className="overflow-hidden rounded-2xl bg-gray-100 dark:bg-gray-800">
        <ResponsiveImg
          image={image}
          sizes={IMAGE_SIZES.detail}
          alt={title}
          priority
          className="aspect-video h-auto w-full object-cover"
        />
      </div>
      <div className="mt-8 grid gap-10 lg:grid-cols-[1fr_20rem]">
        <div>
          <div className="flex flex-wrap gap-2">
            <StatusBadge status={status} />
            <Chip>{category.name}</Chip>
            {subcategory ? <Chip>{subcategory.name}</Chip> : null}
          </div>
          <h1 className="mt-4 text-3xl font-bold sm:text-5xl">{title}</h1>
          <p className="mt-6 text-lg whitespace-pre-line text-gray-800 dark:text-gray-200">
            {description}
          </p>
          <dl className="mt-8 grid gap-6 sm:grid-cols-2">
            <div>
              <dt className="text-sm font-medium text-gray-600 dark:text-gray-400">Start Date</dt>
              <dd className="text-lg font-semibold">
                <time dateTime={competition.startDate}>
                  {formatCalendarDate(competition.startDate)}
                </time>
              </dd>
            </div>
            <div>
              <dt className="text-sm font-medium text-gray-600 dark:text-gray-400">End Date</dt>
              <dd className="text-lg font-semibold">
                <time dateTime={competition.endDate}>
                  {formatCalendarDate(competition.endDate)}
                </time>
              </dd>
            </div>
          </dl>
          <TimeLeft competition={competition} now={now} />
          <ClosingTime competition={competition} now={now} className="mt-2 font-medium" />
          {competition.resultsPublished ? (
            <ButtonLink
              to={paths.competitionResults(competition.id)}
              variant="outline"
              size="lg"
              className="mt-8"
            >
              Results
            </ButtonLink>
          ) : null}
          {details ? (
            <CompetitionDetailsSections
              details={details}
              minArtworkLongSide={competition.minArtworkLongSide}
            />
          ) : null}
        </div>
        <aside className="flex flex-col gap-6" aria-label="Entry">
          <div
            ref={entryBox}
            className="rounded-2xl border border-gray-200 p-6 shadow-sm dark:border-gray-800"
          >
            <h2 className="text-sm font-medium text-gray-600 dark:text-gray-400">Entry Fee</h2>
            <p className="mt-1 text-3xl font-bold">{formatEntryFee(competition.entryFee)}</p>
            <CompetitionPrices prices={competition.prices} />
            {status === 'open' ? (
              <ButtonLink to={paths.registerFor(competition.id)} size="lg" className="mt-6 w-full">
                Register Now
              </ButtonLink>
            ) : (
              <p className="mt-4 text-gray-700 dark:text-gray-300">
                {notOpenMessage(status, competition.startDate)}
              </p>
            )}
          </div>
          {prizeImage ? (
            <figure className="overflow-hidden rounded-2xl border border-gray-200 dark:border-gray-800">
              <ResponsiveImg
                image={prizeImage}
                sizes={IMAGE_SIZES.prize}
                alt={`Prize for ${title}`}
                className="h-auto w-full object-cover"
              />
              <figcaption className="p-4">
                <span className="font-semibold">Prize</span>
                {details?.prizeDescription ? (
                  <span className="mt-1 block whitespace-pre-line">{details.prizeDescription}</span>
                ) : null}
              </figcaption>
            </figure>
          ) : details?.prizeDescription ? (
            <div className="rounded-2xl border border-gray-200 p-6 dark:border-gray-800">
              <h2 className="font-semibold">Prize</h2>
              <p className="mt-1 whitespace-pre-line">{details.prizeDescription}</p>
            </div>
          ) : null}
        </aside>
      </div>
      {/* After the entry box: on a phone, 'Register Now' stays near the top. */}
      <JudgingSection competitionId={competition.id} />
      {status === 'open' ? (
        <RegisterBar
          competitionId={competition.id}
          fee={formatEntryFee(competition.entryFee)}
          pageButton={entryBox}
        />
      ) : null}
    </article>
  );
}
