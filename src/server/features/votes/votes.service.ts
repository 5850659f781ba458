/*
 * The votes feature's front door: the people's-choice vote, for the demo to cast its visitors'
 * votes and award the closed one as a visitor and an admin would, and for a person's erasure to
 * reach their votes.
 */

export { castVote } from './cast-vote.ts';
export { awardPeoplesChoice } from './vote-admin.ts';
export { eraseVoter } from './voter-privacy.ts';
