import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { IMAGE_SIZES } from '../../../../shared/domain/image-sizes.ts';
import type { PublicExhibitionWorkPage } from '../../../../shared/schemas/exhibition.ts';
import { ButtonLink } from '../../../components/button.tsx';
import { PageLoading, PageProblem } from '../../../components/page-problem.tsx';
import { ResponsiveImg } from '../../../components/responsive-image.tsx';
import { paths } from '../../../config/paths.ts';
import { usePageTitle } from '../../../lib/settings.tsx';
import { useExhibitionWork } from '../api/exhibitions.ts';
import { EnquiryForm } from '../components/enquiry-form.tsx';
import { WorkDetails } from '../components/work-details.tsx';
import { LazyWorkViewer, preloadWorkViewer } from '../components/lazy-work-viewer.tsx';
import { VOTE_PARAM, VoteButton } from '../../votes/components/vote-button.tsx';

export const WORK_NOT_FOUND = 'Work not found';
const LINK =
  'underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';

/** One exhibited work: its picture, its details, its neighbours, and an enquiry when for sale. */
export default function ExhibitionWorkPage() {
  const { competitionId = '', workId = '' } = useParams();
  const { data, error, retry } = useExhibitionWork(competitionId, workId);
  const missing = error?.status === 404 || error?.code === 'NOT_FOUND';
  usePageTitle(
    data
      ? `${data.work.title || 'Untitled'}: ${data.exhibition.title}`
      : missing
        ? WORK_NOT_FOUND
        : undefined,
  );
  if (error) {
    return (
      <PageProblem
        heading={missing ? WORK_NOT_FOUND : 'Failed to fetch the work'}
        message={missing ? undefined : error.message}
        onRetry={missing ? undefined : retry}
      >
        <ButtonLink to={paths.exhibitionOf(competitionId)}>See the exhibition</ButtonLink>
      </PageProblem>
    );
  }
  if (!data) return <PageLoading>Loading the work…</PageLoading>;
  return <WorkPage page={data} />;
}

function WorkPage({ page }: { page: PublicExhibitionWorkPage }) {
  const { work, exhibition, previousWorkId, nextWorkId } = page;
  const [full, setFull] = useState<number | null>(null);
  const id = exhibition.competitionId;
  // Vote was pressed before a page's script ran (vote-button.tsx): the vote opens once, and the
  // address loses `?vote` so a reload or a copied link does not ask again.
  const [search, setSearch] = useSearchParams();
  const [voteAsked] = useState(() => search.has(VOTE_PARAM));
  useEffect(() => {
    if (!search.has(VOTE_PARAM)) return;
    setSearch(
      (now) => {
        now.delete(VOTE_PARAM);
        return now;
      },
      { replace: true },
    );
  }, [search, setSearch]);
  return (
    <article className="mx-auto max-w-5xl px-4 pt-8 pb-16 sm:pt-12">
      <p>
        <Link
          to={paths.exhibitionOf(id)}
          className={`font-medium text-[var(--color-primary-text)] ${LINK}`}
        >
          {exhibition.title}
        </Link>
      </p>
      <div className="mt-4 bg-gray-100 dark:bg-gray-800">
        <ResponsiveImg
          image={work.image}
          sizes={IMAGE_SIZES.detail}
          alt={work.title || 'Untitled'}
          priority
          className="mx-auto max-h-[75dvh] w-auto object-contain"
        />
      </div>
      <div className="mt-6 flex flex-wrap items-start justify-between gap-4">
        <WorkDetails work={work} heading="h1" />
        <div className="flex flex-wrap gap-3">
          <button
            type="button"
            onClick={() => setFull(0)}
            onPointerEnter={preloadWorkViewer}
            onTouchStart={preloadWorkViewer}
            onFocus={preloadWorkViewer}
            className="min-h-11 rounded-lg border border-gray-300 px-4 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary dark:border-gray-700"
          >
            View full screen
          </button>
          <VoteButton
            competitionId={id}
            workId={work.workId}
            workTitle={work.title || 'Untitled'}
            voting={exhibition.voting}
            openAtStart={voteAsked}
          />
        </div>
      </div>
      <nav aria-label="Other works" className="mt-6 flex flex-wrap gap-6">
        {previousWorkId ? (
          <Link to={paths.exhibitionWorkOf(id, previousWorkId)} className={LINK}>
            Previous work
          </Link>
        ) : null}
        {nextWorkId ? (
          <Link to={paths.exhibitionWorkOf(id, nextWorkId)} className={LINK}>
            Next work
          </Link>
        ) : null}
        <Link to={paths.exhibitionOf(id)} className={LINK}>
          Back to the gallery
        </Link>
      </nav>
      {work.price !== null ? (
        <section className="mt-12">
          <EnquiryForm key={work.workId} competitionId={id} workId={work.workId} />
        </section>
      ) : null}
      <LazyWorkViewer
        competitionId={id}
        works={[work]}
        index={full}
        onIndex={setFull}
        onClose={() => setFull(null)}
      />
    </article>
  );
}
