import { publicApiPaths } from '../../../shared/api-paths.ts';
import { formatCalendarDate } from '../../../shared/domain/calendar-date.ts';
import { isCertificatePath, resultsCompetitionIdInPath } from '../../../shared/page-paths.ts';
import type { PublicResults } from '../../../shared/schemas/publication.ts';
import type { Deps } from '../../deps.ts';
import { envelope } from '../../errors.ts';
import { todayIn } from '../../../shared/domain/competition-status.ts';
import { RESULTS_NOT_PUBLISHED } from '../../../shared/messages.ts';
import { getPublicResults } from '../results/results.service.ts';
import type { PageDescription } from './page-data.ts';

/*
 * The pages of a competition's published results and of a certificate's check. The
 * results are inlined, and their first picture is what a shared link previews. A certificate is
 * never inlined: its API answers after a fixed time (so a forged code is not told apart by its
 * speed), and a page per made-up code would fill the page cache; the page asks for it itself.
 */

const CERTIFICATE_TITLE = 'Certificate';

/** The results' title, as the page's heading says it too. */
export const resultsTitleOf = (competitionTitle: string) => `Results: ${competitionTitle}`;

/** The link preview's sentence: who won what, as the artists allowed it to be said. */
function describeResults(results: PublicResults, timeZone: string): string {
  const day = formatCalendarDate(todayIn(timeZone, new Date(results.publishedAt)));
  const awards = results.awards.map((a) => `${a.award}: ${a.artworkTitle}`).join('; ');
  const published = `The results of ${results.competition.title}, published ${day}.`;
  return awards ? `${published} ${awards}` : published;
}

/** The page description of `pathname` when it is a results or certificate page, else undefined. */
export async function describeResultsPage(
  deps: Pick<Deps, 'db' | 'log' | 'competitions'>,
  pathname: string,
  timeZone: string,
  summarize: (text: string) => string,
): Promise<PageDescription | undefined> {
  if (isCertificatePath(pathname)) {
    return { status: 200, title: CERTIFICATE_TITLE, robots: 'noindex', api: {} };
  }
  const part = resultsCompetitionIdInPath(pathname);
  if (part === undefined) return undefined;
  let id: string;
  try {
    id = decodeURIComponent(part);
  } catch {
    id = '';
  }
  const apiPath = publicApiPaths.competitionResults(id);
  const notPublished: PageDescription = {
    status: 404,
    title: RESULTS_NOT_PUBLISHED,
    api: { [apiPath]: envelope('RESULTS_NOT_PUBLISHED', RESULTS_NOT_PUBLISHED) },
  };
  // The catalogue is in memory: an unknown id costs no query.
  const found = id ? await deps.competitions.findPublic(id) : undefined;
  if (!found?.competition.resultsPublished) return notPublished;
  let results: PublicResults;
  try {
    results = await getPublicResults(deps, id);
  } catch {
    // Taken down since the catalogue was built.
    return notPublished;
  }
  const imageUrl = results.awards.find((a) => a.imageUrl)?.imageUrl;
  const image = imageUrl ? { url: imageUrl, srcset: '', width: null, height: null } : null;
  return {
    status: 200,
    title: resultsTitleOf(results.competition.title),
    description: summarize(describeResults(results, timeZone)),
    image,
    api: { [apiPath]: results },
  };
}
