import { publicApiPaths } from '../../../shared/api-paths.ts';
import { recordCompetitionIdInPath } from '../../../shared/page-paths.ts';
import type { Deps } from '../../deps.ts';
import { AppError, envelope } from '../../errors.ts';
import { publishedJudgingRecord } from '../results/results.service.ts';
import type { PageDescription } from './page-data.ts';

/*
 * A competition's judging record page: the record, its SHA-256 and its download, inlined so the
 * page is drawn on the server. Unpublished results or record: a 404 with the same envelope the
 * API answers.
 */

export const recordTitleOf = (competitionTitle: string) => `Judging record: ${competitionTitle}`;

/** The page description of `pathname` when it is a record page, else undefined. */
export async function describeRecordPage(
  deps: Pick<Deps, 'db'>,
  pathname: string,
): Promise<PageDescription | undefined> {
  const part = recordCompetitionIdInPath(pathname);
  if (part === undefined) return undefined;
  let id: string;
  try {
    id = decodeURIComponent(part);
  } catch {
    id = '';
  }
  const apiPath = publicApiPaths.judgingRecord(id);
  try {
    const data = await publishedJudgingRecord(deps.db, id);
    const title = data.record.competition.title;
    return {
      status: 200,
      title: recordTitleOf(title),
      description: `How the jury ranked the works of ${title}: every round's scores, the normalisation and the Schulze tables, to check with any program. SHA-256 ${data.sha256}.`,
      api: { [apiPath]: data },
    };
  } catch (error) {
    if (!(error instanceof AppError) || error.statusCode !== 404) throw error;
    return {
      status: 404,
      title: error.message,
      api: { [apiPath]: envelope(error.code, error.message) },
    };
  }
}
