import * as z from 'zod/mini';
import { emailSchema } from './registration.ts';

/*
 * The people's-choice vote: a visitor confirms their e-mail with a one-time code, then votes for
 * up to the exhibition's `votesPerVisitor` works while voting is open. The counts stay hidden
 * until voting closes. zod/mini: the vote dialog is on public pages.
 */

export const VOTE_MESSAGES = {
  /** The one answer to a code request. */
  codeSent: 'We have e-mailed you a 6-digit code. Enter it here within 15 minutes.',
  codeRequired: 'Enter the 6-digit code from the e-mail',
  codeInvalid: 'The code is 6 digits',
  /** A code wrong, expired, used or tried too often: one answer for all. */
  codeRejected: 'This code is not right or has expired. Ask for a new one.',
  disposable: 'Please use your own e-mail address: addresses that expire are not accepted.',
  notConfirmed: 'Please confirm your e-mail address before voting.',
  notOpen: 'Voting has not opened yet.',
  closed: 'Voting has closed.',
  noExhibition: 'There is no exhibition to vote in here.',
  workNotInExhibition: 'This work is not in the exhibition.',
  ownEntry: 'You cannot vote for your own entry.',
  alreadyVoted: 'You have already voted for this work.',
  noVotesLeft: 'You have used all your votes in this competition.',
  voted: 'Thank you: your vote is counted.',
  countsHidden: 'The votes are counted when voting closes.',
  reasonRequired: 'Say why these votes are voided',
  chooseVotes: 'Choose at least one vote',
} as const;

const idSchema = z.string().check(z.trim(), z.minLength(1), z.maxLength(100));

export const VoteCodeRequestSchema = z.strictObject({
  competitionId: idSchema,
  email: emailSchema(),
});
export type VoteCodeRequest = z.infer<typeof VoteCodeRequestSchema>;

export const VoteConfirmSchema = z.strictObject({
  email: emailSchema(),
  code: z
    .string({ error: VOTE_MESSAGES.codeRequired })
    .check(
      z.trim(),
      z.minLength(1, { error: VOTE_MESSAGES.codeRequired, abort: true }),
      z.regex(/^\d{6}$/, VOTE_MESSAGES.codeInvalid),
    ),
});
export type VoteConfirm = z.infer<typeof VoteConfirmSchema>;

export const CastVoteSchema = z.strictObject({ workId: idSchema });
export type CastVote = z.infer<typeof CastVoteSchema>;

export const VoteMessageSchema = z.object({ message: z.string() });
export const VoteConfirmedSchema = z.object({ email: z.string() });
export const VoteCastSchema = z.object({ message: z.string(), votesLeft: z.number() });
export type VoteCast = z.infer<typeof VoteCastSchema>;

/** What the visitor's browser knows of their votes in a competition. */
export const MyVotesSchema = z.object({
  /** The confirmed address, or null before confirming. */
  email: z.nullable(z.string()),
  workIds: z.array(z.string()),
  votesLeft: z.number(),
});
export type MyVotes = z.infer<typeof MyVotesSchema>;

/** After voting closed: each work's counted votes, most first. */
export const VoteCountsSchema = z.object({
  closedAt: z.string(),
  works: z.array(z.object({ workId: z.string(), votes: z.number() })),
});
export type VoteCounts = z.infer<typeof VoteCountsSchema>;

/* The admin's screen. */

export const VoteRowSchema = z.object({
  id: z.string(),
  workId: z.string(),
  email: z.string(),
  domain: z.string(),
  /** A short hash of the address the vote came from: grouped, never shown as an address. */
  addressTag: z.string(),
  castAt: z.string(),
  voidedAt: z.nullable(z.string()),
  voidReason: z.nullable(z.string()),
});
export type VoteRow = z.infer<typeof VoteRowSchema>;

export const VoteClusterSchema = z.object({
  kind: z.enum(['address', 'domain', 'burst']),
  /** The address tag, the domain, or the minute of the burst. */
  key: z.string(),
  voteIds: z.array(z.string()),
});
export type VoteCluster = z.infer<typeof VoteClusterSchema>;

export const AdminVotesSchema = z.object({
  voting: z.object({
    opensAt: z.nullable(z.string()),
    closesAt: z.nullable(z.string()),
    open: z.boolean(),
    closed: z.boolean(),
    votesPerVisitor: z.number(),
  }),
  counted: z.number(),
  voided: z.number(),
  perHour: z.array(z.object({ hour: z.string(), votes: z.number() })),
  works: z.array(z.object({ workId: z.string(), votes: z.number() })),
  clusters: z.array(VoteClusterSchema),
  votes: z.array(VoteRowSchema),
  award: z.nullable(z.object({ workIds: z.array(z.string()) })),
  /** Each exhibited work's title, by work id. */
  titles: z.record(z.string(), z.string()),
});
export type AdminVotes = z.infer<typeof AdminVotesSchema>;

export const VoidVotesSchema = z.strictObject({
  voteIds: z
    .array(idSchema)
    .check(z.minLength(1, VOTE_MESSAGES.chooseVotes), z.maxLength(5000, VOTE_MESSAGES.chooseVotes)),
  reason: z
    .string({ error: VOTE_MESSAGES.reasonRequired })
    .check(z.trim(), z.minLength(1, VOTE_MESSAGES.reasonRequired), z.maxLength(500)),
});
export type VoidVotes = z.infer<typeof VoidVotesSchema>;

export const VoidVotesAnswerSchema = z.object({ voided: z.number() });

export const PeoplesChoiceAnswerSchema = z.object({
  workIds: z.array(z.string()),
  votes: z.number(),
  /** Works with as many votes or more that could not take it, and why ("holds First Prize"). */
  skipped: z.array(z.object({ workId: z.string(), votes: z.number(), reason: z.string() })),
  certificatesIssued: z.number(),
});
export type PeoplesChoiceAnswer = z.infer<typeof PeoplesChoiceAnswerSchema>;
