import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, asAdmin, signIn } from '../../../../tests/setup/admin-session.ts';
import { addCompetition, todayInKolkata } from '../../../../tests/setup/registration.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { addDays } from '../../../shared/domain/competition-status.ts';
import type { AdminCompetition } from '../../../shared/schemas/competition.ts';
import { WORKS_RANGE_MESSAGES } from '../../../shared/schemas/works-range.ts';

/*
 * How many works an entry holds, as the admin's form sets it: kept, given to the public form,
 * and refused by the field it concerns when out of bounds or upside down, nothing written.
 */

const t = useTestApp({ config: { adminPassword: ADMIN_PASSWORD } });
let admin: string;
let categoryId: string;

beforeAll(async () => {
  admin = await signIn(t, 'admin', ADMIN_PASSWORD);
  categoryId = (await addCompetition(t)).category.id;
});

function input(range: Record<string, unknown>) {
  const today = todayInKolkata();
  return {
    title: 'Series',
    description: 'Three works make a series.',
    categoryId,
    startDate: today,
    endDate: addDays(today, 10),
    entryType: 'free',
    ...range,
  };
}

const competitionsCount = async () =>
  Number(
    (
      await t.app.deps.db
        .selectFrom('competitions')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe(`works per entry in the admin's form on ${TEST_ENGINE}`, () => {
  it('keeps the range set, changes it, and gives it to the public answer', async () => {
    const created = await asAdmin(t, admin, 'POST', '/api/admin/competitions', {
      ...input({ minWorks: 2, maxWorks: 3 }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const competition = created.json<AdminCompetition>();
    expect([competition.minWorks, competition.maxWorks]).toEqual([2, 3]);
    const url = `/api/admin/competitions/${competition.id}`;
    const changed = await asAdmin(t, admin, 'PUT', url, input({ minWorks: 1, maxWorks: 5 }));
    expect(changed.statusCode, changed.body).toBe(200);
    const shown = (
      await t.app.inject(`/api/competitions/${competition.id}`)
    ).json<AdminCompetition>();
    expect([shown.minWorks, shown.maxWorks]).toEqual([1, 5]);
    // A form that says nothing is one work, as before.
    const plain = await asAdmin(t, admin, 'PUT', url, input({}));
    expect(plain.json<AdminCompetition>()).toMatchObject({ minWorks: 1, maxWorks: 1 });
  });

  it('refuses a maximum below the minimum and counts out of bounds, naming the field; nothing is written', async () => {
    const before = await competitionsCount();
    for (const [range, fields] of [
      [{ minWorks: 3, maxWorks: 2 }, { maxWorks: WORKS_RANGE_MESSAGES.maxBelowMin }],
      [{ minWorks: 0, maxWorks: 2 }, { minWorks: WORKS_RANGE_MESSAGES.minWorks }],
      [{ minWorks: 1, maxWorks: 11 }, { maxWorks: WORKS_RANGE_MESSAGES.maxWorks }],
      [{ minWorks: 1.5, maxWorks: 2 }, { minWorks: WORKS_RANGE_MESSAGES.minWorks }],
      [{ minWorks: '2', maxWorks: 2 }, { minWorks: WORKS_RANGE_MESSAGES.minWorks }],
    ] as const) {
      const response = await asAdmin(t, admin, 'POST', '/api/admin/competitions', input(range));
      expect(response.statusCode, JSON.stringify(range)).toBe(400);
      expect(response.json().error.fields).toEqual(fields);
    }
    expect(await competitionsCount()).toBe(before);
    const kept = await asAdmin(t, admin, 'POST', '/api/admin/competitions', input({ maxWorks: 2 }));
    const url = `/api/admin/competitions/${kept.json<AdminCompetition>().id}`;
    const refused = await asAdmin(t, admin, 'PUT', url, input({ minWorks: 4, maxWorks: 3 }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ maxWorks: WORKS_RANGE_MESSAGES.maxBelowMin });
    const after = (await asAdmin(t, admin, 'GET', '/api/admin/competitions')).json<
      AdminCompetition[]
    >();
    expect(after.find((c) => url.endsWith(c.id))).toMatchObject({ minWorks: 1, maxWorks: 2 });
  });
});
