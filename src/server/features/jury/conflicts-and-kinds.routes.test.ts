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
import type {
  ConflictAdded,
  JurorRound,
  RoundDetail,
  RoundSummary,
  Work,
} from '../../../shared/schemas/jury.ts';
import type { Ballot, RoundRanking } from '../../../shared/schemas/results.ts';
import { ROUND_NOT_RANKED } from '../results/ballots.service.ts';
import { ROUND_NOT_SCORED } from './scoring.service.ts';

/*
 * Rounds answer what they ask, and a conflict the admin declares while a round is open holds:
 * a score round refuses ballots and a ranking round score sheets (409, nothing written); the
 * conflicted juror loses the work at once (scores removed, passed on or marked short), cannot
 * open, score or rank it, and their ballot says nothing of it in the Schulze count.
 */

const t = useTestApp({ config: { adminPassword: ADMIN_PASSWORD } });
const db = () => t.app.deps.db;
let admin: string;
let competitionId: string;
let criterion: string;
const jurors: { id: string; token: string }[] = [];
const [DEE, ELI, FAY] = [0, 1, 2];
let scoreRound: string;
let rankingRound: string;
/** The study a juror's first work shows in round 1 (the one the admin's conflict takes). */
let k: number;

const roundsUrl = () => `/api/admin/competitions/${competitionId}/rounds`;
const workUrl = (roundId: string, alias: string) => `/api/jury/rounds/${roundId}/works/${alias}`;
const ballotUrl = (roundId: string) => `/api/jury/rounds/${roundId}/ballot`;
const juror = (n: number) => jurors[n]!.token;

/** A round's alias of each study (the admin's view: aliases are the round's, not a juror's). */
async function aliasesOf(roundId: string): Promise<Map<number, string>> {
  const detail = await asAdmin(t, admin, 'GET', `${roundsUrl()}/${roundId}`);
  expect(detail.statusCode, detail.body).toBe(200);
  return new Map(
    detail.json<RoundDetail>().standings.map((s) => [Number(/\d+$/.exec(s.title)?.[0]), s.alias]),
  );
}

/** The studies of a juror's works in a round, walking their order. */
async function studiesOf(n: number, roundId: string): Promise<number[]> {
  const rounds = (await asJuror(t, juror(n), 'GET', '/api/jury/rounds')).json<JurorRound[]>();
  let alias = rounds.find((r) => r.id === roundId)?.firstAlias ?? null;
  const studies: number[] = [];
  while (alias) {
    const work = (await asJuror(t, juror(n), 'GET', workUrl(roundId, alias))).json<Work>();
    studies.push(Number(work.answers.map((a) => /^Study (\d)$/.exec(a.value)?.[1]).find(Boolean)));
    alias = work.nextAlias;
  }
  return studies.sort();
}

const addConflict = (n: number, study: number) =>
  asAdmin(t, admin, 'POST', `/api/admin/competitions/${competitionId}/judging/conflicts`, {
    jurorId: jurors[n]!.id,
    email: artistNumbered(study).email.toUpperCase(),
  });

const scoreRows = () =>
  db().selectFrom('jury_scores').select(['round_id', 'juror_id', 'submission_id']).execute();

beforeAll(async () => {
  admin = await signIn(t, 'admin', ADMIN_PASSWORD);
  competitionId = (await addCompetition(t)).competition.id;
  for (const n of [1, 2, 3]) {
    await approvedEntry(t, admin, competitionId, artistNumbered(n), `Study ${n}`);
  }
  for (const [username, name] of [
    ['juror.dee', 'Dee Mensah'],
    ['juror.eli', 'Eli Kaur'],
    ['juror.fay', 'Fay Ito'],
  ] as const) {
    jurors.push(await addJuror(t, username, name));
  }
  criterion = await setUpJudging(
    t,
    admin,
    competitionId,
    jurors.map((j) => j.id),
    2,
  );
  scoreRound = (await asAdmin(t, admin, 'POST', roundsUrl(), {})).json<RoundSummary>().id;
  expect((await asAdmin(t, admin, 'POST', `${roundsUrl()}/${scoreRound}/open`)).statusCode).toBe(
    200,
  );
});

describe(`a conflict the admin declares in an open score round, on ${TEST_ENGINE}`, () => {
  it('takes the work from the juror at once: scores removed, passed to the free juror', async () => {
    k = (await studiesOf(DEE, scoreRound))[0]!;
    const alias = (await aliasesOf(scoreRound)).get(k)!;
    const scored = await asJuror(t, juror(DEE), 'PUT', `${workUrl(scoreRound, alias)}/scores`, {
      scores: { [criterion]: 9 },
    });
    expect(scored.statusCode, scored.body).toBe(200);
    const entryId = (await asAdmin(t, admin, 'GET', `${roundsUrl()}/${scoreRound}`))
      .json<RoundDetail>()
      .standings.find((s) => s.alias === alias)!.submissionId;
    const onEntry = async () =>
      (
        await db()
          .selectFrom('jury_assignments')
          .select('juror_id')
          .where('round_id', '=', scoreRound)
          .where('submission_id', '=', entryId)
          .where('conflict_at', 'is', null)
          .execute()
      )
        .map((r) => r.juror_id)
        .sort();
    const before = await onEntry();
    const free = jurors.find((j) => !before.includes(j.id))!;

    const added = await addConflict(DEE, k);
    expect(added.statusCode, added.body).toBe(200);
    const answer = added.json<ConflictAdded>();
    expect(answer.taken).toEqual([{ round: 1, alias, reassigned: true }]);
    expect(answer.conflicts).toEqual([
      expect.objectContaining({ jurorId: jurors[DEE]!.id, email: artistNumbered(k).email }),
    ]);
    expect(await onEntry()).toEqual(
      [...before.filter((id) => id !== jurors[DEE]!.id), free.id].sort(),
    );
    expect(
      (await scoreRows()).filter(
        (r) => r.juror_id === jurors[DEE]!.id && r.submission_id === entryId,
      ),
    ).toEqual([]);

    // The juror can no longer open, score, see the pictures of, or declare a conflict on it.
    for (const [method, url, body] of [
      ['GET', workUrl(scoreRound, alias), undefined],
      ['PUT', `${workUrl(scoreRound, alias)}/scores`, { scores: { [criterion]: 3 } }],
      ['GET', `${workUrl(scoreRound, alias)}/images/1`, undefined],
      ['POST', `${workUrl(scoreRound, alias)}/conflict`, { reason: 'again' }],
    ] as const) {
      const response = await asJuror(t, juror(DEE), method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json<ErrorEnvelope>().error.code).toBe('NOT_FOUND');
    }
    expect(await studiesOf(DEE, scoreRound)).not.toContain(k);
    expect(
      (await scoreRows()).filter(
        (r) => r.juror_id === jurors[DEE]!.id && r.submission_id === entryId,
      ),
    ).toEqual([]);

    // Shown to the admin: on the round's page, with who declared it.
    const detail = (
      await asAdmin(t, admin, 'GET', `${roundsUrl()}/${scoreRound}`)
    ).json<RoundDetail>();
    expect(detail.declaredConflicts).toEqual([
      expect.objectContaining({
        alias,
        jurorName: 'Dee Mensah',
        reason: 'Conflict declared by the admin (admin)',
      }),
    ]);
    expect(detail.progress.find((p) => p.jurorId === jurors[DEE]!.id)?.conflicts).toBe(1);
  });

  it('marks the entry short when no juror is left to take it', async () => {
    const alias = (await aliasesOf(scoreRound)).get(k)!;
    const second = (await studiesOf(ELI, scoreRound)).includes(k) ? ELI : FAY;
    const added = await addConflict(second, k);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json<ConflictAdded>().taken).toEqual([{ round: 1, alias, reassigned: false }]);
    const rounds = (await asAdmin(t, admin, 'GET', roundsUrl())).json<RoundSummary[]>();
    expect(rounds.find((r) => r.id === scoreRound)?.short).toBe(1);
    // The same conflict again takes nothing more.
    const again = await addConflict(second, k);
    expect(again.json<ConflictAdded>().taken).toEqual([]);
  });

  it('refuses a ballot for a score round with 409, and writes nothing', async () => {
    for (const method of ['GET', 'PUT'] as const) {
      const response = await asJuror(
        t,
        juror(FAY),
        method,
        ballotUrl(scoreRound),
        method === 'PUT' ? { ranking: [] } : undefined,
      );
      expect(response.statusCode, method).toBe(409);
      expect(response.json<ErrorEnvelope>().error).toEqual({
        code: 'ROUND_NOT_RANKED',
        message: ROUND_NOT_RANKED,
      });
    }
    expect(await db().selectFrom('jury_ballots').selectAll().execute()).toEqual([]);
  });
});

describe(`a ranking round, on ${TEST_ENGINE}`, () => {
  /** Study numbers: m is taken from Fay by the admin's conflict, o is judged by all. */
  let m: number;
  let o: number;
  let aliases: Map<number, string>;

  beforeAll(async () => {
    const closed = await asAdmin(t, admin, 'POST', `${roundsUrl()}/${scoreRound}/close`);
    expect(closed.statusCode, closed.body).toBe(200);
    const round1 = (
      await asAdmin(t, admin, 'GET', `${roundsUrl()}/${scoreRound}`)
    ).json<RoundDetail>();
    const created = await asAdmin(t, admin, 'POST', roundsUrl(), {
      kind: 'ranking',
      shortlist: { entries: round1.standings.map((s) => s.submissionId) },
    });
    expect(created.statusCode, created.body).toBe(201);
    rankingRound = created.json<RoundSummary>().id;
    const opened = await asAdmin(t, admin, 'POST', `${roundsUrl()}/${rankingRound}/open`);
    expect(opened.statusCode, opened.body).toBe(200);
    aliases = await aliasesOf(rankingRound);
    [m, o] = [1, 2, 3].filter((n) => n !== k) as [number, number];
  });

  it('refuses a score sheet with 409 and writes nothing; its work page asks for no scores', async () => {
    const alias = aliases.get(o)!;
    const before = await scoreRows();
    const refused = await asJuror(t, juror(FAY), 'PUT', `${workUrl(rankingRound, alias)}/scores`, {
      scores: { [criterion]: 5 },
      comment: 'lovely',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ErrorEnvelope>().error).toEqual({
      code: 'ROUND_NOT_SCORED',
      message: ROUND_NOT_SCORED,
    });
    expect(await scoreRows()).toEqual(before);
    const assignment = await db()
      .selectFrom('jury_assignments')
      .select(['scored_at', 'comment'])
      .where('round_id', '=', rankingRound)
      .where('juror_id', '=', jurors[FAY]!.id)
      .execute();
    expect(assignment.every((a) => a.scored_at === null && a.comment === '')).toBe(true);

    const work = await asJuror(t, juror(FAY), 'GET', workUrl(rankingRound, alias));
    expect(work.statusCode, work.body).toBe(200);
    expect(work.json<Work>()).toMatchObject({ kind: 'ranking', criteria: [], scores: {} });
    const scoredWork = (await studiesOf(FAY, scoreRound))[0]!;
    const inScoreRound = (await aliasesOf(scoreRound)).get(scoredWork)!;
    const old = await asJuror(t, juror(FAY), 'GET', workUrl(scoreRound, inScoreRound));
    expect(old.json<Work>()).toMatchObject({ kind: 'score' });
    expect(old.json<Work>().criteria).toHaveLength(1);
  });

  it('a conflicted juror’s ballot says nothing of the works they may not judge', async () => {
    // Dee and Eli were declared in conflict with study k's artist: they never get it here.
    expect(await studiesOf(DEE, rankingRound)).toEqual([m, o].sort());
    expect(await studiesOf(FAY, rankingRound)).toEqual([1, 2, 3]);
    const fayFirst = await asJuror(t, juror(FAY), 'PUT', ballotUrl(rankingRound), {
      ranking: [m, o, k].map((n) => aliases.get(n)),
    });
    expect(fayFirst.statusCode, fayFirst.body).toBe(200);

    const added = await addConflict(FAY, m);
    expect(added.json<ConflictAdded>().taken).toEqual([
      { round: 2, alias: aliases.get(m), reassigned: false },
    ]);
    const ballot = (await asJuror(t, juror(FAY), 'GET', ballotUrl(rankingRound))).json<Ballot>();
    expect(ballot.aliases.sort()).toEqual([o, k].map((n) => aliases.get(n)).sort());
    expect(ballot.ranking).toEqual([o, k].map((n) => aliases.get(n)));
    const opened = await asJuror(t, juror(FAY), 'GET', workUrl(rankingRound, aliases.get(m)!));
    expect(opened.statusCode).toBe(404);
    const ranked = await asJuror(t, juror(FAY), 'PUT', ballotUrl(rankingRound), {
      ranking: [m, o].map((n) => aliases.get(n)),
    });
    expect(ranked.statusCode).toBe(400);
    expect(ranked.json<ErrorEnvelope>().error.fields?.ranking).toMatch(aliases.get(m)!);

    const dee = await asJuror(t, juror(DEE), 'PUT', ballotUrl(rankingRound), {
      ranking: [o, m].map((n) => aliases.get(n)),
    });
    expect(dee.statusCode, dee.body).toBe(200);
    // Each juror's home shows this round's own progress: works placed on their ballot.
    const progress = async (n: number) =>
      (await asJuror(t, juror(n), 'GET', '/api/jury/rounds'))
        .json<JurorRound[]>()
        .map((r) => [r.number, r.kind, r.done, r.assigned]);
    expect(await progress(DEE)).toEqual([
      [2, 'ranking', 2, 2],
      [1, 'score', 0, 1],
    ]);
    expect((await progress(FAY))[0]).toEqual([2, 'ranking', 2, 2]);
    expect((await progress(ELI))[0]).toEqual([2, 'ranking', 0, 2]);

    const response = await asAdmin(t, admin, 'GET', `${roundsUrl()}/${rankingRound}/ranking`);
    expect(response.statusCode, response.body).toBe(200);
    const { pairwise, candidates, ballots } = response.json<RoundRanking>();
    expect(ballots).toBe(2);
    const id = (n: number) => candidates.find((c) => c.alias === aliases.get(n))!.workId;
    const [K, M, O] = [id(k), id(m), id(o)];
    // Fay: o > k (m is not hers). Dee: o > m (k is not hers: unranked, yet never beaten by her).
    expect(pairwise[O]).toEqual({ [O]: 0, [K]: 1, [M]: 1 });
    expect(pairwise[K]).toEqual({ [O]: 0, [K]: 0, [M]: 0 });
    expect(pairwise[M]).toEqual({ [O]: 0, [K]: 0, [M]: 0 });
    const rounds = (await asAdmin(t, admin, 'GET', roundsUrl())).json<RoundSummary[]>();
    expect(rounds.find((r) => r.id === rankingRound)?.short).toBeGreaterThan(0);
  });
});
