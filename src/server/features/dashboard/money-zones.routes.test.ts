import { beforeAll, describe, expect, it } from 'vitest';
import { makeSubmissionRow } from '../../../../tests/factories/rows.ts';
import { ADMIN_PASSWORD, asAdmin, signIn } from '../../../../tests/setup/admin-session.ts';
import { addCompetition } from '../../../../tests/setup/registration.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { createRunningClock } from '../../../../tests/setup/test-clock.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import type { DashboardMoney } from '../../../shared/schemas/dashboard-money.ts';
import { MONEY_DAYS_MAX } from './money-report.ts';

/*
 * The days follow the site's time zone wherever its midnight falls (Nepal's is 18:15 UTC), and a
 * competition whose dates span years lists a year at most.
 */

const clock = createRunningClock();
const t = useTestApp({ clock });
let token: string;

async function entryAt(competitionId: string, createdAt: string) {
  const row = makeSubmissionRow({ competition_id: competitionId, created_at: createdAt });
  await t.app.deps.db
    .insertInto('submissions')
    .values({ ...row, entry_type: 'free', entry_fee: 0 })
    .execute();
}

async function money(): Promise<DashboardMoney> {
  const response = await asAdmin(t, token, 'GET', '/api/admin/dashboard/money');
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as DashboardMoney;
}

beforeAll(async () => {
  clock.set('2026-11-12T06:30:00.000Z');
  token = await signIn(t, 'admin', ADMIN_PASSWORD);
});

describe(`the dashboard's days on ${TEST_ENGINE}`, () => {
  it("splits days at the site's midnight, a quarter past the UTC hour in Nepal", async () => {
    await t.app.deps.settings.updateSettings({ timeZone: 'Asia/Kathmandu' });
    const { competition } = await addCompetition(t, {
      title: 'Himalayan Light',
      start_date: '2026-11-09',
      end_date: '2026-11-11',
    });
    const id = competition.id as string;
    for (const at of ['2026-11-09T18:14:59.999Z', '2026-11-09T18:15:00.000Z']) {
      await entryAt(id, at);
    }
    await entryAt(id, '2026-11-09T18:59:00.000Z');
    const shown = (await money()).competitions.find((c) => c.id === id);
    expect(shown?.days.map((d) => [d.date, d.entries, d.closing])).toEqual([
      ['2026-11-09', 1, false],
      ['2026-11-10', 2, false],
      ['2026-11-11', 0, true],
    ]);
  });

  it('lists a year at most: a far-off closing date stops at today', async () => {
    await t.app.deps.settings.updateSettings({ timeZone: 'Asia/Kolkata' });
    const { competition } = await addCompetition(t, {
      title: 'Forever Open',
      start_date: '2020-01-01',
      end_date: '2999-12-31',
    });
    const id = competition.id as string;
    await entryAt(id, '2021-06-01T06:00:00.000Z');
    await entryAt(id, '2026-11-01T06:00:00.000Z');
    const shown = (await money()).competitions.find((c) => c.id === id);
    expect(shown?.days).toHaveLength(MONEY_DAYS_MAX);
    expect(shown?.days.at(-1)?.date).toBe('2026-11-12');
    expect(shown?.daysLeftOut).toBe(true);
    // The totals count every day, the ones left out too.
    expect(shown?.totals.entries).toBe(2);
    expect(shown?.days.reduce((sum, d) => sum + (d.entries ?? 0), 0)).toBe(1);
  });
});
