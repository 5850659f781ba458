import { adminApiPaths } from '../../../../../shared/api-paths.ts';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import {
  type ROUND_KINDS,
  RoundDetailSchema,
  RoundSummarySchema,
  type ShortlistSchema,
} from '../../../../../shared/schemas/jury.ts';
import { apiFetch } from '../../../../lib/api-client.ts';
import { send } from '../../common/admin-requests.ts';

/* A competition's rounds of judging: the list, each round's moves and its results. */

export type Shortlist = z.input<typeof ShortlistSchema>;
export type RoundKind = (typeof ROUND_KINDS)[number];

const roundsPath = (competitionId: string) =>
  adminApiPaths.competitionPart(competitionId, 'rounds');
const roundPath = (competitionId: string, roundId: string) =>
  `${roundsPath(competitionId)}/${encodeURIComponent(roundId)}`;

/** The rounds, first first. */
export const roundsQuery = (competitionId: string) =>
  queryOptions({
    queryKey: ['admin', 'rounds', competitionId],
    queryFn: () => apiFetch(roundsPath(competitionId), {}, z.array(RoundSummarySchema)),
  });

/** A round: each juror's progress, the standings so far, the conflicts jurors declared. */
export const roundDetailQuery = (competitionId: string, roundId: string) =>
  queryOptions({
    queryKey: ['admin', 'rounds', competitionId, roundId],
    queryFn: () => apiFetch(roundPath(competitionId, roundId), {}, RoundDetailSchema),
  });

/** The next round, as a draft: round 1 takes the approved entries, a later one a shortlist. */
export const createRound = ({
  competitionId,
  shortlist,
  kind,
}: {
  competitionId: string;
  shortlist?: Shortlist;
  /** Scored on the criteria (the default), or ranked on one ballot per juror. */
  kind?: RoundKind;
}) =>
  apiFetch(
    roundsPath(competitionId),
    send('POST', { ...(shortlist ? { shortlist } : {}), ...(kind ? { kind } : {}) }),
    RoundSummarySchema,
  );

/** Opens a draft round (assigning every entry its jurors) or closes an open one. */
export const moveRound = ({
  competitionId,
  roundId,
  action,
}: {
  competitionId: string;
  roundId: string;
  action: 'open' | 'close';
}) => apiFetch(`${roundPath(competitionId, roundId)}/${action}`, send('POST'), RoundSummarySchema);

/** Sets when the round is meant to end (null: no end); answers the round. */
export const setRoundEnd = ({
  competitionId,
  roundId,
  endsAt,
}: {
  competitionId: string;
  roundId: string;
  endsAt: string | null;
}) =>
  apiFetch(
    adminApiPaths.roundEnd(competitionId, roundId),
    send('PUT', { endsAt }),
    RoundSummarySchema,
  );

/** E-mails each juror with works left; answers how many. */
export const remindJurors = ({
  competitionId,
  roundId,
}: {
  competitionId: string;
  roundId: string;
}) =>
  apiFetch(
    `${roundPath(competitionId, roundId)}/reminders`,
    send('POST'),
    z.object({ reminded: z.number().int() }),
  );

/** Every score of the round as CSV: a plain link, the browser downloads it. */
export const scoresCsvPath = (competitionId: string, roundId: string) =>
  `${roundPath(competitionId, roundId)}/scores.csv`;
