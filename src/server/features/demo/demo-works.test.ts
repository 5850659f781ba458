import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, asAdmin, signIn } from '../../../../tests/setup/admin-session.ts';
import { OUR_CLIENT_HEADERS, useTestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import type { PriceBreakdown } from '../../../shared/domain/pricing.ts';
import type { ReviewItem, ReviewPage } from '../../../shared/schemas/review.ts';
import { DEMO_CODE } from './demo-works.ts';
import { DEMO_WORKS_COMPETITION } from './seed-demo.ts';

/*
 * The demo of several works: an open competition takes up to three works an entry, at an
 * early-bird price running now and a fee for each further work; WELCOME20 takes 20 % off; three
 * artists have entered it with three, two and one works, each with its own picture.
 */

const t = useTestApp({ config: { seedDemo: true, adminPassword: ADMIN_PASSWORD } });
const get = (url: string) => t.app.inject({ method: 'GET', url });

async function demoCompetition() {
  const list = (await get('/api/competitions')).json<{ id: string; title: string }[]>();
  const found = list.find((c) => c.title === DEMO_WORKS_COMPETITION);
  expect(found).toBeDefined();
  return found!.id;
}

describe(`the demo of several works (${TEST_ENGINE})`, () => {
  it('is open for up to three works, at an early-bird price now, 20 % off with WELCOME20', async () => {
    const id = await demoCompetition();
    const competition = (await get(`/api/competitions/${id}`)).json();
    expect(competition).toMatchObject({
      minWorks: 1,
      maxWorks: 3,
      prices: { entryFee: 199, furtherWorkFee: 99, earlyBirdFee: 149, earlyBirdFurtherFee: 79 },
    });
    expect(Date.parse(competition.prices.earlyBirdUntil)).toBeGreaterThan(
      t.app.deps.clock.now().getTime(),
    );
    const quote = await t.app.inject({
      method: 'POST',
      url: `/api/competitions/${id}/quote`,
      headers: OUR_CLIENT_HEADERS,
      payload: { works: 3, code: DEMO_CODE.toLowerCase() },
    });
    expect(quote.statusCode, quote.body).toBe(200);
    // ₹149 + 2 × ₹79 = ₹307; 20 % is ₹61.40, rounded to ₹61.
    expect(quote.json<PriceBreakdown>()).toMatchObject({
      tier: 'early',
      gross: 307,
      discount: 61,
      net: 246,
    });
  });

  it('has entries of several works, each work with its own picture, in the review', async () => {
    const id = await demoCompetition();
    const admin = await signIn(t, 'admin', ADMIN_PASSWORD);
    const page = await asAdmin(t, admin, 'GET', `/api/admin/submissions?competition=${id}`);
    expect(page.statusCode, page.body).toBe(200);
    const items = page.json<ReviewPage>().items;
    const works: ReviewItem['works'][] = [];
    for (const item of items) {
      const review = await asAdmin(t, admin, 'GET', `/api/admin/submissions/${item.id}/review`);
      expect(review.statusCode, review.body).toBe(200);
      works.push(review.json<ReviewItem>().works);
    }
    expect(works.map((w) => w?.length).sort()).toEqual([1, 2, 3]);
    const three = works.find((w) => w?.length === 3) ?? [];
    const value = (fields: { id: string; value: string }[], field: string) =>
      fields.find((f) => f.id === field)?.value ?? '';
    expect(three.map((w) => value(w.fields, 'artworkTitle'))).toEqual([
      'Grandmother at the Window',
      'Chai Seller, Mylapore',
      'Festival Morning',
    ]);
    const pictures = three.map((w) => value(w.fields, 'artworkUrl'));
    expect(new Set(pictures).size).toBe(3);
    for (const url of pictures) {
      const picture = await asAdmin(t, admin, 'GET', url);
      expect(picture.statusCode, url).toBe(200);
      expect(picture.headers['content-type']).toMatch(/^image\//);
    }
    // The artist of three works used the code: the entry was priced as registration prices it.
    const uses = await asAdmin(t, admin, 'GET', '/api/admin/codes');
    expect(uses.json()).toMatchObject([{ code: DEMO_CODE, uses: [{ discount: 61 }] }]);
  });
});
