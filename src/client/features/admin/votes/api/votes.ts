import { queryOptions } from '@tanstack/react-query';
import { voteApiPaths } from '../../../../../shared/api-paths.ts';
import {
  AdminVotesSchema,
  PeoplesChoiceAnswerSchema,
  type VoidVotes,
  VoidVotesAnswerSchema,
} from '../../../../../shared/schemas/votes.ts';
import { apiFetch } from '../../../../lib/api-client.ts';
import { send } from '../../common/admin-requests.ts';

/* A competition's people's-choice vote, as the admin sees it, and the admin's two moves. */

export const adminVotesQuery = (competitionId: string) =>
  queryOptions({
    queryKey: ['admin', 'votes', competitionId],
    queryFn: () => apiFetch(voteApiPaths.admin(competitionId), {}, AdminVotesSchema),
  });

export const voidVotes = ({ competitionId, ...body }: VoidVotes & { competitionId: string }) =>
  apiFetch(voteApiPaths.adminVoid(competitionId), send('POST', body), VoidVotesAnswerSchema);

export const awardPeoplesChoice = (competitionId: string) =>
  apiFetch(voteApiPaths.adminAward(competitionId), send('POST'), PeoplesChoiceAnswerSchema);
