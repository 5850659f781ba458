import { voteApiPaths } from '../../../shared/api-paths.ts';
import type { MyVotes, VoteCast } from '../../../shared/schemas/votes.ts';
import { apiFetch } from '../../lib/api-client.ts';

/* The visitor's vote: a code e-mailed, confirmed (the voter's cookie), and votes cast. */

export const requestVoteCode = (competitionId: string, email: string) =>
  apiFetch<{ message: string }>(voteApiPaths.codes, {
    method: 'POST',
    body: JSON.stringify({ competitionId, email }),
  });

export const confirmVoteCode = (email: string, code: string) =>
  apiFetch<{ email: string }>(voteApiPaths.confirm, {
    method: 'POST',
    body: JSON.stringify({ email, code }),
  });

export const castVote = (competitionId: string, workId: string) =>
  apiFetch<VoteCast>(voteApiPaths.votes(competitionId), {
    method: 'POST',
    body: JSON.stringify({ workId }),
  });

export const fetchMyVotes = (competitionId: string) =>
  apiFetch<MyVotes>(voteApiPaths.mine(competitionId));
