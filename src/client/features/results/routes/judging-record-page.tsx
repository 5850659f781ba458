import { Link, useParams } from 'react-router';
import type { PublishedJudgingRecord } from '../../../../shared/schemas/judging-record.ts';
import { ButtonLink } from '../../../components/button.tsx';
import { PageLoading, PageProblem } from '../../../components/page-problem.tsx';
import { PublishedOn } from '../../../components/published-on.tsx';
import { paths } from '../../../config/paths.ts';
import { usePageTitle } from '../../../lib/settings.tsx';
import { useJudgingRecord } from '../api/results.ts';
import {
  RankingRoundTables,
  RecordTable,
  ScoreRoundTables,
  WorksTable,
} from '../components/record-tables.tsx';

export const RECORD_FETCH_FAILED = 'Failed to fetch the judging record';
export const RECORD_DOWNLOAD = 'Download the record (JSON)';

/** The heading, as the server's page title says it too. */
export const recordHeading = (title: string) => `Judging record: ${title}`;

const LINK =
  'font-medium text-[var(--color-primary-text)] underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';

/** A competition's published judging record: every table behind the ranking, and its hash. */
export default function JudgingRecordPage() {
  const { id = '' } = useParams();
  const { data, error, retry } = useJudgingRecord(id);
  // 'Not published' is inlined as an envelope, which the cache reads as a 400.
  const notPublished =
    error !== undefined && (error.status === 404 || /_NOT_PUBLISHED$/.test(error.code ?? ''));
  usePageTitle(data ? recordHeading(data.record.competition.title) : error?.message);
  if (error) {
    return (
      <PageProblem
        heading={notPublished ? error.message : RECORD_FETCH_FAILED}
        message={notPublished ? undefined : error.message}
        onRetry={notPublished ? undefined : retry}
      >
        <ButtonLink to={paths.competitionResults(id)}>See the results</ButtonLink>
        <ButtonLink to={paths.home} variant="outline">
          Return to Home
        </ButtonLink>
      </PageProblem>
    );
  }
  if (!data) return <PageLoading>Loading the judging record…</PageLoading>;
  return <Record published={data} />;
}

function Record({ published }: { published: PublishedJudgingRecord }) {
  const { record, sha256, downloadUrl, publishedAt } = published;
  const { competition } = record;
  return (
    <article className="mx-auto max-w-6xl px-4 pt-24 pb-16">
      <p>
        <Link to={paths.competitionResults(competition.id)} className={LINK}>
          The results of {competition.title}
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold text-balance sm:text-5xl">
        {recordHeading(competition.title)}
      </h1>
      <p className="mt-4 text-lg text-gray-700 dark:text-gray-300">
        <PublishedOn at={publishedAt} />
      </p>
      <p className="mt-6">
        <a href={downloadUrl} download className={LINK}>
          {RECORD_DOWNLOAD}
        </a>
      </p>
      <p className="mt-2">
        SHA-256 of the file: <code className="font-mono break-all">{sha256}</code>
      </p>
      <section aria-labelledby="how" className="mt-10 max-w-3xl">
        <h2 id="how" className="text-2xl font-bold">
          How the ranking was made, and how to check it
        </h2>
        {record.explanation.map((text) => (
          <p key={text} className="mt-3">
            {text}
          </p>
        ))}
      </section>
      <section aria-labelledby="works" className="mt-10">
        <h2 id="works" className="text-2xl font-bold">
          The works
        </h2>
        <WorksTable record={record} />
      </section>
      {record.rounds.map((round) => (
        <section key={round.number} aria-labelledby={`round-${round.number}`} className="mt-10">
          <h2 id={`round-${round.number}`} className="text-2xl font-bold">
            Round {round.number}: {round.kind === 'scores' ? 'scored' : 'ranked'}
          </h2>
          {round.kind === 'scores' ? (
            <ScoreRoundTables round={round} record={record} />
          ) : (
            <RankingRoundTables round={round} />
          )}
        </section>
      ))}
      <section aria-labelledby="final" className="mt-10">
        <h2 id="final" className="text-2xl font-bold">
          The final order and the awards
        </h2>
        <RecordTable
          caption="The final order"
          head={[
            <th
              key="p"
              scope="col"
              className="border border-gray-300 bg-gray-100 px-3 py-2 text-left dark:border-gray-700 dark:bg-gray-800"
            >
              Place
            </th>,
            <th
              key="w"
              scope="col"
              className="border border-gray-300 bg-gray-100 px-3 py-2 text-left dark:border-gray-700 dark:bg-gray-800"
            >
              Work
            </th>,
            <th
              key="a"
              scope="col"
              className="border border-gray-300 bg-gray-100 px-3 py-2 text-left dark:border-gray-700 dark:bg-gray-800"
            >
              Award
            </th>,
          ]}
        >
          {record.finalOrder.map((o) => (
            <tr key={o.work}>
              <td className="border border-gray-300 px-3 py-2 text-right dark:border-gray-700">
                {o.place}
              </td>
              <th
                scope="row"
                className="border border-gray-300 px-3 py-2 text-left dark:border-gray-700"
              >
                {o.work}
              </th>
              <td className="border border-gray-300 px-3 py-2 dark:border-gray-700">
                {record.awards
                  .filter((a) => a.work === o.work)
                  .map((a) => a.title)
                  .join(', ')}
              </td>
            </tr>
          ))}
        </RecordTable>
      </section>
    </article>
  );
}
