import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CompetitionIdParamsSchema } from '../../../shared/schemas/competition.ts';
import { ErrorEnvelopeSchema } from '../../../shared/schemas/error.ts';
import {
  CastVoteSchema,
  MyVotesSchema,
  VOTE_MESSAGES,
  VoteCastSchema,
  VoteCodeRequestSchema,
  VoteConfirmedSchema,
  VoteConfirmSchema,
  VoteCountsSchema,
  VoteMessageSchema,
} from '../../../shared/schemas/votes.ts';
import pLimit from 'p-limit';
import type { FeaturePlugin } from '../../deps.ts';
import { sessionCookie } from '../../plugins/session-cookie.ts';
import { castVote, myVotes } from './cast-vote.ts';
import { publicVoteCounts } from './vote-admin.ts';
import {
  confirmedEmailOf,
  confirmVoteCode,
  requestVoteCode,
  VOTER_SESSION_MS,
} from './vote-codes.ts';

/** The confirmed voter's browser: a token of its own, apart from every signed-in scope's. */
const VOTER_COOKIE = sessionCookie('ws_voter');
const REFUSALS = {
  400: ErrorEnvelopeSchema,
  401: ErrorEnvelopeSchema,
  403: ErrorEnvelopeSchema,
  404: ErrorEnvelopeSchema,
  409: ErrorEnvelopeSchema,
  429: ErrorEnvelopeSchema,
};

/** Public scope (/api): a visitor's code, confirmation and votes; the counts after the close. */
/**
 * How many votes one server casts at once; the others wait their turn in memory. A burst of 200
 * votes in a second otherwise keeps every database connection busy at once, and on a small
 * machine the database's processes take the CPU from the gallery's visitors (PostgreSQL thrashes
 * more than it gains). A few at a time cast the burst as fast and leave room for the visitors.
 */
export const VOTES_AT_ONCE = 2;

export const votesPublicRoutes: FeaturePlugin = async (app, { deps }) => {
  const casting = pLimit(VOTES_AT_ONCE);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/votes/codes',
    {
      schema: {
        summary: 'E-mails a one-time code that confirms the address for voting in a competition',
        body: VoteCodeRequestSchema,
        response: { 202: VoteMessageSchema, ...REFUSALS },
      },
    },
    async (request, reply) => {
      const { competitionId, email } = request.body;
      await requestVoteCode(deps, competitionId, email, request.ip);
      return reply.status(202).send({ message: VOTE_MESSAGES.codeSent });
    },
  );

  api.post(
    '/votes/confirm',
    {
      schema: {
        summary: "Confirms the address by the e-mailed code; sets the voter's cookie (2 hours)",
        body: VoteConfirmSchema,
        response: { 200: VoteConfirmedSchema, ...REFUSALS },
      },
    },
    async (request, reply) => {
      const { token, email } = await confirmVoteCode(deps, request.body, request.ip);
      reply.setCookie(VOTER_COOKIE.name(request), token, {
        ...VOTER_COOKIE.options(request),
        maxAge: VOTER_SESSION_MS / 1000,
      });
      return reply.header('cache-control', 'no-store').send({ email });
    },
  );

  api.get(
    '/competitions/:id/votes/mine',
    {
      schema: {
        summary: "The browser's confirmed address and its votes in the competition",
        params: CompetitionIdParamsSchema,
        response: { 200: MyVotesSchema },
      },
    },
    async (request, reply) => {
      const email = await confirmedEmailOf(deps, VOTER_COOKIE.read(request));
      const answer = await myVotes(deps, request.params.id, email);
      return reply.header('cache-control', 'no-store').send(answer);
    },
  );

  api.post(
    '/competitions/:id/votes',
    {
      schema: {
        summary: 'Casts the confirmed visitor’s vote for a work of the opened exhibition',
        params: CompetitionIdParamsSchema,
        body: CastVoteSchema,
        response: {
          201: VoteCastSchema,
          ...REFUSALS,
        },
      },
    },
    async (request, reply) => {
      const { votesLeft } = await casting(async () =>
        castVote(
          deps,
          request.params.id,
          request.body.workId,
          await confirmedEmailOf(deps, VOTER_COOKIE.read(request)),
          request.ip,
        ),
      );
      return reply.status(201).send({ message: VOTE_MESSAGES.voted, votesLeft });
    },
  );

  api.get(
    '/competitions/:id/votes/counts',
    {
      schema: {
        summary: "Each work's counted votes, once voting has closed (409 before: they are hidden)",
        params: CompetitionIdParamsSchema,
        response: { 200: VoteCountsSchema, 404: ErrorEnvelopeSchema, 409: ErrorEnvelopeSchema },
      },
    },
    async (request) => publicVoteCounts(deps, request.params.id),
  );
};
