import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
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
import type { JurorRound, RoundDetail, RoundSummary, Work } from '../../../shared/schemas/jury.ts';
import type { Award, Ballot, RoundRanking } from '../../../shared/schemas/results.ts';

/*
 * The jury judges works: an entry of three works sits in a round as three works under three
 * aliases, each scored on its own, ranked on a ballot as works; a conflict with the artist takes
 * all three; an award goes to one work.
 */

const t = useTestApp({ config: { adminPassword: ADMIN_PASSWORD } });
const db = () => t.app.deps.db;
let admin: string;
let competitionId: string;
let criterion: string;
/** Work ids by title. */
const workIds = new Map<string, string>();
let tideEntry: string;
const jurors: { id: string; token: string }[] = [];
let scoreRound: string;

const roundsUrl = () => `/api/admin/competitions/${competitionId}/rounds`;

/** Adds works 2 … to an entry, as copies of its first work under their own titles. */
async function addWorks(submissionId: string, titles: string[]) {
  const first = await db()
    .selectFrom('entry_works')
    .selectAll()
    .where('submission_id', '=', submissionId)
    .executeTakeFirstOrThrow();
  const values = JSON.parse(first.field_values) as Record<string, unknown>;
  workIds.set(String(values.artworkTitle), first.id);
  for (const [i, title] of titles.entries()) {
    const id = randomUUID();
    workIds.set(title, id);
    await db()
      .insertInto('entry_works')
      .values({
        ...first,
        id,
        position: i + 2,
        field_values: JSON.stringify({ ...values, artworkTitle: title }),
      })
      .execute();
  }
}

/** The juror's works in a round, as title → alias, walked in the juror's order. */
async function worksOf(token: string, roundId: string): Promise<Map<string, string>> {
  const rounds = (await asJuror(t, token, 'GET', '/api/jury/rounds')).json<JurorRound[]>();
  let alias = rounds.find((r) => r.id === roundId)?.firstAlias ?? null;
  const byTitle = new Map<string, string>();
  while (alias) {
    const work = (
      await asJuror(t, token, 'GET', `/api/jury/rounds/${roundId}/works/${alias}`)
    ).json<Work>();
    const title = work.answers.find((a) => /^(Tide|Lone)/.test(a.value))?.value ?? '';
    byTitle.set(title, work.alias);
    alias = work.nextAlias;
  }
  return byTitle;
}

async function moveRound(roundId: string, to: 'open' | 'close') {
  const moved = await asAdmin(t, admin, 'POST', `${roundsUrl()}/${roundId}/${to}`);
  expect(moved.statusCode, moved.body).toBe(200);
}

beforeAll(async () => {
  admin = await signIn(t, 'admin', ADMIN_PASSWORD);
  competitionId = (await addCompetition(t)).competition.id;
  tideEntry = await approvedEntry(t, admin, competitionId, artistNumbered(1), 'Tide 1');
  await addWorks(tideEntry, ['Tide 2', 'Tide 3']);
  const lone = await approvedEntry(t, admin, competitionId, artistNumbered(2), 'Lone');
  await addWorks(lone, []);
  for (const [username, name] of [
    ['juror.ann', 'Ann Roy'],
    ['juror.ben', 'Ben Oduya'],
    ['juror.cho', 'Cho Park'],
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
  // Cho knows the artist of the three Tides: every one of them is kept from Cho.
  const conflict = await asAdmin(
    t,
    admin,
    'POST',
    `/api/admin/competitions/${competitionId}/judging/conflicts`,
    { jurorId: jurors[2]!.id, email: artistNumbered(1).email },
  );
  expect(conflict.statusCode, conflict.body).toBe(200);
  scoreRound = (await asAdmin(t, admin, 'POST', roundsUrl(), {})).json<RoundSummary>().id;
  await moveRound(scoreRound, 'open');
});

describe(`the jury per work, on ${TEST_ENGINE}`, () => {
  it('puts each work of an entry in the round under its own alias', async () => {
    const detail = (
      await asAdmin(t, admin, 'GET', `${roundsUrl()}/${scoreRound}`)
    ).json<RoundDetail>();
    expect(detail.round.entries).toBe(4);
    const tides = detail.standings.filter((s) => s.submissionId === tideEntry);
    expect(tides.map((s) => s.title).sort()).toEqual(['Tide 1', 'Tide 2', 'Tide 3']);
    expect(new Set(tides.map((s) => s.workId)).size).toBe(3);
    expect(new Set(detail.standings.map((s) => s.alias)).size).toBe(4);
    expect(tides.map((s) => s.workId).sort()).toEqual(
      ['Tide 1', 'Tide 2', 'Tide 3'].map((title) => workIds.get(title)).sort(),
    );
  });

  it('keeps every work of an artist from a juror in conflict with them', async () => {
    const cho = await worksOf(jurors[2]!.token, scoreRound);
    expect([...cho.keys()]).toEqual(['Lone']);
    // Two jurors a work: the Tides go to the two free of the conflict; Lone to Cho and one more.
    for (const juror of jurors.slice(0, 2)) {
      const theirs = [...(await worksOf(juror.token, scoreRound)).keys()];
      expect(theirs.filter((title) => title.startsWith('Tide')).sort()).toEqual([
        'Tide 1',
        'Tide 2',
        'Tide 3',
      ]);
    }
  });

  it('scores each work separately', async () => {
    const ann = jurors[0]!;
    const aliases = await worksOf(ann.token, scoreRound);
    const scoreOf = { 'Tide 1': 3, 'Tide 2': 9, 'Tide 3': 6 } as const;
    for (const [title, score] of Object.entries(scoreOf)) {
      const saved = await asJuror(
        t,
        ann.token,
        'PUT',
        `/api/jury/rounds/${scoreRound}/works/${aliases.get(title)}/scores`,
        { scores: { [criterion]: score }, comment: `On ${title}` },
      );
      expect(saved.statusCode, saved.body).toBe(200);
    }
    for (const [title, score] of Object.entries(scoreOf)) {
      const work = (
        await asJuror(
          t,
          ann.token,
          'GET',
          `/api/jury/rounds/${scoreRound}/works/${aliases.get(title)}`,
        )
      ).json<Work>();
      expect(work.scores).toEqual({ [criterion]: score });
      expect(work.comment).toBe(`On ${title}`);
    }
    const rows = await db()
      .selectFrom('jury_scores')
      .select(['work_id', 'score'])
      .where('round_id', '=', scoreRound)
      .where('juror_id', '=', ann.id)
      .execute();
    expect(new Map(rows.map((r) => [r.work_id, r.score]))).toEqual(
      new Map(Object.entries(scoreOf).map(([title, s]) => [workIds.get(title), s])),
    );
    const detail = (
      await asAdmin(t, admin, 'GET', `${roundsUrl()}/${scoreRound}`)
    ).json<RoundDetail>();
    // Each work's standing is its own: 3 < 6 < 9 on the scale, one juror's sheet each.
    const tides = detail.standings.filter((s) => s.submissionId === tideEntry);
    const order = [...tides].sort((a, b) => (a.weightedMean ?? 0) - (b.weightedMean ?? 0));
    expect(order.map((s) => [s.title, s.count])).toEqual([
      ['Tide 1', 1],
      ['Tide 3', 1],
      ['Tide 2', 1],
    ]);
  });

  it('passes works on and ranks them on a ballot, each work on its own', async () => {
    await moveRound(scoreRound, 'close');
    const picked = ['Tide 1', 'Tide 3', 'Lone'].map((title) => workIds.get(title)!);
    const created = await asAdmin(t, admin, 'POST', roundsUrl(), {
      kind: 'ranking',
      shortlist: { entries: picked },
    });
    expect(created.statusCode, created.body).toBe(201);
    const rankingRound = created.json<RoundSummary>().id;
    expect(created.json<RoundSummary>().entries).toBe(3);
    await moveRound(rankingRound, 'open');
    const ann = jurors[0]!;
    const aliases = await worksOf(ann.token, rankingRound);
    expect([...aliases.keys()].sort()).toEqual(['Lone', 'Tide 1', 'Tide 3']);
    const ranking = ['Tide 3', 'Lone', 'Tide 1'].map((title) => aliases.get(title)!);
    const saved = await asJuror(t, ann.token, 'PUT', `/api/jury/rounds/${rankingRound}/ballot`, {
      ranking,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Ballot>().ranking).toEqual(ranking);
    const count = (
      await asAdmin(t, admin, 'GET', `${roundsUrl()}/${rankingRound}/ranking`)
    ).json<RoundRanking>();
    expect(count.ranking.map((r) => r.workId)).toEqual(
      ['Tide 3', 'Lone', 'Tide 1'].map((title) => workIds.get(title)),
    );
    expect(count.candidates.filter((c) => c.submissionId === tideEntry)).toHaveLength(2);
  });

  it('gives an award to the second work of an entry, and another to its third', async () => {
    const saved = await asAdmin(
      t,
      admin,
      'PUT',
      `/api/admin/competitions/${competitionId}/awards`,
      {
        awards: [
          { submissionId: tideEntry, workId: workIds.get('Tide 2'), title: 'First' },
          { submissionId: tideEntry, workId: workIds.get('Tide 3'), title: 'Second' },
        ],
      },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Award[]>().map((a) => [a.title, a.artworkTitle, a.workId])).toEqual([
      ['First', 'Tide 2', workIds.get('Tide 2')],
      ['Second', 'Tide 3', workIds.get('Tide 3')],
    ]);
    // The chooser offers each work of the entry under its alias in the last round judging it.
    const offered = saved.json<Award[]>()[0]!.works ?? [];
    expect(offered.map((w) => [w.number, w.title])).toEqual([
      [1, 'Tide 1'],
      [2, 'Tide 2'],
      [3, 'Tide 3'],
    ]);
    // Tide 2 was judged in the first round only, the others in the ranking round after it too:
    // each under its alias in the last round that judged it.
    const rounds = await db()
      .selectFrom('jury_round_entries as e')
      .innerJoin('jury_rounds as r', 'r.id', 'e.round_id')
      .select(['e.work_id', 'e.alias'])
      .where('r.competition_id', '=', competitionId)
      .orderBy('r.number')
      .execute();
    const lastAlias = new Map(rounds.map((r) => [r.work_id, r.alias]));
    expect(offered.map((w) => w.alias)).toEqual(offered.map((w) => lastAlias.get(w.id)));
    const twice = await asAdmin(
      t,
      admin,
      'PUT',
      `/api/admin/competitions/${competitionId}/awards`,
      {
        awards: [
          { submissionId: tideEntry, workId: workIds.get('Tide 2'), title: 'First' },
          { submissionId: tideEntry, workId: workIds.get('Tide 2'), title: 'Second' },
          { submissionId: tideEntry, workId: workIds.get('Lone'), title: 'Third' },
        ],
      },
    );
    expect(twice.statusCode).toBe(400);
    expect(twice.json<{ error: { fields: Record<string, string> } }>().error.fields).toEqual({
      'awards.1.workId': 'This work already has an award above',
      'awards.2.workId': 'Choose a work of this entry',
    });
  });

  it('gives the entry a merit certificate for each awarded work, naming it', async () => {
    const url = `/api/admin/competitions/${competitionId}`;
    const closed = await asAdmin(t, admin, 'POST', `${url}/close-entries`);
    expect(closed.statusCode, closed.body).toBe(200);
    const published = await asAdmin(t, admin, 'POST', `${url}/results/publish`);
    expect(published.statusCode, published.body).toBe(200);
    const held = await db()
      .selectFrom('certificates')
      .select(['work_id', 'award'])
      .where('submission_id', '=', tideEntry)
      .orderBy('award')
      .execute();
    expect(held).toEqual([
      { work_id: workIds.get('Tide 2'), award: 'First' },
      { work_id: workIds.get('Tide 3'), award: 'Second' },
    ]);
    const { code } = await db()
      .selectFrom('certificates')
      .select('code')
      .where('work_id', '=', workIds.get('Tide 2')!)
      .executeTakeFirstOrThrow();
    const pdf = await t.app.inject({ method: 'GET', url: `/api/certificates/${code}/pdf` });
    expect(pdf.statusCode).toBe(200);
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'jury-works-')), 'merit.pdf');
    writeFileSync(file, pdf.rawPayload);
    const text = execFileSync('/usr/bin/pdftotext', ['-enc', 'UTF-8', file, '-'], {
      encoding: 'utf8',
    });
    expect(text).toContain('Tide 2');
    expect(text).not.toContain('Tide 1');
    expect(text).not.toContain('Tide 3');
  });
});
