import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import type { ExhibitionArchive, PublicExhibition } from '../../../shared/schemas/exhibition.ts';
import { initializeSite } from '../../initialize.ts';
import { DEMO_EXHIBITION_COMPETITION, DEMO_FOR_SALE_PRICE } from './demo-exhibitions.ts';

/*
 * The exhibitions demo: the published competition's exhibition (its vote closed) and an open
 * competition's (its vote open now, one work for sale), with display copies; seeded once.
 */

const t = useTestApp({ config: { seedDemo: true } });
const get = (url: string) => t.app.inject({ method: 'GET', url });

describe(`the exhibitions demo (${TEST_ENGINE})`, () => {
  it('opens two exhibitions: one whose vote has closed, one whose vote is open', async () => {
    const archive = (await get('/api/exhibitions')).json<ExhibitionArchive>();
    expect(archive.current.map((e) => e.title).sort()).toEqual([
      'City Lights: the exhibition',
      'Rooftops and Rain: the exhibition',
    ]);
    const galleries = await Promise.all(
      archive.current.map(async (e) =>
        (await get(`/api/exhibitions/${e.competitionId}`)).json<PublicExhibition>(),
      ),
    );
    const closed = galleries.find((g) => g.competitionTitle === 'City Lights 2026')!;
    const open = galleries.find((g) => g.competitionTitle === DEMO_EXHIBITION_COMPETITION)!;
    expect(closed.voting.open).toBe(false);
    expect(open.voting.open).toBe(true);
    // 'none' is never shown: five of six, and three of four.
    expect(closed.works).toHaveLength(5);
    expect(open.works.map((w) => [w.title, w.artist])).toEqual([
      ['Terrace Garden in August', 'Meera Nair'],
      ['Wet Tin Roofs', 'Arjun Kulkarni'],
      ['Umbrellas, Crawford Market', null],
    ]);
    expect(open.works[0]!.price).toBe(DEMO_FOR_SALE_PRICE);
  });

  it('has every shown work’s display copies made by the worker after the start', async () => {
    const archive = (await get('/api/exhibitions')).json<ExhibitionArchive>();
    const withCopies = async () => {
      let made = 0;
      for (const { competitionId } of archive.current) {
        const gallery = (await get(`/api/exhibitions/${competitionId}`)).json<PublicExhibition>();
        made += gallery.works.filter((w) => w.image?.srcset).length;
      }
      return made;
    };
    await expect.poll(withCopies, { timeout: 60_000, interval: 250 }).toBe(8);
  });

  it('is seeded once', async () => {
    const again = await initializeSite(t.app);
    expect(again.seededDemo).toBe(false);
    const archive = (await get('/api/exhibitions')).json<ExhibitionArchive>();
    expect(archive.current).toHaveLength(2);
  });
});
