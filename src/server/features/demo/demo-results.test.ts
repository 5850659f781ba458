import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import type { LatestResults, PublicResults } from '../../../shared/schemas/publication.ts';
import { initializeSite } from '../../initialize.ts';
import { DEMO_RESULTS_COMPETITION } from './demo-results.ts';

/*
 * The results demo: with demo content, a past competition shows published results at once:
 * three awards (one artist's name withheld) and the people's choice, a certificate for every entry, and no e-mail sent
 * to the made-up artists; seeded once.
 */

const t = useTestApp({ config: { seedDemo: true } });
const get = (url: string) => t.app.inject({ method: 'GET', url });

describe(`the results demo (${TEST_ENGINE})`, () => {
  it('publishes a past competition’s results with three awards, the people’s choice and certificates', async () => {
    expect(t.initialized.seededDemoResults).toBe(true);
    const latest = (await get('/api/results/latest')).json<LatestResults>();
    const demo = latest.find((r) => r.title === DEMO_RESULTS_COMPETITION);
    expect(demo).toBeDefined();
    const results = (
      await get(`/api/competitions/${demo?.competitionId}/results`)
    ).json<PublicResults>();
    expect(results.awards.map((a) => [a.award, a.artist])).toEqual([
      ['First', 'Aditi Deshpande'],
      ['Second', null],
      ['Third', 'Lakshmi Subramaniam'],
      // The visitors' award, given after the exhibition's vote closed (demo-votes.ts).
      ["People's Choice", 'Siddharth Ghosh'],
    ]);
    for (const award of results.awards) {
      expect((await get(award.imageUrl ?? '')).statusCode).toBe(200);
    }
    const certificates = await t.app.deps.db
      .selectFrom('certificates')
      .select(['code', 'kind'])
      .where('competition_id', '=', demo?.competitionId ?? '')
      .execute();
    expect(certificates.filter((c) => c.kind === 'merit')).toHaveLength(4);
    expect(certificates).toHaveLength(6);
    const pdf = await get(`/api/certificates/${certificates[0]?.code}/pdf`);
    expect(pdf.statusCode).toBe(200);
    const emails = await t.app.deps.db
      .selectFrom('email_outbox')
      .select('id')
      .where('kind', 'like', 'results-%')
      .execute();
    expect(emails).toEqual([]);
  });

  it('is seeded once', async () => {
    expect((await initializeSite(t.app)).seededDemoResults).toBe(false);
    const competitions = await t.app.deps.db
      .selectFrom('competitions')
      .select('id')
      .where('title', '=', DEMO_RESULTS_COMPETITION)
      .execute();
    expect(competitions).toHaveLength(1);
  });
});
