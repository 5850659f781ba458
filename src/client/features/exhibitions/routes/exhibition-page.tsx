import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { IMAGE_SIZES } from '../../../../shared/domain/image-sizes.ts';
import type { PublicExhibition } from '../../../../shared/schemas/exhibition.ts';
import { ButtonLink } from '../../../components/button.tsx';
import { PageLoading, PageProblem } from '../../../components/page-problem.tsx';
import { ResponsiveImg } from '../../../components/responsive-image.tsx';
import { paths } from '../../../config/paths.ts';
import { usePageTitle } from '../../../lib/settings.tsx';
import { useExhibition } from '../api/exhibitions.ts';
import { ExhibitionDay, WorkDetails } from '../components/work-details.tsx';
import { LazyWorkViewer, preloadWorkViewer } from '../components/lazy-work-viewer.tsx';
import { VoteButton } from '../../votes/components/vote-button.tsx';

export const EXHIBITION_NOT_FOUND = 'Exhibition not found';
export const EXHIBITION_FETCH_FAILED = 'Failed to fetch the exhibition';
const LINK =
  'underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';

/** An opened exhibition's gallery: every work with its details, and a full-screen viewer. */
export default function ExhibitionPage() {
  const { competitionId = '' } = useParams();
  const { data, error, retry } = useExhibition(competitionId);
  const missing = error?.status === 404 || error?.code === 'NOT_FOUND';
  usePageTitle(data ? data.title : missing ? EXHIBITION_NOT_FOUND : undefined);
  if (error) {
    return (
      <PageProblem
        heading={missing ? EXHIBITION_NOT_FOUND : EXHIBITION_FETCH_FAILED}
        message={missing ? undefined : error.message}
        onRetry={missing ? undefined : retry}
      >
        <ButtonLink to={paths.exhibitions}>All exhibitions</ButtonLink>
      </PageProblem>
    );
  }
  if (!data) return <PageLoading>Loading the exhibition…</PageLoading>;
  return <Gallery exhibition={data} />;
}

function Gallery({ exhibition }: { exhibition: PublicExhibition }) {
  const [shown, setShown] = useState<number | null>(null);
  const { competitionId, works } = exhibition;
  return (
    <article className="mx-auto max-w-7xl px-4 pt-8 pb-16 sm:pt-12">
      <p>
        <Link
          to={paths.exhibitions}
          className={`font-medium text-[var(--color-primary-text)] ${LINK}`}
        >
          Exhibitions
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold text-balance sm:text-5xl">{exhibition.title}</h1>
      <p className="mt-3 text-gray-700 dark:text-gray-300">
        {exhibition.competitionTitle} · Opened <ExhibitionDay at={exhibition.openedAt} />
        {exhibition.endsAt ? (
          <>
            {' '}
            · Until <ExhibitionDay at={exhibition.endsAt} />
          </>
        ) : null}
      </p>
      {exhibition.introduction ? (
        <p className="mt-4 max-w-3xl text-lg whitespace-pre-line">{exhibition.introduction}</p>
      ) : null}
      {works.length === 0 ? (
        <p className="mt-10 text-lg">No works are on show yet.</p>
      ) : (
        <ul aria-label="Works" className="mt-10 grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
          {works.map((work, index) => (
            <li
              key={work.workId}
              className="flex flex-col overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm dark:border-gray-800 dark:bg-gray-900"
            >
              <button
                type="button"
                onClick={() => setShown(index)}
                onPointerEnter={preloadWorkViewer}
                onTouchStart={preloadWorkViewer}
                onFocus={preloadWorkViewer}
                aria-label={`View ${work.title || 'Untitled'} full screen`}
                className="block aspect-[4/3] bg-gray-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary dark:bg-gray-800"
              >
                <ResponsiveImg
                  image={work.image}
                  sizes={IMAGE_SIZES.card}
                  alt=""
                  priority={index === 0}
                  className="h-full w-full object-contain"
                />
              </button>
              <div className="flex flex-1 flex-col gap-3 p-5">
                <WorkDetails work={work} />
                <div className="mt-auto flex flex-wrap items-center gap-4">
                  <Link
                    to={paths.exhibitionWorkOf(competitionId, work.workId)}
                    aria-label={`About this work: ${work.title || 'Untitled'}`}
                    className={LINK}
                  >
                    About this work
                  </Link>
                  <VoteButton
                    competitionId={competitionId}
                    workId={work.workId}
                    workTitle={work.title || 'Untitled'}
                    voting={exhibition.voting}
                  />
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      <LazyWorkViewer
        competitionId={competitionId}
        works={works}
        index={shown}
        onIndex={setShown}
        onClose={() => setShown(null)}
      />
    </article>
  );
}
