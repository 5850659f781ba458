import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, asAdmin, signIn } from '../../../../tests/setup/admin-session.ts';
import {
  addJuror,
  approvedEntry,
  type Artist,
  artistNumbered,
  asJuror,
} from '../../../../tests/setup/jury.ts';
import {
  extrasWithHidden,
  FIELDS_WITH_HIDDEN,
  HIDDEN_TEXT,
  redactAsSuggested,
} from '../../../../tests/setup/jury-copy.ts';
import { addCompetition } from '../../../../tests/setup/registration.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import type {
  Judging,
  JurorRound,
  RoundDetail,
  RoundSummary,
  Work,
} from '../../../shared/schemas/jury.ts';

/*
 * The juror's side over HTTP, one story in order: works in the juror's own order, score sheets
 * checked and saved once, a declared conflict passing the work on, nothing personal ever sent
 * (nor a field hidden from jurors, nor an answer the admin redacted),
 * the admin's progress, standings and CSV, closing, and a shortlist round.
 */

const t = useTestApp({ config: { adminPassword: ADMIN_PASSWORD } });
const db = () => t.app.deps.db;
let admin: string;
let competitionId: string;
let roundId: string;
let jurors: Awaited<ReturnType<typeof addJuror>>[];
let criteria: Judging['criteria'];
const artists: Artist[] = [1, 2, 3, 4, 5].map(artistNumbered);
const roundsUrl = () => `/api/admin/competitions/${competitionId}/rounds`;
const workUrl = (alias: string) => `/api/jury/rounds/${roundId}/works/${alias}`;
/** Every answer a juror was given, to look through for personal details at the end. */
const seenByJurors: LightMyRequestResponse[] = [];

async function juror(token: string, method: 'GET' | 'PUT' | 'POST', url: string, body?: unknown) {
  const response = await asJuror(t, token, method, url, body);
  seenByJurors.push(response);
  return response;
}

/** The aliases of a juror's works, in their order, by walking from the first to the last. */
async function aliasesOf(token: string): Promise<string[]> {
  const [round] = (await juror(token, 'GET', '/api/jury/rounds')).json<JurorRound[]>();
  const aliases: string[] = [];
  let next = round?.firstAlias ?? null;
  while (next) {
    aliases.push(next);
    next = (await juror(token, 'GET', workUrl(next))).json<Work>().nextAlias;
  }
  return aliases;
}

const sheet = (composition: number, technique: number, comment = '') => ({
  scores: { [criteria[0]!.id]: composition, [criteria[1]!.id]: technique },
  comment,
});

beforeAll(async () => {
  admin = await signIn(t, 'admin', ADMIN_PASSWORD);
  const form = { form_fields: JSON.stringify(FIELDS_WITH_HIDDEN) };
  competitionId = (await addCompetition(t, {}, form)).competition.id;
  jurors = [
    await addJuror(t, 'juror.dee', 'Dee Mensah'),
    await addJuror(t, 'juror.eli', 'Eli Kaur'),
    await addJuror(t, 'juror.fay', 'Fay Ito'),
  ];
  for (const [i, artist] of artists.entries()) {
    const extras = await extrasWithHidden(artist, i + 1);
    await approvedEntry(t, admin, competitionId, artist, `Harbour study ${i + 1}`, extras);
  }
  // Each description names its artist: the admin redacts the jury's copy before the round opens.
  expect((await redactAsSuggested(t, admin, competitionId)).entries).toHaveLength(artists.length);
  const judging = await asAdmin(
    t,
    admin,
    'PUT',
    `/api/admin/competitions/${competitionId}/judging`,
    {
      criteria: [
        { name: 'Composition', weight: 2, scaleMin: 1, scaleMax: 10 },
        { name: 'Technique', weight: 1, scaleMin: 1, scaleMax: 5, required: false },
      ],
      panel: jurors.map((j) => j.id),
      jurorsPerEntry: 2,
      publishJury: false,
    },
  );
  criteria = judging.json<Judging>().criteria;
  roundId = (await asAdmin(t, admin, 'POST', roundsUrl(), {})).json<RoundSummary>().id;
  expect((await asAdmin(t, admin, 'POST', `${roundsUrl()}/${roundId}/open`)).statusCode).toBe(200);
});

describe(`scoring on ${TEST_ENGINE}`, () => {
  it('a juror sees their round with its progress, and their works one after another', async () => {
    const [dee] = jurors;
    const rounds = (await juror(dee!.token, 'GET', '/api/jury/rounds')).json<JurorRound[]>();
    expect(rounds).toHaveLength(1);
    expect(rounds[0]).toMatchObject({ id: roundId, number: 1, status: 'open', done: 0 });
    const aliases = await aliasesOf(dee!.token);
    expect(aliases).toHaveLength(rounds[0]!.assigned);
    const first = (await juror(dee!.token, 'GET', workUrl(aliases[0]!))).json<Work>();
    expect(first).toMatchObject({ position: 1, total: aliases.length, previousAlias: null });
    expect(first.answers).toContainEqual({ label: 'Medium', value: 'Oil' });
    expect(first.answers).toContainEqual({
      label: 'Description',
      value: 'A study by [redacted].',
    });
    expect(first.answers.map((a) => a.label)).not.toContain('Studio notes');
    expect(first.answers.map((a) => a.label)).not.toContain('Additional Link');
    expect(first.images).toHaveLength(1);
    expect(first.criteria.map((c) => c.name)).toEqual(['Composition', 'Technique']);
    // The same order every time for the same juror.
    expect(await aliasesOf(dee!.token)).toEqual(aliases);
  });

  it('a work not assigned to the juror, or an unknown round, does not exist', async () => {
    const [dee, eli] = jurors;
    const mine = new Set(await aliasesOf(dee!.token));
    const notMine = (await aliasesOf(eli!.token)).find((a) => !mine.has(a));
    expect(notMine).toBeDefined();
    expect((await juror(dee!.token, 'GET', workUrl(notMine!))).statusCode).toBe(404);
    expect(
      (await juror(dee!.token, 'PUT', `${workUrl(notMine!)}/scores`, sheet(5, 3))).statusCode,
    ).toBe(404);
    const unknown = await juror(dee!.token, 'GET', `/api/jury/rounds/nope/works/W001`);
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses a score off the scale, an unknown criterion and a missing required one, by field', async () => {
    const [dee] = jurors;
    const [alias] = await aliasesOf(dee!.token);
    const [composition, technique] = criteria;
    const off = await juror(dee!.token, 'PUT', `${workUrl(alias!)}/scores`, {
      scores: { [composition!.id]: 11, [technique!.id]: 0, ghost: 3 },
    });
    expect(off.statusCode).toBe(400);
    expect(off.json().error.fields).toEqual({
      [`scores.${composition!.id}`]: 'Give a score from 1 to 10',
      [`scores.${technique!.id}`]: 'Give a score from 1 to 5',
      'scores.ghost': 'No such criterion',
    });
    const missing = await juror(dee!.token, 'PUT', `${workUrl(alias!)}/scores`, {
      scores: { [technique!.id]: 4 },
    });
    expect(missing.json().error.fields).toEqual({
      [`scores.${composition!.id}`]: 'Score this criterion',
    });
    expect(await db().selectFrom('jury_scores').selectAll().execute()).toEqual([]);
  });

  it('saves a sheet once, however often and however concurrently it is sent', async () => {
    const [dee] = jurors;
    const [alias] = await aliasesOf(dee!.token);
    const url = `${workUrl(alias!)}/scores`;
    const answers = await Promise.all(
      [1, 2, 3].map(() => juror(dee!.token, 'PUT', url, sheet(7, 4, 'Strong diagonal'))),
    );
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const saved = answers[0]!.json<Work>();
    expect(saved.scores).toEqual(sheet(7, 4).scores);
    expect(saved).toMatchObject({ comment: 'Strong diagonal', done: 1 });
    const rows = await db().selectFrom('jury_scores').select(['criterion_id', 'score']).execute();
    expect(rows).toHaveLength(2);
    // An optional criterion left out of a later sheet is cleared.
    const changed = await juror(dee!.token, 'PUT', url, { scores: { [criteria[0]!.id]: 8 } });
    expect(changed.json<Work>().scores).toEqual({ [criteria[0]!.id]: 8 });
    expect(await db().selectFrom('jury_scores').selectAll().execute()).toHaveLength(1);
  });

  it('a declared conflict takes the work from the juror and gives it to another, audited', async () => {
    const [dee, eli, fay] = jurors;
    const aliases = await aliasesOf(eli!.token);
    const alias = aliases.at(-1)!;
    const declared = await juror(eli!.token, 'POST', `${workUrl(alias)}/conflict`, {
      reason: 'I taught this artist',
    });
    expect(declared.statusCode, declared.body).toBe(200);
    expect((await juror(eli!.token, 'GET', workUrl(alias))).statusCode).toBe(404);
    expect(await aliasesOf(eli!.token)).toHaveLength(aliases.length - 1);
    let holdersOfWork = 0;
    for (const other of [dee!, fay!]) {
      if ((await aliasesOf(other.token)).includes(alias)) holdersOfWork++;
    }
    expect(holdersOfWork).toBe(2);
    const detail = (
      await asAdmin(t, admin, 'GET', `${roundsUrl()}/${roundId}`)
    ).json<RoundDetail>();
    expect(detail.declaredConflicts).toMatchObject([
      { alias, jurorName: 'Eli Kaur', reason: 'I taught this artist' },
    ]);
    const audit = await db()
      .selectFrom('audit_log')
      .select(['actor', 'details'])
      .where('action', '=', 'jury.conflict-declared')
      .execute();
    expect(audit).toEqual([
      {
        actor: 'juror.eli',
        details: JSON.stringify({ alias, reason: 'I taught this artist', reassigned: true }),
      },
    ]);
  });

  it('the admin sees every juror at 100 %, the normalised results and every score as CSV', async () => {
    for (const [j, one] of jurors.entries()) {
      for (const [i, alias] of (await aliasesOf(one.token)).entries()) {
        const saved = await juror(
          one.token,
          'PUT',
          `${workUrl(alias)}/scores`,
          sheet(((i + j) % 10) + 1, 3),
        );
        expect(saved.statusCode, saved.body).toBe(200);
      }
    }
    const detail = (
      await asAdmin(t, admin, 'GET', `${roundsUrl()}/${roundId}`)
    ).json<RoundDetail>();
    for (const p of detail.progress) expect(p.done).toBe(p.assigned);
    expect(detail.progress.reduce((sum, p) => sum + p.assigned, 0)).toBe(10);
    expect(detail.standings).toHaveLength(5);
    for (const s of detail.standings) {
      expect(s.count).toBe(2);
      expect(s.normalisedMean).toEqual(expect.any(Number));
      expect(s.title).toMatch(/^Harbour study \d$/);
    }
    expect(detail.normalisationNote).toContain('own average and spread');
    const csv = await asAdmin(t, admin, 'GET', `${roundsUrl()}/${roundId}/scores.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain('round-1-scores.csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Reference,Alias,Juror,Criterion,Weight,Score,Scale');
    expect(lines).toHaveLength(1 + 10 * 2);
  });

  it('nothing a juror received names the artist: no name, e-mail, phone, address, pincode or photo', async () => {
    const [dee] = jurors;
    for (const alias of await aliasesOf(dee!.token)) {
      const work = (await juror(dee!.token, 'GET', workUrl(alias))).json<Work>();
      for (const image of work.images) {
        for (const size of ['', '?size=full']) {
          const file = await juror(dee!.token, 'GET', `${image.url}${size}`);
          expect(file.statusCode).toBe(200);
          expect(file.headers['content-disposition']).toMatch(
            new RegExp(`^inline; filename="${alias}-1`),
          );
          expect(file.headers['cache-control']).toBe('private, no-store');
          // The artwork (landscape), never the artist's photo (portrait).
          const { width = 0, height = 0 } = await sharp(file.rawPayload).metadata();
          expect(width).toBeGreaterThan(height);
        }
      }
      // The hidden picture is not the next one either: there is none.
      const hidden = await juror(dee!.token, 'GET', workUrl(alias) + '/images/2?size=full');
      expect(hidden.statusCode).toBe(404);
    }
    const personal = artists.flatMap((a) => [
      a.fullName,
      a.email,
      a.phone,
      a.address,
      a.pincode,
      'Zenobia',
      ...HIDDEN_TEXT,
    ]);
    const keys = ['fullName', 'email', 'phone', 'address', 'pincode', 'age', 'gender', 'guardian'];
    expect(seenByJurors.length).toBeGreaterThan(30);
    for (const response of seenByJurors) {
      const isImage = String(response.headers['content-type']).startsWith('image/');
      const text = (isImage ? '' : response.body) + JSON.stringify(response.headers);
      for (const value of personal) expect(text.toLowerCase()).not.toContain(value.toLowerCase());
      if (!isImage && response.body.startsWith('{')) {
        for (const key of keys) expect(response.body).not.toContain(`"${key}"`);
      }
    }
  });

  it('closing the round freezes the scores; round 2 takes the top entries of round 1', async () => {
    const closed = await asAdmin(t, admin, 'POST', `${roundsUrl()}/${roundId}/close`);
    expect(closed.json()).toMatchObject({ status: 'closed' });
    const [dee] = jurors;
    const rounds = (await juror(dee!.token, 'GET', '/api/jury/rounds')).json<JurorRound[]>();
    expect(rounds[0]).toMatchObject({ status: 'closed', nextAlias: null });
    const { alias } = await db()
      .selectFrom('jury_assignments as a')
      .innerJoin('jury_round_entries as e', 'e.submission_id', 'a.submission_id')
      .select('e.alias')
      .where('a.juror_id', '=', dee!.id)
      .where('a.conflict_at', 'is', null)
      .executeTakeFirstOrThrow();
    const before = await db()
      .selectFrom('jury_scores')
      .selectAll()
      .orderBy('criterion_id')
      .orderBy('submission_id')
      .orderBy('juror_id')
      .execute();
    const late = await juror(dee!.token, 'PUT', `${workUrl(alias)}/scores`, sheet(1, 1));
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toEqual({
      code: 'ROUND_CLOSED',
      message: 'This round is closed: scores can no longer change.',
    });
    expect((await juror(dee!.token, 'GET', workUrl(alias))).json<Work>().roundOpen).toBe(false);
    expect(
      await db()
        .selectFrom('jury_scores')
        .selectAll()
        .orderBy('criterion_id')
        .orderBy('submission_id')
        .orderBy('juror_id')
        .execute(),
    ).toEqual(before);
    const stranger = await asAdmin(t, admin, 'POST', roundsUrl(), {
      shortlist: { entries: ['not-in-round-1'] },
    });
    expect(stranger.statusCode).toBe(400);
    const second = await asAdmin(t, admin, 'POST', roundsUrl(), {
      shortlist: { top: 3, by: 'normalised' },
    });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json()).toMatchObject({ number: 2, status: 'draft', entries: 3 });
  });
});
