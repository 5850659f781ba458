import { beforeAll, describe, expect, it } from 'vitest';
import { makeCategoryRow, makeCompetitionRow } from '../../../../tests/factories/rows.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import type { LatestResults } from '../../../shared/schemas/publication.ts';

/*
 * The header's Results page: every published result, newest first, from the API and drawn by
 * the server (in the HTML before any script runs), with the same list inlined for hydration.
 */
const t = useTestApp({ clientBuild: 'server-rendered' });
const db = () => t.app.deps.db;

/** Four published on different days, one unpublished again, in the order they were made. */
const COMPETITIONS = [
  { title: 'Autumn Leaves', publishedAt: '2026-10-01T06:00:00.000Z' },
  { title: 'Winter Light', publishedAt: '2026-11-20T06:00:00.000Z' },
  { title: 'Spring Ink', publishedAt: '2026-03-15T06:00:00.000Z' },
  { title: 'Summer Coast', publishedAt: '2026-07-04T06:00:00.000Z' },
  { title: 'Taken Down', publishedAt: null },
] as const;
const ids = new Map<string, string>();

beforeAll(async () => {
  const category = makeCategoryRow({ name: 'Painting' });
  await db().insertInto('categories').values(category).execute();
  for (const { title, publishedAt } of COMPETITIONS) {
    const row = makeCompetitionRow(category.id, {
      title,
      start_date: '2026-01-01',
      end_date: '2026-01-31',
    });
    await db().insertInto('competitions').values(row).execute();
    ids.set(title, row.id);
    await db()
      .insertInto('results_publications')
      .values({
        competition_id: row.id,
        published_at: publishedAt,
        first_published_at: '2026-02-01T06:00:00.000Z',
        updated_at: '2026-02-01T06:00:00.000Z',
      })
      .execute();
  }
  t.app.deps.contentCache.invalidate();
});

const NEWEST_FIRST = ['Winter Light', 'Autumn Leaves', 'Summer Coast', 'Spring Ink'];

describe(`the Results page on ${TEST_ENGINE}`, () => {
  it('GET /api/results lists every published result, newest first, none unpublished', async () => {
    const response = await t.app.inject('/api/results');
    expect(response.statusCode).toBe(200);
    const results = response.json<LatestResults>();
    expect(results.map((r) => r.title)).toEqual(NEWEST_FIRST);
    expect(results[0]).toEqual({
      competitionId: ids.get('Winter Light'),
      title: 'Winter Light',
      publishedAt: '2026-11-20T06:00:00.000Z',
    });
    // Home keeps its three latest.
    const latest = (await t.app.inject('/api/results/latest')).json<LatestResults>();
    expect(latest.map((r) => r.title)).toEqual(NEWEST_FIRST.slice(0, 3));
  });

  it('/results is drawn by the server: its heading and each result, linked, in order', async () => {
    const response = await t.app.inject('/results');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const html = response.body;
    expect(html).toContain('<title>Results | White Stroke International Art Space</title>');
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toMatch(/<h1[^>]*>Results<\/h1>/);
    const drawnTitles = [...root.matchAll(/>Results: <!-- -->([^<]+)</g)].map((m) => m[1]);
    expect(drawnTitles).toEqual(NEWEST_FIRST);
    expect(root).toContain(`href="/competition/${ids.get('Winter Light')}/results"`);
    expect(root).toContain('Published <time dateTime="2026-11-20">20 November 2026</time>');
    expect(root).not.toContain('Taken Down');
  });

  it('says so when nothing is published', async () => {
    await db().updateTable('results_publications').set({ published_at: null }).execute();
    t.app.deps.contentCache.invalidate();
    const html = (await t.app.inject('/results')).body;
    expect(html).toContain('No results have been published yet.');
    expect((await t.app.inject('/api/results')).json()).toEqual([]);
  });
});
