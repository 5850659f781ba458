import { beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  asAdmin,
  auditRowsOf,
  signIn,
} from '../../../../tests/setup/admin-session.ts';
import { displayCopiesMade } from '../../../../tests/setup/exhibitions.ts';
import { approvedEntry, artistNumbered } from '../../../../tests/setup/jury.ts';
import { addCompetition } from '../../../../tests/setup/registration.ts';
import { createRunningClock } from '../../../../tests/setup/test-clock.ts';
import { OUR_CLIENT_HEADERS, useTestApp } from '../../../../tests/setup/test-app.ts';
import type {
  AdminExhibition,
  ExhibitionArchive,
  PublicExhibition,
  PublicExhibitionWorkPage,
} from '../../../shared/schemas/exhibition.ts';
import { findExhibitionWork, findPublicExhibition } from './exhibitions.service.ts';

/*
 * The exhibition over HTTP: set up and chosen by the admin (audited), public only once opened,
 * never showing a work whose artist refused publication, with the vote's window in its answers.
 */

const clock = createRunningClock();
const t = useTestApp({ config: { adminPassword: ADMIN_PASSWORD }, clock });
let admin: string;
let competitionId: string;
let otherCompetitionId: string;
const entries = new Map<string, string>();
const adminUrl = (id = competitionId) => `/api/admin/competitions/${id}/exhibition`;
const publicUrl = (id = competitionId) => `/api/exhibitions/${id}`;

const get = (url: string) => t.app.inject({ method: 'GET', url });

async function asAdminOk<T>(method: 'GET' | 'PUT' | 'POST', url: string, body?: unknown) {
  const response = await asAdmin(t, admin, method, url, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

const HOUR = 3_600_000;

beforeAll(async () => {
  admin = await signIn(t, 'admin', ADMIN_PASSWORD);
  competitionId = (await addCompetition(t)).competition.id;
  otherCompetitionId = (await addCompetition(t)).competition.id;
  const consents = { Named: 'name', Veiled: 'anonymous', Hidden: 'none' } as const;
  let n = 1;
  for (const [title, consent] of Object.entries(consents)) {
    const artist = { ...artistNumbered(n), publicationConsent: consent };
    entries.set(title, await approvedEntry(t, admin, competitionId, artist, title));
    n += 1;
  }
  await approvedEntry(t, admin, otherCompetitionId, artistNumbered(9), 'Elsewhere');
  await t.app.deps.imageJobs.runOnce();
});

describe('the admin’s exhibition', () => {
  it('is a 404 before it is created, and for a competition that does not exist', async () => {
    expect((await asAdmin(t, admin, 'GET', adminUrl())).statusCode).toBe(404);
    expect((await asAdmin(t, admin, 'PUT', adminUrl('nope'), { title: 'X' })).statusCode).toBe(404);
  });

  it('refuses bad input with the fields named, and writes nothing', async () => {
    const response = await asAdmin(t, admin, 'PUT', adminUrl(), {
      title: '',
      votingOpensAt: '2026-12-20T10:00:00Z',
      votingClosesAt: '2026-12-19T10:00:00Z',
      votesPerVisitor: 0,
    });
    expect(response.statusCode).toBe(400);
    const { fields } = response.json<{ error: { fields: Record<string, string> } }>().error;
    expect(Object.keys(fields).sort()).toEqual(['title', 'votesPerVisitor', 'votingClosesAt']);
    expect((await asAdmin(t, admin, 'GET', adminUrl())).statusCode).toBe(404);
  });

  it('is created, lists the works it may take (never a refused one), and is audited', async () => {
    const now = clock.now().getTime();
    const saved = await asAdminOk<AdminExhibition>('PUT', adminUrl(), {
      title: 'City Lights: the exhibition',
      introduction: 'Chosen by the jury.',
      votingOpensAt: new Date(now - HOUR).toISOString(),
      votingClosesAt: new Date(now + HOUR).toISOString(),
      votesPerVisitor: 2,
    });
    expect(saved.openedAt).toBeNull();
    expect(saved.works).toEqual([]);
    expect(saved.available.map((w) => w.title).sort()).toEqual(['Named', 'Veiled']);
    expect((await auditRowsOf(t.app.deps.db, 'exhibition.')).map((r) => r.action)).toEqual([
      'exhibition.create',
    ]);
  });

  it('is made once when two admins save a new one at the same moment: both 200', async () => {
    const id = (await addCompetition(t)).competition.id;
    const answers = await Promise.all(
      ['First', 'Second'].map((title) => asAdmin(t, admin, 'PUT', adminUrl(id), { title })),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const rows = await t.app.deps.db
      .selectFrom('exhibitions')
      .select('title')
      .where('competition_id', '=', id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(['First', 'Second']).toContain(rows[0]?.title);
  });

  it('takes works by hand, refusing one of another competition or a refused one by its index', async () => {
    const hidden = await t.app.deps.db
      .selectFrom('entry_works')
      .select('id')
      .where('submission_id', '=', entries.get('Hidden')!)
      .executeTakeFirstOrThrow();
    const response = await asAdmin(t, admin, 'PUT', `${adminUrl()}/works`, {
      source: 'works',
      workIds: [hidden.id],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: { fields: object } }>().error.fields).toHaveProperty('workIds.0');
  });

  it('takes every approved work, makes their display copies, and reorders them', async () => {
    const chosen = await asAdminOk<AdminExhibition>('PUT', `${adminUrl()}/works`, {
      source: 'approved',
    });
    expect(chosen.works.map((w) => w.title)).toEqual(['Named', 'Veiled']);
    // Made by the display copies' job, which the choice wakes; the answer does not wait for it.
    await displayCopiesMade(t, admin, competitionId);
    const reversed = await asAdminOk<AdminExhibition>('PUT', `${adminUrl()}/works`, {
      source: 'works',
      workIds: chosen.works.map((w) => w.workId).reverse(),
    });
    expect(reversed.works.map((w) => w.title)).toEqual(['Veiled', 'Named']);
  });

  it('takes one of several orders saved at the same moment, whole: every save 200', async () => {
    const { works } = await asAdminOk<AdminExhibition>('GET', adminUrl());
    const ids = works.map((w) => w.workId);
    const orders = [ids, [...ids].reverse(), ids, [...ids].reverse(), ids, [...ids].reverse()];
    const answers = await Promise.all(
      orders.map((workIds) =>
        asAdmin(t, admin, 'PUT', `${adminUrl()}/works`, { source: 'works', workIds }),
      ),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const kept = (await asAdminOk<AdminExhibition>('GET', adminUrl())).works.map((w) => w.workId);
    expect([ids, [...ids].reverse()]).toContainEqual(kept);
    await asAdminOk('PUT', `${adminUrl()}/works`, { source: 'works', workIds: ids });
  });

  it('asks for a jury round before taking a shortlist', async () => {
    const response = await asAdmin(t, admin, 'PUT', `${adminUrl()}/works`, { source: 'shortlist' });
    expect(response.statusCode).toBe(409);
  });
});

describe('the public exhibition', () => {
  it('is a 404 until opened, and absent from the archive', async () => {
    expect((await get(publicUrl())).statusCode).toBe(404);
    expect(await findPublicExhibition(t.app.deps, competitionId)).toBeNull();
    const archive = (await get('/api/exhibitions')).json<ExhibitionArchive>();
    expect(archive.current).toEqual([]);
  });

  it('once opened shows its works with the artist, or none where withheld, and the vote open', async () => {
    await asAdminOk('POST', `${adminUrl()}/open`);
    const response = await get(publicUrl());
    expect(response.statusCode, response.body).toBe(200);
    const gallery = response.json<PublicExhibition>();
    expect(gallery.voting).toMatchObject({ open: true, votesPerVisitor: 2 });
    expect(gallery.works.map((w) => [w.title, w.artist, w.medium, w.size])).toEqual([
      ['Veiled', null, 'Oil', 'A2'],
      ['Named', artistNumbered(1).fullName, 'Oil', 'A2'],
    ]);
    expect(gallery.works[0]!.image?.srcset).toContain('400w');
    expect(JSON.stringify(gallery)).not.toContain(artistNumbered(2).fullName);
    const archive = (await get('/api/exhibitions')).json<ExhibitionArchive>();
    expect(archive.current.map((e) => e.competitionId)).toEqual([competitionId]);
  });

  it('has a page per work with its neighbours; a work not in it is a 404', async () => {
    const gallery = (await get(publicUrl())).json<PublicExhibition>();
    const [first, second] = gallery.works;
    const page = (
      await get(`${publicUrl()}/works/${first!.workId}`)
    ).json<PublicExhibitionWorkPage>();
    expect(page.work.title).toBe('Veiled');
    expect(page.previousWorkId).toBeNull();
    expect(page.nextWorkId).toBe(second!.workId);
    const elsewhere = await t.app.deps.db.selectFrom('entry_works').select('id').execute();
    const outside = elsewhere
      .map((w) => w.id)
      .find((id) => !gallery.works.some((g) => g.workId === id));
    expect((await get(`${publicUrl()}/works/${outside}`)).statusCode).toBe(404);
    expect((await get(`${publicUrl(otherCompetitionId)}/works/${first!.workId}`)).statusCode).toBe(
      404,
    );
  });

  it('answers votes’ questions through the front door', async () => {
    const gallery = (await get(publicUrl())).json<PublicExhibition>();
    const named = gallery.works.find((w) => w.title === 'Named')!;
    expect(await findExhibitionWork(t.app.deps, competitionId, named.workId)).toMatchObject({
      workId: named.workId,
      submissionId: entries.get('Named'),
      entryEmail: artistNumbered(1).email,
    });
    expect(await findExhibitionWork(t.app.deps, competitionId, 'nope')).toBeNull();
    expect(await findPublicExhibition(t.app.deps, competitionId)).toMatchObject({
      votesPerVisitor: 2,
      voting: { open: true },
    });
  });

  it('closes voting when the window has passed, and lists an ended exhibition as past', async () => {
    clock.advance(2 * HOUR);
    expect((await get(publicUrl())).json<PublicExhibition>().voting.open).toBe(false);
    clock.advance(-2 * HOUR);
  });

  it('is taken down again by Close (audited)', async () => {
    await asAdminOk('POST', `${adminUrl()}/close`);
    expect((await get(publicUrl())).statusCode).toBe(404);
    await asAdminOk('POST', `${adminUrl()}/open`);
    const actions = (await auditRowsOf(t.app.deps.db, 'exhibition.')).map((r) => r.action);
    expect(actions).toContain('exhibition.close');
    expect(actions.filter((a) => a === 'exhibition.open')).toHaveLength(2);
  });

  it('refuses an admin route without a session and a write without our header', async () => {
    expect((await get(adminUrl())).statusCode).toBe(401);
    const response = await t.app.inject({
      method: 'POST',
      url: `${publicUrl()}/works/x/enquiries`,
      payload: { name: 'A', email: 'a@example.com', message: 'Hello' },
    });
    expect(response.statusCode).toBe(403);
    // With our header the same request gets past that check: to the work's own answer, a 404.
    const ours = await t.app.inject({
      method: 'POST',
      url: `${publicUrl()}/works/x/enquiries`,
      headers: OUR_CLIENT_HEADERS,
      payload: { name: 'A', email: 'a@example.com', message: 'Hello' },
    });
    expect(ours.statusCode, ours.body).toBe(404);
  });
});
