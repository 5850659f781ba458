import { adminApiPaths } from '../../../../../shared/api-paths.ts';
import { queryOptions } from '@tanstack/react-query';
import {
  PublicationPreviewSchema,
  PublicationSchema,
} from '../../../../../shared/schemas/publication.ts';
import { JudgingRecordStateSchema } from '../../../../../shared/schemas/judging-record.ts';
import { AdminCompetitionSchema } from '../../../../../shared/schemas/competition.ts';
import { apiFetch } from '../../../../lib/api-client.ts';
import { send } from '../../common/admin-requests.ts';

/* A competition's results: whether they are published, what Publish would send, and the two moves. */

const resultsPath = (competitionId: string) =>
  adminApiPaths.competitionPart(competitionId, 'results');

/** Whether the results are up (and since when), and what Publish would count and send now. */
export const publicationQuery = (competitionId: string) =>
  queryOptions({
    queryKey: ['admin', 'publication', competitionId],
    queryFn: () => apiFetch(resultsPath(competitionId), {}, PublicationPreviewSchema),
  });

/** Publishes: the page, the certificates, one e-mail per entrant; 409 NO_AWARDS / ALREADY_PUBLISHED. */
export const publishResults = ({
  competitionId,
  releaseFeedback,
  publishRecord = false,
}: {
  competitionId: string;
  /** The jury's feedback, not hidden, reaches the artists. */
  releaseFeedback: boolean;
  /** The judging record is published with the results. */
  publishRecord?: boolean;
}) =>
  apiFetch(
    `${resultsPath(competitionId)}/publish`,
    send('POST', { releaseFeedback, publishRecord }),
    PublicationSchema,
  );

/** Publishes (written once, then kept) or withdraws the judging record; audited. */
export const changeJudgingRecord = ({
  competitionId,
  published,
}: {
  competitionId: string;
  published: boolean;
}) =>
  apiFetch(
    adminApiPaths.judgingRecord(competitionId),
    send('PUT', { published }),
    JudgingRecordStateSchema,
  );

/** Takes the page down (e-mails already sent stay sent); 409 NOT_PUBLISHED. */
export const unpublishResults = (competitionId: string) =>
  apiFetch(`${resultsPath(competitionId)}/unpublish`, send('POST'), PublicationSchema);

/** Closes the competition's entries now (audited), so its results may be published. */
export const closeEntries = (competitionId: string) =>
  apiFetch(
    adminApiPaths.competitionPart(competitionId, 'close-entries'),
    send('POST'),
    AdminCompetitionSchema,
  );
