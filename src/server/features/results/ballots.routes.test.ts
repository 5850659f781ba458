import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, asAdmin, signIn } from '../../../../tests/setup/admin-session.ts';
import {
  addJuror,
  approvedEntry,
  artistNumbered,
  asJuror,
  setUpJudging,
} from '../../../../tests/setup/jury.ts';
import { addCompetition } from '../../../../tests/setup/registration.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import type { ErrorEnvelope } from '../../../shared/schemas/error.ts';
import type { JurorRound, RoundSummary, Work } from '../../../shared/schemas/jury.ts';
import type { Ballot, ProposedAwards, RoundRanking } from '../../../shared/schemas/results.ts';
import { ROUND_CLOSED } from '../jury/scoring.service.ts';
import { ROUND_NOT_RANKED } from './ballots.service.ts';
import { SCHULZE_NOTE, TIE_BREAK_NOTE } from './schulze.ts';

/*
 * A ranking round over HTTP: a closed scored round, then a ranking round of its shortlist; jurors
 * save ballots by alias, the admin reads the Schulze count. Bad ballots are refused whole.
 */

const t = useTestApp({ config: { adminPassword: ADMIN_PASSWORD } });
let admin: string;
let competitionId: string;
/** Entry ids by study number 1 … 5. */
const entries = new Map<number, string>();
const jurors: { id: string; token: string }[] = [];
let scoreRound: string;
let rankingRound: string;
/** Per juror (by index): the ranking round's alias of each study. */
const aliasOf: Map<number, string>[] = [];

const roundsUrl = () => `/api/admin/competitions/${competitionId}/rounds`;
const ballotUrl = (roundId: string) => `/api/jury/rounds/${roundId}/ballot`;
const rankingUrl = (roundId: string) => `${roundsUrl()}/${roundId}/ranking`;

/** The juror's works in a round, each with the study number its title names. */
async function worksOf(token: string, roundId: string): Promise<Map<number, string>> {
  const rounds = (await asJuror(t, token, 'GET', '/api/jury/rounds')).json<JurorRound[]>();
  let alias = rounds.find((r) => r.id === roundId)?.firstAlias ?? null;
  const byStudy = new Map<number, string>();
  while (alias) {
    const work = (
      await asJuror(t, token, 'GET', `/api/jury/rounds/${roundId}/works/${alias}`)
    ).json<Work>();
    const study = work.answers.map((a) => /^Study (\d)$/.exec(a.value)).find(Boolean);
    byStudy.set(Number(study![1]), work.alias);
    alias = work.nextAlias;
  }
  return byStudy;
}

async function openRound(roundId: string) {
  const opened = await asAdmin(t, admin, 'POST', `${roundsUrl()}/${roundId}/open`);
  expect(opened.statusCode, opened.body).toBe(200);
}

async function putBallot(juror: number, studies: number[], roundId = rankingRound) {
  const ranking = studies.map((s) => aliasOf[juror]?.get(s) ?? `unknown-${s}`);
  return asJuror(t, jurors[juror]!.token, 'PUT', ballotUrl(roundId), { ranking });
}

async function readRanking(): Promise<RoundRanking> {
  const response = await asAdmin(t, admin, 'GET', rankingUrl(rankingRound));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<RoundRanking>();
}

beforeAll(async () => {
  admin = await signIn(t, 'admin', ADMIN_PASSWORD);
  competitionId = (await addCompetition(t)).competition.id;
  for (const n of [1, 2, 3, 4, 5]) {
    entries.set(n, await approvedEntry(t, admin, competitionId, artistNumbered(n), `Study ${n}`));
  }
  for (const [username, name] of [
    ['juror.ann', 'Ann Roy'],
    ['juror.ben', 'Ben Oduya'],
    ['juror.cho', 'Cho Park'],
  ] as const) {
    jurors.push(await addJuror(t, username, name));
  }
  const criterion = await setUpJudging(
    t,
    admin,
    competitionId,
    jurors.map((j) => j.id),
    2,
  );

  // A ranking round needs a closed round to rank the shortlist of.
  const early = await asAdmin(t, admin, 'POST', roundsUrl(), { kind: 'ranking' });
  expect(early.statusCode).toBe(400);
  expect(early.json<ErrorEnvelope>().error.message).toBe(
    'A ranking round ranks the shortlist of a closed round.',
  );

  scoreRound = (await asAdmin(t, admin, 'POST', roundsUrl(), {})).json<RoundSummary>().id;
  await openRound(scoreRound);
  for (const juror of jurors) {
    for (const [study, alias] of await worksOf(juror.token, scoreRound)) {
      const url = `/api/jury/rounds/${scoreRound}/works/${alias}/scores`;
      const saved = await asJuror(t, juror.token, 'PUT', url, {
        scores: { [criterion]: study },
        comment: '',
      });
      expect(saved.statusCode, saved.body).toBe(200);
    }
  }
  const closed = await asAdmin(t, admin, 'POST', `${roundsUrl()}/${scoreRound}/close`);
  expect(closed.statusCode, closed.body).toBe(200);

  const created = await asAdmin(t, admin, 'POST', roundsUrl(), {
    kind: 'ranking',
    shortlist: { entries: [3, 4, 5].map((n) => entries.get(n)) },
  });
  expect(created.statusCode, created.body).toBe(201);
  const summary = created.json<RoundSummary>();
  expect(summary).toMatchObject({ kind: 'ranking', entries: 3, status: 'draft' });
  rankingRound = summary.id;
  await openRound(rankingRound);
  for (const juror of jurors) aliasOf.push(await worksOf(juror.token, rankingRound));
});

describe(`ranking rounds on ${TEST_ENGINE}`, () => {
  it('gives every panel juror the whole shortlist, with an empty ballot to start', async () => {
    for (const [i, juror] of jurors.entries()) {
      expect([...aliasOf[i]!.keys()].sort()).toEqual([3, 4, 5]);
      const ballot = await asJuror(t, juror.token, 'GET', ballotUrl(rankingRound));
      expect(ballot.statusCode, ballot.body).toBe(200);
      expect(ballot.json<Ballot>()).toMatchObject({ ranking: [], roundOpen: true });
      expect([...ballot.json<Ballot>().aliases].sort()).toEqual([...aliasOf[i]!.values()].sort());
    }
    const rounds = (await asAdmin(t, admin, 'GET', roundsUrl())).json<RoundSummary[]>();
    expect(rounds.map((r) => r.kind)).toEqual(['score', 'ranking']);
    // The juror's list says which round is a ballot, so their screen can lead to it.
    const mine = (await asJuror(t, jurors[0]!.token, 'GET', '/api/jury/rounds')).json<
      JurorRound[]
    >();
    expect(mine.find((r) => r.id === rankingRound)?.kind).toBe('ranking');
    expect(mine.find((r) => r.id === scoreRound)?.kind).toBe('score');
  });

  it('refuses an unknown alias or an alias twice with fields.ranking, storing nothing', async () => {
    const unknown = await asJuror(t, jurors[0]!.token, 'PUT', ballotUrl(rankingRound), {
      ranking: [aliasOf[0]!.get(3), 'W999'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<ErrorEnvelope>().error.fields?.ranking).toMatch(/W999/);
    const twice = await putBallot(0, [4, 3, 4]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json<ErrorEnvelope>().error.fields?.ranking).toMatch(/twice/);
    const ballot = await asJuror(t, jurors[0]!.token, 'GET', ballotUrl(rankingRound));
    expect(ballot.json<Ballot>().ranking).toEqual([]);
    expect((await readRanking()).ballots).toBe(0);
  });

  it('refuses a ballot on a scored round (409), and a round the juror is not on (404)', async () => {
    const scored = await putBallot(0, [3], scoreRound);
    expect(scored.statusCode).toBe(409);
    expect(scored.json<ErrorEnvelope>().error.message).toBe(ROUND_NOT_RANKED);
    const adminView = await asAdmin(t, admin, 'GET', rankingUrl(scoreRound));
    expect(adminView.statusCode).toBe(400);
    const outsider = await addJuror(t, 'juror.dev', 'Dev Nair');
    const get = await asJuror(t, outsider.token, 'GET', ballotUrl(rankingRound));
    expect(get.statusCode).toBe(404);
    const put = await asJuror(t, outsider.token, 'PUT', ballotUrl(rankingRound), { ranking: [] });
    expect(put.statusCode).toBe(404);
  });

  it('combines three ballots by the Schulze method, as counted by hand', async () => {
    // Ann 5 > 4 > 3, Ben 5 > 3 > 4, Cho 4 > 5 (3 unranked: below both).
    for (const [juror, studies] of [
      [0, [5, 4, 3]],
      [1, [5, 3, 4]],
      [2, [4, 5]],
    ] as const) {
      const saved = await putBallot(juror, [...studies]);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json<Ballot>().ranking).toEqual(studies.map((s) => aliasOf[juror]!.get(s)));
    }
    // Saving the same ballot again keeps one ballot per juror.
    expect((await putBallot(0, [5, 4, 3])).statusCode).toBe(200);
    const ranking = await readRanking();
    const [s3, s4, s5] = [3, 4, 5].map((n) => entries.get(n)!);
    expect(ranking).toMatchObject({ note: SCHULZE_NOTE, tieBreakNote: TIE_BREAK_NOTE, ballots: 3 });
    expect(ranking.candidates.map((c) => c.title).sort()).toEqual([
      'Study 3',
      'Study 4',
      'Study 5',
    ]);
    // The tables are keyed by work: each study's entry holds one.
    const [w3, w4, w5] = [s3, s4, s5].map(
      (id) => ranking.candidates.find((c) => c.submissionId === id)!.workId,
    );
    // d[5][4] = 2, d[4][5] = 1; d[5][3] = 3, d[3][5] = 0; d[4][3] = 2, d[3][4] = 1.
    expect(ranking.pairwise[w5!]).toEqual({ [w5!]: 0, [w4!]: 2, [w3!]: 3 });
    expect(ranking.pairwise[w4!]).toEqual({ [w5!]: 1, [w4!]: 0, [w3!]: 2 });
    expect(ranking.pairwise[w3!]).toEqual({ [w5!]: 0, [w4!]: 1, [w3!]: 0 });
    expect(ranking.strongest[w5!]).toEqual({ [w5!]: 0, [w4!]: 2, [w3!]: 3 });
    expect(ranking.strongest[w3!]).toEqual({ [w5!]: 0, [w4!]: 0, [w3!]: 0 });
    expect(ranking.ranking.map((r) => [r.submissionId, r.place, r.wins, r.tieBrokenBy])).toEqual([
      [s5, 1, 2, 'none'],
      [s4, 2, 1, 'none'],
      [s3, 3, 0, 'none'],
    ]);
    expect(ranking.ranking[0]?.alias).toBe(
      ranking.candidates.find((c) => c.submissionId === s5)?.alias,
    );
  });

  it('breaks a full tie by the previous round’s normalised mean, and says so', async () => {
    // A cycle: 5 > 4 > 3, 4 > 3 > 5, 3 > 5 > 4 — every pair 2 to 1, so all three are level.
    for (const [juror, studies] of [
      [0, [5, 4, 3]],
      [1, [4, 3, 5]],
      [2, [3, 5, 4]],
    ] as const) {
      expect((await putBallot(juror, [...studies])).statusCode).toBe(200);
    }
    const { ranking, ballots } = await readRanking();
    expect(ballots).toBe(3);
    expect(ranking.every((r) => r.wins === 0 && r.tiedWith.length === 2)).toBe(true);
    expect(ranking.every((r) => r.previousNormalisedMean !== null)).toBe(true);
    const means = ranking.map((r) => r.previousNormalisedMean!);
    expect(means).toEqual([...means].sort((a, b) => b - a));
    expect(ranking.every((r) => r.tieBrokenBy !== 'none')).toBe(true);
  });

  it('refuses a ballot once the round has closed (409), keeping the saved one', async () => {
    const closed = await asAdmin(t, admin, 'POST', `${roundsUrl()}/${rankingRound}/close`);
    expect(closed.statusCode, closed.body).toBe(200);
    const late = await putBallot(0, [3, 4, 5]);
    expect(late.statusCode).toBe(409);
    expect(late.json<ErrorEnvelope>().error.message).toBe(ROUND_CLOSED);
    const ballot = (
      await asJuror(t, jurors[0]!.token, 'GET', ballotUrl(rankingRound))
    ).json<Ballot>();
    expect(ballot).toMatchObject({
      ranking: [5, 4, 3].map((s) => aliasOf[0]!.get(s)),
      roundOpen: false,
    });
  });

  it('proposes awards in the closed ranking round’s Schulze order', async () => {
    const { ranking } = await readRanking();
    const proposal = await asAdmin(
      t,
      admin,
      'GET',
      `/api/admin/competitions/${competitionId}/awards/proposal`,
    );
    expect(proposal.statusCode, proposal.body).toBe(200);
    const proposed = proposal.json<ProposedAwards>();
    expect(proposed.roundId).toBe(rankingRound);
    expect(proposed.awards.map((a) => [a.submissionId, a.title, a.normalisedMean])).toEqual(
      ranking.map((r, i) => [r.submissionId, ['First', 'Second', 'Third'][i], null]),
    );
  });
});
