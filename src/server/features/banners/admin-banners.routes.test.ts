import type { HTTPMethods } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeBannerRow, makeMediaRow } from '../../../../tests/factories/rows.ts';
import {
  ADMIN_PASSWORD,
  asAdmin,
  auditActions,
  auditRows,
  expectCsrfHeaderRequired,
  expectSessionRequired,
  type RouteCall,
  signIn,
  useAdminTestApp,
} from '../../../../tests/setup/admin-session.ts';
import { uploadGeneratedImage } from '../../../../tests/setup/image-upload.ts';
import { OUR_CLIENT_HEADERS } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import {
  type AdminBanner,
  AdminBannerSchema,
  BANNER_MESSAGES,
  type PublicBanner,
} from '../../../shared/schemas/banner.ts';
import { BANNER_NOT_FOUND, BANNER_ORDER_MISMATCH } from './banners.service.ts';

const t = useAdminTestApp();
const db = () => t.app.deps.db;
const BANNERS = '/api/admin/banners';
const IMAGE = '/media/banner-a.jpg';
const OTHER_IMAGE = '/media/banner-b.jpg';
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

let token: string;

beforeEach(async () => {
  await db().deleteFrom('banners').execute();
  await db().deleteFrom('media').execute();
  await db()
    .insertInto('media')
    .values([makeMediaRow(IMAGE), makeMediaRow(OTHER_IMAGE, { width: 1200, height: 500 })])
    .execute();
  t.app.deps.contentCache.invalidate();
  token = await signIn(t, 'admin', ADMIN_PASSWORD);
});

const admin = (method: HTTPMethods, url: string, payload?: unknown) =>
  asAdmin(t, token, method, url, payload);

const valid = { title: 'Summer open call', description: 'Paint the monsoon.', imageUrl: IMAGE };

async function addRow(title: string, position: number, imageUrl = IMAGE) {
  const row = makeBannerRow({ title, position, image_url: imageUrl });
  await db().insertInto('banners').values(row).execute();
  return row;
}

async function create(body: Record<string, unknown> = valid): Promise<AdminBanner> {
  const response = await admin('POST', BANNERS, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const adminTitles = async () =>
  (await admin('GET', BANNERS)).json<AdminBanner[]>().map((b) => b.title);
const publicTitles = async () =>
  (await t.app.inject('/api/banners')).json<PublicBanner[]>().map((b) => b.title);
const storedRows = () => db().selectFrom('banners').selectAll().orderBy('id').execute();

describe(`admin banner routes need a signed-in admin on ${TEST_ENGINE}`, () => {
  const routes = (id: string): RouteCall[] => [
    ['GET', BANNERS],
    ['POST', BANNERS, valid],
    ['PUT', `${BANNERS}/order`, { ids: [] }],
    ['PUT', `${BANNERS}/${id}`, valid],
    ['DELETE', `${BANNERS}/${id}`],
  ];

  it('answers 401 without a session, storing nothing', async () => {
    await expectSessionRequired(t, routes(MISSING_ID));
    expect(await storedRows()).toEqual([]);
  });

  it('answers 403 to a write without our CSRF header, even with a session', async () => {
    const row = await addRow('Kept', 0);
    await expectCsrfHeaderRequired(t, token, routes(row.id).slice(1));
    expect((await storedRows()).map((r) => r.title)).toEqual(['Kept']);
    expect(await auditActions(db())).toEqual(['auth.sign-in']);
  });
});

describe(`GET ${BANNERS} on ${TEST_ENGINE}`, () => {
  it('lists every banner in display order with its stored url and responsive image', async () => {
    const second = await addRow('Second', 1, OTHER_IMAGE);
    const first = await addRow('First', 0);
    const response = await admin('GET', BANNERS);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json<AdminBanner[]>();
    expect(body).toEqual([
      {
        id: first.id,
        title: 'First',
        description: first.description,
        imageUrl: IMAGE,
        image: {
          url: IMAGE,
          width: 1600,
          height: 900,
          srcset: '/media/banner-a-400.webp 400w, /media/banner-a-800.webp 800w',
        },
        position: 0,
        createdAt: first.created_at,
        updatedAt: first.updated_at,
      },
      expect.objectContaining({
        id: second.id,
        imageUrl: OTHER_IMAGE,
        image: expect.objectContaining({ width: 1200, height: 500 }),
      }),
    ]);
    for (const banner of body) expect(AdminBannerSchema.strict().parse(banner)).toEqual(banner);
  });

  it('is an empty array when there are none', async () => {
    expect((await admin('GET', BANNERS)).json()).toEqual([]);
  });
});

describe(`POST ${BANNERS} on ${TEST_ENGINE}`, () => {
  it('adds the banner first, audited, and the public slideshow shows it at once', async () => {
    await addRow('Older', 0);
    await addRow('Oldest', 1);
    expect(await publicTitles()).toEqual(['Older', 'Oldest']); // now held in memory
    const created = await create({
      title: '  Summer open call ',
      description: ' Paint the monsoon. ',
      imageUrl: IMAGE,
    });
    expect(created).toMatchObject({
      title: 'Summer open call',
      description: 'Paint the monsoon.',
      imageUrl: IMAGE,
      image: { url: IMAGE, width: 1600, height: 900 },
    });
    expect(created.createdAt).toBe(created.updatedAt);
    expect(await adminTitles()).toEqual(['Summer open call', 'Older', 'Oldest']);
    expect(await publicTitles()).toEqual(['Summer open call', 'Older', 'Oldest']);

    const audit = await auditRows(db());
    expect(audit.at(-1)).toMatchObject({
      action: 'banner.create',
      actor: 'admin',
      entity_id: created.id,
      details: JSON.stringify({ title: 'Summer open call' }),
    });
    // Each new banner goes before the last new one.
    await create({ ...valid, title: 'Newest' });
    expect(await publicTitles()).toEqual(['Newest', 'Summer open call', 'Older', 'Oldest']);
  });

  it('takes an image just uploaded through the upload route', async () => {
    const { url } = await uploadGeneratedImage(t, token, 900, 400);
    const created = await create({ ...valid, imageUrl: url });
    expect(created.image).toMatchObject({ url, width: 900, height: 400 });
    expect(created.image.srcset).toContain('400w');
  });

  it('answers each bad field with its message and stores nothing', async () => {
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [
        {},
        {
          title: BANNER_MESSAGES.titleRequired,
          description: BANNER_MESSAGES.descriptionRequired,
          imageUrl: 'Banner image is required',
        },
      ],
      [
        { title: '   ', description: '\n', imageUrl: ' ' },
        {
          title: 'Title is required',
          description: 'Description is required',
          imageUrl: 'Banner image is required',
        },
      ],
      [{ ...valid, imageUrl: '' }, { imageUrl: 'Banner image is required' }],
      [{ ...valid, imageUrl: null }, { imageUrl: 'Banner image is required' }],
      [{ ...valid, title: 'x'.repeat(121) }, { title: 'Title must be at most 120 characters' }],
      [
        { ...valid, description: 'x'.repeat(501) },
        { description: 'Description must be at most 500 characters' },
      ],
      [{ ...valid, title: 42 }, { title: 'Title is required' }],
      // Only an upload of this site may be shown, never an arbitrary address.
      [
        { ...valid, imageUrl: 'https://evil.example/x.jpg' },
        { imageUrl: BANNER_MESSAGES.unknownImage },
      ],
      [
        { ...valid, imageUrl: '/media/never-uploaded.jpg' },
        { imageUrl: BANNER_MESSAGES.unknownImage },
      ],
      [
        { ...valid, imageUrl: `/media/${'x'.repeat(3000)}` },
        { imageUrl: BANNER_MESSAGES.unknownImage },
      ],
    ];
    for (const [body, fields] of cases) {
      const response = await admin('POST', BANNERS, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'VALIDATION_ERROR', fields });
      expect(Object.keys(response.json().error.fields)).toEqual(Object.keys(fields));
    }
    expect(await storedRows()).toEqual([]);
    expect(await auditActions(db())).toEqual(['auth.sign-in']);
  });

  it('refuses a body that is not JSON, storing nothing', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: BANNERS,
      headers: { ...OUR_CLIENT_HEADERS, 'content-type': 'application/json' },
      cookies: { ws_session: token },
      payload: '{"title":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('INVALID_JSON');
    expect(await storedRows()).toEqual([]);
  });
});

describe(`PUT ${BANNERS}/:id on ${TEST_ENGINE}`, () => {
  it('changes title, description and image, keeping its place, audited and public at once', async () => {
    const first = await create({ ...valid, title: 'Second' });
    await create({ ...valid, title: 'First' });
    expect(await publicTitles()).toEqual(['First', 'Second']);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const response = await admin('PUT', `${BANNERS}/${first.id}`, {
      title: 'Renamed',
      description: 'New words.',
      imageUrl: OTHER_IMAGE,
    });
    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json<AdminBanner>();
    expect(updated).toMatchObject({
      id: first.id,
      title: 'Renamed',
      description: 'New words.',
      imageUrl: OTHER_IMAGE,
      image: { url: OTHER_IMAGE, width: 1200, height: 500 },
      position: first.position,
      createdAt: first.createdAt,
    });
    expect(updated.updatedAt > first.updatedAt).toBe(true);
    expect(await adminTitles()).toEqual(['First', 'Renamed']);
    const shown = (await t.app.inject('/api/banners')).json<PublicBanner[]>()[1];
    expect(shown).toMatchObject({ title: 'Renamed', description: 'New words.' });
    expect(shown?.image.url).toBe(OTHER_IMAGE);
    expect((await auditRows(db())).at(-1)).toMatchObject({
      action: 'banner.update',
      entity_id: first.id,
      details: JSON.stringify({ title: 'Renamed' }),
    });
  });

  it('keeps an image the banner already has, even one that was never an upload', async () => {
    const legacy = await addRow('Legacy', 0, 'https://images.example/old.jpg');
    const kept = await admin('PUT', `${BANNERS}/${legacy.id}`, {
      ...valid,
      imageUrl: 'https://images.example/old.jpg',
    });
    expect(kept.statusCode, kept.body).toBe(200);
    // …but cannot be pointed at another outside address.
    const moved = await admin('PUT', `${BANNERS}/${legacy.id}`, {
      ...valid,
      imageUrl: 'https://images.example/new.jpg',
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().error.fields).toEqual({ imageUrl: BANNER_MESSAGES.unknownImage });
    const [row] = await storedRows();
    expect(row?.image_url).toBe('https://images.example/old.jpg');
  });

  it('answers bad input with field messages and changes nothing', async () => {
    const banner = await create();
    const before = await storedRows();
    for (const [body, fields] of [
      [{ ...valid, imageUrl: '' }, { imageUrl: 'Banner image is required' }],
      [{ ...valid, title: '' }, { title: 'Title is required' }],
      [{ ...valid, description: ' ' }, { description: 'Description is required' }],
      [{ ...valid, imageUrl: '/media/unknown.jpg' }, { imageUrl: BANNER_MESSAGES.unknownImage }],
    ] as const) {
      const response = await admin('PUT', `${BANNERS}/${banner.id}`, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toEqual(fields);
    }
    expect(await storedRows()).toEqual(before);
    expect(await auditActions(db())).toEqual(['auth.sign-in', 'banner.create']);
  });

  it('answers 404 for a banner that does not exist and 400 for a malformed id', async () => {
    const missing = await admin('PUT', `${BANNERS}/${MISSING_ID}`, valid);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: { code: 'NOT_FOUND', message: BANNER_NOT_FOUND } });
    const malformed = await admin('PUT', `${BANNERS}/not-an-id`, valid);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields).toEqual({ id: 'Unknown banner id' });
    expect(await storedRows()).toEqual([]);
  });
});

describe(`DELETE ${BANNERS}/:id on ${TEST_ENGINE}`, () => {
  it('removes the banner from both lists at once, audited; the image file stays', async () => {
    const kept = await create({ ...valid, title: 'Kept' });
    const gone = await create({ ...valid, title: 'Gone' });
    expect(await publicTitles()).toEqual(['Gone', 'Kept']);
    const response = await admin('DELETE', `${BANNERS}/${gone.id}`);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(await publicTitles()).toEqual(['Kept']);
    expect(await adminTitles()).toEqual(['Kept']);
    expect((await auditRows(db())).at(-1)).toMatchObject({
      action: 'banner.delete',
      entity_id: gone.id,
      details: JSON.stringify({ title: 'Gone' }),
    });
    expect(kept.imageUrl).toBe(IMAGE);
    expect(
      await db().selectFrom('media').select('url').where('url', '=', IMAGE).execute(),
    ).toHaveLength(1);

    const again = await admin('DELETE', `${BANNERS}/${gone.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(BANNER_NOT_FOUND);
    expect((await admin('DELETE', `${BANNERS}/nope`)).statusCode).toBe(400);
    expect(await auditActions(db())).toEqual([
      'auth.sign-in',
      'banner.create',
      'banner.create',
      'banner.delete',
    ]);
  });
});

describe(`PUT ${BANNERS}/order on ${TEST_ENGINE}`, () => {
  it('sets the display order, audited, and the public slideshow follows at once', async () => {
    const c = await create({ ...valid, title: 'C' });
    const b = await create({ ...valid, title: 'B' });
    const a = await create({ ...valid, title: 'A' });
    expect(await publicTitles()).toEqual(['A', 'B', 'C']);
    const response = await admin('PUT', `${BANNERS}/order`, { ids: [c.id, a.id, b.id] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<AdminBanner[]>().map((x) => [x.title, x.position])).toEqual([
      ['C', 0],
      ['A', 1],
      ['B', 2],
    ]);
    expect(await publicTitles()).toEqual(['C', 'A', 'B']);
    expect(await adminTitles()).toEqual(['C', 'A', 'B']);
    expect((await auditRows(db())).at(-1)).toMatchObject({
      action: 'banner.reorder',
      details: JSON.stringify({ ids: [c.id, a.id, b.id] }),
    });
    // Contents and their updatedAt are untouched by a move; a new banner still comes first.
    const after = (await admin('GET', BANNERS)).json<AdminBanner[]>();
    expect(after.find((x) => x.id === a.id)?.updatedAt).toBe(a.updatedAt);
    await create({ ...valid, title: 'New' });
    expect(await publicTitles()).toEqual(['New', 'C', 'A', 'B']);
  });

  it('refuses a list that does not name every banner exactly once, changing nothing', async () => {
    const b = await create({ ...valid, title: 'B' });
    const a = await create({ ...valid, title: 'A' });
    const before = await storedRows();
    for (const ids of [
      [a.id], // one left out
      [a.id, b.id, b.id], // one twice
      [a.id, a.id], // right length, one twice
      [a.id, MISSING_ID], // an unknown one
      [a.id, b.id, MISSING_ID], // one too many
      [],
    ]) {
      const response = await admin('PUT', `${BANNERS}/order`, { ids });
      expect(response.statusCode, JSON.stringify(ids)).toBe(400);
      expect(response.json()).toEqual({
        error: {
          code: 'VALIDATION_ERROR',
          message: BANNER_ORDER_MISMATCH,
          fields: { ids: BANNER_ORDER_MISMATCH },
        },
      });
    }
    for (const body of [{}, { ids: 'a' }, { ids: [1, 2] }]) {
      expect((await admin('PUT', `${BANNERS}/order`, body)).statusCode).toBe(400);
    }
    expect(await storedRows()).toEqual(before);
    expect(await publicTitles()).toEqual(['A', 'B']);
    expect(await auditActions(db())).toEqual(['auth.sign-in', 'banner.create', 'banner.create']);
  });

  it('runs two reorders at once one after the other, never mixing them', async () => {
    const rows = [];
    for (let i = 0; i < 20; i++) rows.push(await addRow(`B${i}`, i));
    const forwards = rows.map((r) => r.id);
    const backwards = [...forwards].reverse();
    const answers = await Promise.all([
      admin('PUT', `${BANNERS}/order`, { ids: forwards }),
      admin('PUT', `${BANNERS}/order`, { ids: backwards }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const final = (await admin('GET', BANNERS)).json<AdminBanner[]>();
    expect(final.map((b) => b.position)).toEqual(final.map((_, i) => i));
    expect([forwards, backwards]).toContainEqual(final.map((b) => b.id));
  });

  it('accepts the empty list when there are no banners', async () => {
    const response = await admin('PUT', `${BANNERS}/order`, { ids: [] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });
});
