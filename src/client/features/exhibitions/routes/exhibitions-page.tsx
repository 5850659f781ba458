import { Link } from 'react-router';
import { IMAGE_SIZES } from '../../../../shared/domain/image-sizes.ts';
import type { ExhibitionSummary } from '../../../../shared/schemas/exhibition.ts';
import { ButtonLink } from '../../../components/button.tsx';
import { PageLoading, PageProblem } from '../../../components/page-problem.tsx';
import { ResponsiveImg } from '../../../components/responsive-image.tsx';
import { paths } from '../../../config/paths.ts';
import { usePageTitle } from '../../../lib/settings.tsx';
import { useExhibitionArchive } from '../api/exhibitions.ts';
import { ExhibitionDay } from '../components/work-details.tsx';

export const EXHIBITIONS_HEADING = 'Exhibitions';
export const NO_EXHIBITIONS = 'No exhibitions are open yet.';

/** The archive: exhibitions running now, then the past ones. */
export default function ExhibitionsPage() {
  const { data, error, retry } = useExhibitionArchive();
  usePageTitle(EXHIBITIONS_HEADING);
  if (error) {
    return (
      <PageProblem
        heading="Failed to fetch the exhibitions"
        message={error.message}
        onRetry={retry}
      >
        <ButtonLink to={paths.home}>Return to Home</ButtonLink>
      </PageProblem>
    );
  }
  if (!data) return <PageLoading>Loading exhibitions…</PageLoading>;
  return (
    <section className="mx-auto max-w-7xl px-4 pt-8 pb-16 sm:pt-12">
      <h1 className="text-3xl font-bold sm:text-4xl">{EXHIBITIONS_HEADING}</h1>
      <h2 className="mt-8 text-2xl font-bold">Now showing</h2>
      {data.current.length === 0 ? (
        <p className="mt-4 text-lg">{NO_EXHIBITIONS}</p>
      ) : (
        <ExhibitionCards exhibitions={data.current} label="Now showing" />
      )}
      {data.past.length > 0 ? (
        <>
          <h2 className="mt-12 text-2xl font-bold">Past exhibitions</h2>
          <ExhibitionCards exhibitions={data.past} label="Past exhibitions" />
        </>
      ) : null}
    </section>
  );
}

function ExhibitionCards({
  exhibitions,
  label,
}: {
  exhibitions: readonly ExhibitionSummary[];
  label: string;
}) {
  return (
    <ul aria-label={label} className="mt-4 grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
      {exhibitions.map((exhibition, index) => (
        <li
          key={exhibition.competitionId}
          className="overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm dark:border-gray-800 dark:bg-gray-900"
        >
          <div className="aspect-[4/3] bg-gray-100 dark:bg-gray-800">
            <ResponsiveImg
              image={exhibition.cover}
              sizes={IMAGE_SIZES.card}
              alt=""
              priority={index === 0}
              className="h-full w-full object-contain"
            />
          </div>
          <div className="flex flex-col gap-1 p-5">
            <h3 className="text-xl font-bold">
              <Link
                to={paths.exhibitionOf(exhibition.competitionId)}
                className="underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
              >
                {exhibition.title}
              </Link>
            </h3>
            <p className="text-gray-700 dark:text-gray-300">
              {exhibition.workCount} {exhibition.workCount === 1 ? 'work' : 'works'} · Opened{' '}
              <ExhibitionDay at={exhibition.openedAt} />
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
