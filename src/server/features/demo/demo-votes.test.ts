import { describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { castVote, confirmVoter } from '../../../../tests/setup/votes.ts';
import { publicApiPaths, voteApiPaths } from '../../../shared/api-paths.ts';
import { initializeSite } from '../../initialize.ts';
import { DEMO_EXHIBITION_COMPETITION } from './demo-exhibitions.ts';
import { DEMO_RESULTS_COMPETITION } from './demo-results.ts';

/*
 * The votes demo: the published competition's closed vote has its votes and its People's Choice
 * award (on the results page, with a certificate); the open exhibition's vote takes votes.
 */

// The whole demo is seeded before the first test: slower than a hook usually is on a busy machine.
vi.setConfig({ hookTimeout: 120_000 });
const t = useTestApp({ config: { seedDemo: true } });
const get = (url: string) => t.app.inject({ method: 'GET', url });

async function competitionId(title: string): Promise<string> {
  const row = await t.app.deps.db
    .selectFrom('competitions')
    .select('id')
    .where('title', '=', title)
    .executeTakeFirstOrThrow();
  return row.id;
}

describe(`the votes demo (${TEST_ENGINE})`, () => {
  it("gives the closed vote's People's Choice, with its certificate, and counts its votes", async () => {
    const id = await competitionId(DEMO_RESULTS_COMPETITION);
    const counts = await get(voteApiPaths.counts(id));
    expect(counts.statusCode, counts.body).toBe(200);
    expect(counts.json().works.map((w: { votes: number }) => w.votes)).toEqual([14, 9, 6, 4, 3]);
    const results = await get(publicApiPaths.competitionResults(id));
    expect(results.statusCode).toBe(200);
    expect(results.body).toContain("People's Choice");
    const certificates = await t.app.deps.db
      .selectFrom('certificates')
      .select(['kind', 'award'])
      .where('competition_id', '=', id)
      .where('award', '=', "People's Choice")
      .execute();
    expect(certificates).toEqual([{ kind: 'merit', award: "People's Choice" }]);
  });

  it('keeps the open vote’s counts hidden, and takes a visitor’s vote', async () => {
    const id = await competitionId(DEMO_EXHIBITION_COMPETITION);
    expect((await get(voteApiPaths.counts(id))).statusCode).toBe(409);
    const gallery = (await get(publicApiPaths.exhibition(id))).json<{
      works: { workId: string }[];
    }>();
    const cookie = await confirmVoter(t, id, 'demo.visitor@example.com');
    const voted = await castVote(t, id, gallery.works[2]?.workId ?? '', cookie);
    expect(voted.statusCode, voted.body).toBe(201);
    expect(
      await t.app.deps.db
        .selectFrom('votes')
        .where('competition_id', '=', id)
        .selectAll()
        .execute(),
    ).toHaveLength(7);
  });

  it('seeds once', async () => {
    await initializeSite(t.app);
    expect(await t.app.deps.db.selectFrom('votes').selectAll().execute()).toHaveLength(43);
  });
});
