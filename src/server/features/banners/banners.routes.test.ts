import { beforeEach, describe, expect, it } from 'vitest';
import { makeBannerRow, makeMediaRow } from '../../../../tests/factories/rows.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { PublicBannerSchema } from '../../../shared/schemas/banner.ts';

const t = useTestApp();
const db = () => t.app.deps.db;

beforeEach(async () => {
  await db().deleteFrom('banners').execute();
  await db().deleteFrom('media').execute();
  t.app.deps.contentCache.invalidate();
});

async function addBanner(title: string, position: number, createdAt: string, imageUrl?: string) {
  const row = makeBannerRow({
    title,
    position,
    created_at: createdAt,
    updated_at: createdAt,
    ...(imageUrl === undefined ? {} : { image_url: imageUrl }),
  });
  await db().insertInto('banners').values(row).execute();
  return row;
}

describe(`GET /api/banners on ${TEST_ENGINE}`, () => {
  it('is an empty array when there are none', async () => {
    const response = await t.app.inject('/api/banners');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it('lists banners by position, newest first among equal positions', async () => {
    await addBanner('Second place, older', 1, '2026-11-01T10:00:00.000Z');
    await addBanner('Last', 2, '2026-11-05T10:00:00.000Z');
    await addBanner('Second place, newer', 1, '2026-11-03T10:00:00.000Z');
    await addBanner('First', 0, '2026-10-01T10:00:00.000Z');
    const response = await t.app.inject('/api/banners');
    expect(response.statusCode).toBe(200);
    expect(response.json().map((b: { title: string }) => b.title)).toEqual([
      'First',
      'Second place, newer',
      'Second place, older',
      'Last',
    ]);
  });

  it('describes each banner with its responsive image', async () => {
    await db()
      .insertInto('media')
      .values(makeMediaRow('/media/hero.jpg', { width: 1600, height: 667 }))
      .execute();
    const measured = await addBanner('Measured', 0, '2026-11-02T10:00:00.000Z', '/media/hero.jpg');
    const outside = await addBanner(
      'From elsewhere',
      1,
      '2026-11-01T10:00:00.000Z',
      'https://images.example/banner.jpg',
    );
    const body = (await t.app.inject('/api/banners')).json();
    expect(body).toEqual([
      {
        id: measured.id,
        title: 'Measured',
        description: measured.description,
        image: {
          url: '/media/hero.jpg',
          width: 1600,
          height: 667,
          srcset: '/media/hero-400.webp 400w, /media/hero-800.webp 800w',
        },
        createdAt: '2026-11-02T10:00:00.000Z',
      },
      {
        id: outside.id,
        title: 'From elsewhere',
        description: outside.description,
        // No measured record: shown as it is, without sizes.
        image: { url: 'https://images.example/banner.jpg', width: null, height: null, srcset: '' },
        createdAt: '2026-11-01T10:00:00.000Z',
      },
    ]);
    for (const banner of body) expect(PublicBannerSchema.strict().parse(banner)).toEqual(banner);
  });

  it('is cached with an ETag: 304 when unchanged, new content only after invalidate()', async () => {
    await addBanner('One', 0, '2026-11-01T10:00:00.000Z');
    const first = await t.app.inject('/api/banners');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await t.app.inject({ url: '/api/banners', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    await addBanner('Two', 1, '2026-11-02T10:00:00.000Z');
    expect((await t.app.inject('/api/banners')).json()).toHaveLength(1);
    t.app.deps.contentCache.invalidate();
    const fresh = await t.app.inject({ url: '/api/banners', headers: { 'if-none-match': etag } });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toHaveLength(2);
    expect(fresh.headers.etag).not.toBe(etag);
  });
});
