import { beforeEach, describe, expect, it } from 'vitest';
import { createRunningClock } from '../../../../tests/setup/test-clock.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import {
  addVotingExhibition,
  latestVoteCode,
  postAsVisitor,
  requestVoteCode,
} from '../../../../tests/setup/votes.ts';
import { voteApiPaths } from '../../../shared/api-paths.ts';
import { VOTE_MESSAGES } from '../../../shared/schemas/votes.ts';

/* A vote's code confirms one browser: sent several times at the same moment, it is used once. */

const clock = createRunningClock();
const t = useTestApp({ clock });
const db = () => t.app.deps.db;
const VOTER = 'lata.voter@example.com';

beforeEach(async () => {
  await db().deleteFrom('rate_limit_hits').execute();
});

describe(`a vote's code confirmed at the same moment on ${TEST_ENGINE}`, () => {
  it('confirms one request and refuses the others with the code field’s message', async () => {
    const setup = await addVotingExhibition(t, clock);
    expect((await requestVoteCode(t, setup.competitionId, VOTER)).statusCode).toBe(202);
    const code = await latestVoteCode(t, VOTER);
    const answers = await Promise.all(
      Array.from({ length: 3 }, () =>
        postAsVisitor(t, voteApiPaths.confirm, { email: VOTER, code }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400, 400]);
    for (const refused of answers.filter((answer) => answer.statusCode === 400)) {
      expect(refused.json()).toEqual({
        error: {
          code: 'VOTE_CODE_REJECTED',
          message: VOTE_MESSAGES.codeRejected,
          fields: { code: VOTE_MESSAGES.codeRejected },
        },
      });
      expect(refused.cookies.find((cookie) => cookie.name === 'ws_voter')).toBeUndefined();
    }
    const sessions = await db().selectFrom('voter_sessions').select('email').execute();
    expect(sessions).toEqual([{ email: VOTER }]);
  });
});
