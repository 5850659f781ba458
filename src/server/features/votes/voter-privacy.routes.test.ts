import { beforeEach, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  adminClock,
  asAdmin,
  auditRowsOf,
  freshAddress,
  signIn,
  useAdminTestApp,
} from '../../../../tests/setup/admin-session.ts';
import { addArtistEntry, asArtist, signInArtist } from '../../../../tests/setup/artist-session.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import {
  addVotingExhibition,
  castVote,
  confirmVoter,
  requestVoteCode,
  voteRows,
} from '../../../../tests/setup/votes.ts';
import { voteApiPaths } from '../../../shared/api-paths.ts';
import type { ErasureRequest } from '../../../shared/schemas/personal-data.ts';
import type { AdminVotes } from '../../../shared/schemas/votes.ts';
import { VOTE_MESSAGES } from '../../../shared/schemas/votes.ts';
import { forgetPastVoters, VOTER_ADDRESS_RETENTION_MS } from './voter-privacy.ts';
import { votesFeature } from './votes.feature.ts';

/*
 * A voter's address does not outlive them: erasing the person, or 90 days after the vote's
 * close, takes it off every vote table, while the votes go on counting (the counts, clusters and
 * award do not change) and the voter still cannot vote twice.
 */

const t = useAdminTestApp();
const db = () => t.app.deps.db;
const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
let admin = '';

beforeEach(async () => {
  await db().deleteFrom('rate_limit_hits').execute();
  admin = await signIn(t, 'admin', ADMIN_PASSWORD);
});

/** Every column of every row of the vote's tables, as one lower-case text. */
async function voteTablesText(): Promise<string> {
  const tables = await Promise.all([
    db().selectFrom('vote_codes').selectAll().execute(),
    db().selectFrom('voter_sessions').selectAll().execute(),
    db().selectFrom('votes').selectAll().execute(),
  ]);
  return JSON.stringify(tables).toLowerCase();
}

async function adminVotes(competitionId: string): Promise<AdminVotes> {
  const seen = await asAdmin(t, admin, 'GET', voteApiPaths.admin(competitionId));
  expect(seen.statusCode, seen.body).toBe(200);
  return seen.json<AdminVotes>();
}

/** What must not change when addresses go: everything but the addresses and domains. */
const countsOf = (votes: AdminVotes) => ({
  counted: votes.counted,
  voided: votes.voided,
  perHour: votes.perHour,
  works: votes.works,
  clusters: votes.clusters.map((c) => ({ kind: c.kind, voteIds: c.voteIds })),
  ids: votes.votes.map((v) => [v.id, v.workId, v.addressTag, v.castAt]),
  award: votes.award,
});

async function vote(competitionId: string, workId: string, email: string, ip = freshAddress()) {
  const cookie = await confirmVoter(t, competitionId, email);
  const voted = await castVote(t, competitionId, workId, cookie, ip);
  expect(voted.statusCode, voted.body).toBe(201);
  return cookie;
}

/** The person of `email` asks to be erased (as an artist), and the admin completes it. */
async function erase(email: string) {
  await addArtistEntry(t, email, { status: 'approved', payment_status: 'paid' });
  const token = await signInArtist(t, email);
  const asked = await asArtist(t, token, 'POST', '/api/me/erasure');
  expect(asked.statusCode, asked.body).toBe(201);
  const id = asked.json<ErasureRequest>().id;
  const done = await asAdmin(t, admin, 'POST', `/api/admin/erasure-requests/${id}/complete`);
  expect(done.statusCode, done.body).toBe(200);
}

describe(`voters' addresses on ${TEST_ENGINE}`, () => {
  it('erasing a voter leaves the counts and the award, and no trace of the address', async () => {
    const setup = await addVotingExhibition(t, adminClock, { votesPerVisitor: 2 });
    const id = setup.competitionId;
    const [asha, ravi, meena] = setup.works;
    // One person under two +tags and an own domain, from one connection with others.
    const ip = freshAddress();
    await vote(id, asha!.workId, 'Kiran.Rao+art@kiran-studio.in', ip);
    await vote(id, ravi!.workId, 'lata.menon@kiran-studio.in', ip);
    await vote(id, asha!.workId, 'omar.sheikh@kiran-studio.in', ip);
    await vote(id, asha!.workId, 'priya.nair@example.com', ip);
    await vote(id, ravi!.workId, 'sunil.pai@example.org', ip);
    const kiran = await confirmVoter(t, id, 'kiran.rao+second@kiran-studio.in');
    expect((await castVote(t, id, meena!.workId, kiran, ip)).statusCode).toBe(201);
    // A code asked and never used, still live.
    expect((await requestVoteCode(t, id, 'kiran.rao@kiran-studio.in')).statusCode).toBe(202);
    adminClock.advance(HOUR + MINUTE);
    const award = await asAdmin(t, admin, 'POST', voteApiPaths.adminAward(id));
    expect(award.statusCode, award.body).toBe(200);
    expect(award.json()).toMatchObject({ workIds: [asha!.workId], votes: 3 });
    const before = await adminVotes(id);
    expect(before.clusters.map((c) => c.kind)).toEqual(['address']);
    expect(await voteTablesText()).toContain('kiran.rao');

    await erase('kiran.rao@kiran-studio.in');
    const [audit] = await auditRowsOf(db(), 'artist.erasure-complete');
    expect(JSON.parse(audit!.details ?? '{}')).toMatchObject({ votes: 2 });

    const after = await adminVotes(id);
    expect(countsOf(after)).toEqual(countsOf(before));
    expect(await voteTablesText()).not.toContain('kiran.rao');
    const kiranRows = (await voteRows(t, id)).filter((v) => !v.email.includes('@'));
    expect(JSON.stringify(kiranRows)).not.toContain('kiran-studio.in');
    const mine = after.votes.filter((v) => !v.email.includes('@'));
    expect(mine).toHaveLength(2);
    expect(new Set(mine.map((v) => v.email)).size).toBe(1);
    expect(mine[0]!.email).toMatch(/^address removed [0-9a-f]{12}$/);
    expect(mine[0]!.domain).toMatch(/^domain [0-9a-f]{12}$/);
    // Nobody else's vote changed.
    const others = (v: AdminVotes) =>
      v.votes.filter((x) => x.email.includes('@') && !x.email.startsWith('kiran'));
    expect(others(after)).toHaveLength(4);
    expect(others(after)).toEqual(others(before));
    // The award and the public counts stand, and awarding again gives the same.
    const counts = await t.app.inject({ method: 'GET', url: voteApiPaths.counts(id) });
    expect(counts.json().works).toEqual(before.works);
    const again = await asAdmin(t, admin, 'POST', voteApiPaths.adminAward(id));
    expect(again.json()).toMatchObject({ workIds: [asha!.workId], votes: 3 });
  });

  it('an erased voter who comes back while the vote is open cannot vote twice', async () => {
    const setup = await addVotingExhibition(t, adminClock, { votesPerVisitor: 2 });
    const id = setup.competitionId;
    const [asha, ravi, meena] = setup.works;
    const cookie = await vote(id, asha!.workId, 'nandini.k@example.org');
    await erase('nandini.k@example.org');
    expect(await voteTablesText()).not.toContain('nandini');
    // The old browser is no longer confirmed.
    const stale = await castVote(t, id, ravi!.workId, cookie);
    expect(stale.statusCode).toBe(401);

    const back = await confirmVoter(t, id, 'Nandini.K+again@example.org');
    const twice = await castVote(t, id, asha!.workId, back);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('ALREADY_VOTED');
    const mine = await t.app.inject({
      method: 'GET',
      url: voteApiPaths.mine(id),
      cookies: { ws_voter: back },
    });
    expect(mine.json()).toMatchObject({ workIds: [asha!.workId], votesLeft: 1 });
    expect((await castVote(t, id, ravi!.workId, back)).statusCode).toBe(201);
    const third = await castVote(t, id, meena!.workId, back);
    expect(third.json().error).toMatchObject({ message: VOTE_MESSAGES.noVotesLeft });
    expect((await voteRows(t, id)).map((v) => v.slot).sort()).toEqual([1, 2]);
  });

  it('removes the addresses 90 days after the close, and nothing before', async () => {
    const setup = await addVotingExhibition(t, adminClock);
    const open = await addVotingExhibition(t, adminClock, { closesInMs: 200 * 24 * HOUR });
    const id = setup.competitionId;
    const [asha, ravi] = setup.works;
    await vote(id, asha!.workId, 'farah.ali@example.com');
    await vote(id, ravi!.workId, 'george.thomas@thomas-prints.in');
    await vote(open.competitionId, open.works[0]!.workId, 'hema.rao@example.com');
    adminClock.advance(HOUR + MINUTE);
    const award = await asAdmin(t, admin, 'POST', voteApiPaths.adminAward(id));
    expect(award.statusCode, award.body).toBe(200);
    const before = await adminVotes(id);

    // A day short of the period: the codes and tokens expired are deleted, the votes kept.
    adminClock.advance(VOTER_ADDRESS_RETENTION_MS - 24 * HOUR);
    await forgetPastVoters(t.app.deps);
    admin = await signIn(t, 'admin', ADMIN_PASSWORD);
    expect(await adminVotes(id)).toEqual(before);
    expect(await db().selectFrom('vote_codes').selectAll().execute()).toEqual([]);
    expect(await db().selectFrom('voter_sessions').selectAll().execute()).toEqual([]);

    // The job the feature registers: a round at its start, and stop waits for it.
    adminClock.advance(24 * HOUR);
    const job = votesFeature.workers![0]!(t.app.deps);
    job.start();
    await job.stop();
    admin = await signIn(t, 'admin', ADMIN_PASSWORD);
    const after = await adminVotes(id);
    expect(countsOf(after)).toEqual(countsOf(before));
    const text = JSON.stringify(await voteRows(t, id)).toLowerCase();
    for (const trace of ['farah', 'george', 'thomas-prints', '@'])
      expect(text).not.toContain(trace);
    // A shared provider's name is kept (it names nobody); an own domain becomes a tag.
    expect(after.votes.map((v) => v.domain).sort()).toEqual([
      expect.stringMatching(/^domain [0-9a-f]{12}$/),
      'example.com',
    ]);
    // The vote still open keeps its voter's address.
    expect((await voteRows(t, open.competitionId)).map((v) => v.email)).toEqual([
      'hema.rao@example.com',
    ]);
  });
});
