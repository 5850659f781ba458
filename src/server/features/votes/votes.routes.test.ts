import { beforeEach, describe, expect, it } from 'vitest';
import { freshAddress } from '../../../../tests/setup/admin-session.ts';
import { createRunningClock } from '../../../../tests/setup/test-clock.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import {
  addVotingExhibition,
  castVote,
  confirmVoter,
  latestVoteCode,
  postAsVisitor,
  requestVoteCode,
  voteRows,
} from '../../../../tests/setup/votes.ts';
import { voteApiPaths } from '../../../shared/api-paths.ts';
import { VOTE_MESSAGES } from '../../../shared/schemas/votes.ts';
import { VOTE_CODE_LIFETIME_MS } from './vote-codes.ts';

/*
 * The people's-choice vote over HTTP: a visitor confirms their address with an e-mailed code and
 * votes while voting is open; every refusal is a 4xx with the envelope and writes no vote.
 */

const clock = createRunningClock();
const t = useTestApp({ clock });
const db = () => t.app.deps.db;
const HOUR = 60 * 60 * 1000;
const VOTER = 'kiran.voter@example.com';
const sessions = async () =>
  (await db().selectFrom('voter_sessions').select('email').execute()).length;

beforeEach(async () => {
  await db().deleteFrom('rate_limit_hits').execute();
});

const refusal = (code: string, message: string) => ({
  error: expect.objectContaining({ code, message }),
});

describe(`the people's-choice vote on ${TEST_ENGINE}`, () => {
  it('e-mails a code, confirms it, counts a vote once, hides the count until voting closes', async () => {
    const setup = await addVotingExhibition(t, clock);
    const [first] = setup.works;
    const asked = await requestVoteCode(t, setup.competitionId, ` ${VOTER.toUpperCase()} `);
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toEqual({ message: VOTE_MESSAGES.codeSent });
    const code = await latestVoteCode(t, VOTER);
    const confirmed = await postAsVisitor(t, voteApiPaths.confirm, { email: VOTER, code });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.headers['cache-control']).toBe('no-store');
    const cookie = confirmed.cookies.find((c) => c.name === 'ws_voter');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 7200 });

    const voted = await castVote(t, setup.competitionId, first?.workId ?? '', cookie?.value);
    expect(voted.statusCode, voted.body).toBe(201);
    expect(voted.json()).toEqual({ message: VOTE_MESSAGES.voted, votesLeft: 0 });
    const mine = await t.app.inject({
      method: 'GET',
      url: voteApiPaths.mine(setup.competitionId),
      cookies: { ws_voter: cookie?.value ?? '' },
    });
    expect(mine.json()).toEqual({ email: VOTER, workIds: [first?.workId], votesLeft: 0 });

    const hidden = await t.app.inject({
      method: 'GET',
      url: voteApiPaths.counts(setup.competitionId),
    });
    expect(hidden.statusCode).toBe(409);
    expect(hidden.json()).toEqual(refusal('VOTING_NOT_CLOSED', VOTE_MESSAGES.countsHidden));
    clock.advance(HOUR + 1000);
    const counts = await t.app.inject({
      method: 'GET',
      url: voteApiPaths.counts(setup.competitionId),
    });
    expect(counts.statusCode, counts.body).toBe(200);
    expect(counts.json().works).toEqual([{ workId: first?.workId, votes: 1 }]);
  });

  it('refuses a vote without a confirmed address, twice, for one’s own entry, outside the exhibition', async () => {
    const setup = await addVotingExhibition(t, clock, { votesPerVisitor: 2 });
    const [asha, ravi, meena] = setup.works;
    const id = setup.competitionId;
    const none = await castVote(t, id, asha?.workId ?? '', undefined);
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual(refusal('VOTER_NOT_CONFIRMED', VOTE_MESSAGES.notConfirmed));
    const forged = await castVote(t, id, asha?.workId ?? '', 'not-a-token');
    expect(forged.statusCode).toBe(401);

    const cookie = await confirmVoter(t, id, VOTER);
    expect((await castVote(t, id, ravi?.workId ?? '', cookie)).statusCode).toBe(201);
    const twice = await castVote(t, id, ravi?.workId ?? '', cookie);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual(refusal('ALREADY_VOTED', VOTE_MESSAGES.alreadyVoted));
    const outside = await castVote(t, id, setup.outsideWorkId, cookie);
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error.fields).toEqual({ workId: VOTE_MESSAGES.workNotInExhibition });
    expect((await castVote(t, id, meena?.workId ?? '', cookie)).statusCode).toBe(201);
    const third = await castVote(t, id, asha?.workId ?? '', cookie);
    expect(third.statusCode).toBe(409);
    expect(third.json()).toEqual(refusal('NO_VOTES_LEFT', VOTE_MESSAGES.noVotesLeft));

    // The artist, under a +tag and in capitals, is still the artist.
    const own = await confirmVoter(t, id, 'Asha+Fan@Artists.Example');
    const refused = await castVote(t, id, asha?.workId ?? '', own);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual(refusal('OWN_ENTRY', VOTE_MESSAGES.ownEntry));
    expect((await voteRows(t, id)).map((v) => v.work_id).sort()).toEqual(
      [ravi?.workId, meena?.workId].sort(),
    );
  });

  it('counts a +tag of the same address as the same voter', async () => {
    const setup = await addVotingExhibition(t, clock);
    const [, ravi, meena] = setup.works;
    const one = await confirmVoter(t, setup.competitionId, 'kiran+one@example.com');
    const two = await confirmVoter(t, setup.competitionId, 'Kiran+two@example.com');
    expect((await castVote(t, setup.competitionId, ravi?.workId ?? '', one)).statusCode).toBe(201);
    const again = await castVote(t, setup.competitionId, meena?.workId ?? '', two);
    expect(again.statusCode).toBe(409);
    const rows = await voteRows(t, setup.competitionId);
    expect(rows).toHaveLength(1);
    // The voter is a keyed hash, not the address.
    expect(rows[0]?.voter).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses disposable addresses, and codes and votes outside the voting window', async () => {
    const open = await addVotingExhibition(t, clock);
    const disposable = await requestVoteCode(t, open.competitionId, 'someone@mailinator.com');
    expect(disposable.statusCode).toBe(400);
    expect(disposable.json().error.fields).toEqual({ email: VOTE_MESSAGES.disposable });

    const early = await addVotingExhibition(t, clock, { opensInMs: HOUR, closesInMs: 2 * HOUR });
    const notYet = await requestVoteCode(t, early.competitionId, VOTER);
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json()).toEqual(refusal('VOTING_NOT_OPEN', VOTE_MESSAGES.notOpen));
    const cookie = await confirmVoter(t, open.competitionId, VOTER);
    const before = await castVote(t, early.competitionId, early.works[0]?.workId ?? '', cookie);
    expect(before.statusCode).toBe(409);
    expect(before.json()).toEqual(refusal('VOTING_NOT_OPEN', VOTE_MESSAGES.notOpen));

    const closed = await addVotingExhibition(t, clock, { opensInMs: -2 * HOUR, closesInMs: -1 });
    const after = await castVote(t, closed.competitionId, closed.works[0]?.workId ?? '', cookie);
    expect(after.statusCode).toBe(409);
    expect(after.json()).toEqual(refusal('VOTING_CLOSED', VOTE_MESSAGES.closed));
    const noExhibition = await castVote(t, 'no-such-competition', 'x', cookie);
    expect(noExhibition.statusCode).toBe(404);
    for (const setup of [early, closed]) expect(await voteRows(t, setup.competitionId)).toEqual([]);
  });

  it('rejects a wrong code, an expired one, and a code after 5 wrong tries; limits guessing', async () => {
    const setup = await addVotingExhibition(t, clock);
    const confirm = (code: string, ip = freshAddress()) =>
      postAsVisitor(t, voteApiPaths.confirm, { email: VOTER, code }, { ip });
    const rejected = {
      error: {
        code: 'VOTE_CODE_REJECTED',
        message: VOTE_MESSAGES.codeRejected,
        fields: { code: VOTE_MESSAGES.codeRejected },
      },
    };

    expect((await requestVoteCode(t, setup.competitionId, VOTER)).statusCode).toBe(202);
    const code = await latestVoteCode(t, VOTER);
    const wrong = code === '000000' ? '000001' : '000000';
    const once = await confirm(wrong);
    expect(once.statusCode).toBe(400);
    expect(once.json()).toEqual(rejected);
    for (let n = 0; n < 4; n++) await confirm(wrong);
    // Five wrong tries: the right code no longer works.
    expect((await confirm(code)).statusCode).toBe(400);

    expect((await requestVoteCode(t, setup.competitionId, VOTER)).statusCode).toBe(202);
    const late = await latestVoteCode(t, VOTER);
    clock.advance(VOTE_CODE_LIFETIME_MS + 1000);
    expect((await confirm(late)).json()).toEqual(rejected);

    const setup2 = await addVotingExhibition(t, clock);
    expect((await requestVoteCode(t, setup2.competitionId, VOTER)).statusCode).toBe(202);
    const ip = freshAddress();
    const before = await sessions();
    const tries = [];
    for (let n = 0; n < 31; n++)
      tries.push((await confirm(String(n).padStart(6, '0'), ip)).statusCode);
    expect(tries.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(tries[30]).toBe(429);
    expect(await sessions()).toBe(before);
  });

  it('limits code requests per address, and bad bodies are 400s', async () => {
    const setup = await addVotingExhibition(t, clock);
    const ip = freshAddress();
    const statuses = [];
    for (let n = 0; n < 21; n++) {
      statuses.push(
        (await requestVoteCode(t, setup.competitionId, `v${n}@example.com`, ip)).statusCode,
      );
    }
    expect(statuses.slice(0, 20).every((s) => s === 202)).toBe(true);
    expect(statuses[20]).toBe(429);
    const bad = await postAsVisitor(t, voteApiPaths.codes, {
      competitionId: setup.competitionId,
      email: 'nope',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_ERROR');
    const noCode = await postAsVisitor(t, voteApiPaths.confirm, { email: VOTER, code: '12' });
    expect(noCode.statusCode).toBe(400);
  });

  it('counts every vote of many at once exactly once', async () => {
    const setup = await addVotingExhibition(t, clock, { votesPerVisitor: 2 });
    const id = setup.competitionId;
    const cookie = await confirmVoter(t, id, VOTER);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        castVote(t, id, setup.works[i % 3]?.workId ?? '', cookie),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(2);
    expect(answers.every((a) => a.statusCode === 201 || a.statusCode === 409)).toBe(true);
    const rows = await voteRows(t, id);
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((r) => r.work_id)).size).toBe(2);

    const voters = await Promise.all(
      Array.from({ length: 8 }, (_, i) => confirmVoter(t, id, `crowd${i}@example.com`)),
    );
    const burst = await Promise.all(
      voters.flatMap((c) => [0, 1, 2].map(() => castVote(t, id, setup.works[1]?.workId ?? '', c))),
    );
    expect(burst.filter((a) => a.statusCode === 201)).toHaveLength(8);
    expect(await voteRows(t, id)).toHaveLength(10);
  });
});
