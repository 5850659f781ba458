import { beforeEach, describe, expect, it } from 'vitest';
import { freshAddress } from '../../../../tests/setup/admin-session.ts';
import { createRunningClock } from '../../../../tests/setup/test-clock.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import {
  addVotingExhibition,
  castVote,
  latestVoteCode,
  postAsVisitor,
  requestVoteCode,
  voteRows,
} from '../../../../tests/setup/votes.ts';
import { voteApiPaths } from '../../../shared/api-paths.ts';
import { VOTE_CODES_PER_DOMAIN, VOTE_CODES_PER_EMAIL } from './vote-codes.ts';

/*
 * The vote's limits per e-mail domain and per address: a big shared provider's voters are never
 * refused by the domain limit (its count is a cluster signal only), an organisation's own domain
 * is; and +tags of one mailbox share its code-request limit.
 */

const clock = createRunningClock();
const t = useTestApp({ clock });
const db = () => t.app.deps.db;

beforeEach(async () => {
  await db().deleteFrom('rate_limit_hits').execute();
});

describe(`the vote's limits on ${TEST_ENGINE}`, () => {
  // About 1,500 requests, one after another (a domain's limit and one past it): a minute at most
  // on a busy machine.
  it(
    'refuses no voter of a shared provider for its domain; an unknown domain keeps its limit',
    { timeout: 60_000 },
    async () => {
      const { competitionId, works } = await addVotingExhibition(t, clock, { votesPerVisitor: 1 });
      const voters = VOTE_CODES_PER_DOMAIN.max + 1;
      for (let n = 0; n < voters; n++) {
        const email = `voter${n}@gmail.com`;
        const asked = await requestVoteCode(t, competitionId, email);
        expect(asked.statusCode, `${email}: ${asked.body}`).toBe(202);
        const code = await latestVoteCode(t, email);
        const confirmed = await postAsVisitor(t, voteApiPaths.confirm, { email, code });
        const cookie = confirmed.cookies.find((c) => c.name === 'ws_voter')?.value;
        const voted = await castVote(t, competitionId, works[n % works.length]!.workId, cookie);
        expect(voted.statusCode, `${email}: ${voted.body}`).toBe(201);
      }
      expect(await voteRows(t, competitionId)).toHaveLength(voters);

      for (let n = 0; n < VOTE_CODES_PER_DOMAIN.max; n++) {
        const asked = await requestVoteCode(t, competitionId, `staff${n}@acme-mills.example`);
        expect(asked.statusCode).toBe(202);
      }
      const refused = await requestVoteCode(t, competitionId, 'one.more@acme-mills.example');
      expect(refused.statusCode).toBe(429);
    },
  );

  it('counts the code requests of one mailbox together, whatever its +tags', async () => {
    const { competitionId } = await addVotingExhibition(t, clock);
    for (let n = 1; n <= VOTE_CODES_PER_EMAIL.max; n++) {
      const asked = await requestVoteCode(
        t,
        competitionId,
        `asha+${n}@example.com`,
        freshAddress(),
      );
      expect(asked.statusCode, asked.body).toBe(202);
    }
    const tagged = await requestVoteCode(t, competitionId, 'asha+6@example.com', freshAddress());
    expect(tagged.statusCode).toBe(429);
    const plain = await requestVoteCode(t, competitionId, 'Asha@Example.com', freshAddress());
    expect(plain.statusCode).toBe(429);
    // The whole message; the minutes are what is left of the limit's window.
    expect(plain.json().error.message).toMatch(
      /^Too many code requests for this address\. Please try again in \d+ minutes?\.$/,
    );
  });
});
