import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Dashboard } from '../../../../shared/schemas/admin.ts';
import type { DashboardMoney, MoneyDay } from '../../../../shared/schemas/dashboard-money.ts';
import { envelope, renderAdmin, SIGNED_IN, stubApi } from '../common/test-helpers.tsx';

afterEach(() => {
  vi.restoreAllMocks();
});

const DASHBOARD: Dashboard = {
  totalCompetitions: 1,
  totalCategories: 1,
  activeCompetitions: 1,
  participants: 3,
  pendingReviews: 3,
  monthlyGrowthPercent: null,
  revenue: 499,
  recentCompetitions: [],
  upcomingCompetitions: [],
  recentSubmissions: [],
  paidTwice: [],
  likelyDuplicates: { total: 0, groups: [] },
};

const day = (date: string, figures: Partial<MoneyDay> = {}): MoneyDay => ({
  date,
  closing: false,
  entries: 0,
  awaitingPayment: 0,
  gross: 0,
  discounts: 0,
  refunds: 0,
  net: 0,
  ...figures,
});
const ahead = (date: string, closing = false): MoneyDay => ({
  date,
  closing,
  entries: null,
  awaitingPayment: null,
  gross: null,
  discounts: null,
  refunds: null,
  net: null,
});

const MONEY: DashboardMoney = {
  timeZone: 'Asia/Kolkata',
  today: '2026-11-11',
  competitions: [
    {
      id: '00000000-0000-4000-8000-000000000001',
      title: 'Monsoon Colours',
      startDate: '2026-11-09',
      closingDate: '2026-11-13',
      daysLeftOut: false,
      days: [
        day('2026-11-09', { entries: 1, gross: 499, net: 499 }),
        day('2026-11-10', { entries: 2, awaitingPayment: 1, gross: 998, discounts: 100, net: 898 }),
        day('2026-11-11', { refunds: 499, net: -499 }),
        ahead('2026-11-12'),
        ahead('2026-11-13', true),
      ],
      totals: {
        entries: 3,
        awaitingPayment: 1,
        gross: 1497,
        discounts: 100,
        refunds: 499,
        net: 898,
      },
    },
  ],
};

async function renderMoney(money: DashboardMoney = MONEY) {
  stubApi({
    'GET /api/auth/session': SIGNED_IN,
    'GET /api/admin/dashboard': { status: 200, body: DASHBOARD },
    'GET /api/admin/dashboard/money': { status: 200, body: money },
  });
  renderAdmin('/admin/dashboard');
  return screen.findByRole('article', { name: 'Monsoon Colours' });
}

describe('the dashboard’s entries and money', () => {
  it('draws each chart as an image whose text alternative sums it up', async () => {
    const card = await renderMoney();
    expect(within(card).getByText('Closing date: 13 November 2026')).toBeTruthy();
    const [entries, money] = within(card).getAllByRole('img');
    expect(entries?.getAttribute('aria-label')).toBe(
      'Entries per day from 9 November 2026 to 13 November 2026, closing 13 November 2026: 3 entries received and 1 awaiting payment. The busiest day was 10 November 2026, with 3. Days after today are empty.',
    );
    expect(money?.getAttribute('aria-label')).toBe(
      'Gross before discounts ₹1,497, discounts ₹100, refunds ₹499, net ₹898.',
    );
    // Days after today draw no bar; the closing date is marked.
    expect(entries?.querySelectorAll('rect[height]:not([height="0"])')).toHaveLength(3);
    expect(within(entries as HTMLElement).getByText('Closes')).toBeTruthy();
  });

  it('shows the same figures as tables, each reached from the keyboard', async () => {
    const card = await renderMoney();
    const user = userEvent.setup();
    const show = within(card).getByText('of entries per day, Monsoon Colours', { exact: false });
    const summary = show.closest('summary') as HTMLElement;
    // The disclosure is the next stop after the CSV link for the keyboard (the charts are images).
    screen.getByRole('link', { name: 'Download CSV' }).focus();
    await user.tab();
    expect(document.activeElement).toBe(summary);
    await user.click(summary);
    await waitFor(() => expect(summary.closest('details')?.open).toBe(true));
    const entries = within(card).getByRole('table', { name: 'Entries per day, Monsoon Colours' });
    const rows = within(entries)
      .getAllByRole('row')
      .map((row) => [...row.children].map((cell) => cell.textContent));
    // The days that have happened; the days to come are empty and not listed.
    expect(rows).toEqual([
      ['Date', 'Received', 'Awaiting payment'],
      ['9 November 2026', '1', '0'],
      ['10 November 2026', '2', '1'],
      ['11 November 2026', '0', '0'],
    ]);

    const moneySummary = within(card)
      .getByText('of gross, discounts, refunds and net, Monsoon Colours', { exact: false })
      .closest('summary') as HTMLElement;
    await user.click(moneySummary);
    const money = within(card).getByRole('table', {
      name: 'Gross, discounts, refunds and net, Monsoon Colours',
    });
    expect(
      within(money)
        .getAllByRole('row')
        .slice(1)
        .map((row) => [...row.children].map((cell) => cell.textContent)),
    ).toEqual([
      ['Gross, before discounts', '₹1,497'],
      ['Discounts (codes)', '₹100'],
      ['Refunds', '₹499'],
      ['Net, after discounts and refunds', '₹898'],
    ]);
  });

  it('marks the closing date in the table once it has come', async () => {
    const closed = structuredClone(MONEY);
    const competition = closed.competitions[0]!;
    competition.closingDate = '2026-11-10';
    competition.days = competition.days.slice(0, 3).map((d) => ({
      ...d,
      closing: d.date === '2026-11-10',
    }));
    const card = await renderMoney(closed);
    await userEvent.setup().click(within(card).getAllByText('Show table')[0]!);
    expect(
      within(card).getByRole('rowheader', { name: '10 November 2026 (closing date)' }),
    ).toBeTruthy();
  });

  it('offers the CSV, and draws bars that move only when motion is welcome', async () => {
    const card = await renderMoney();
    const link = screen.getByRole('link', { name: 'Download CSV' });
    expect(link.getAttribute('href')).toBe('/api/admin/dashboard/money.csv');
    expect(link.hasAttribute('download')).toBe(true);
    for (const element of card.querySelectorAll('svg [class*="transition"]')) {
      for (const name of element.getAttribute('class')?.split(' ') ?? []) {
        if (name.includes('transition')) expect(name).toMatch(/^motion-safe:/);
      }
    }
  });

  it('says so when the figures fail to load', async () => {
    stubApi({
      'GET /api/auth/session': SIGNED_IN,
      'GET /api/admin/dashboard': { status: 200, body: DASHBOARD },
      'GET /api/admin/dashboard/money': envelope(503, 'DATABASE_UNAVAILABLE', 'Try later.'),
    });
    renderAdmin('/admin/dashboard');
    const section = await screen.findByRole('region', { name: 'Entries and money' });
    expect((await within(section).findByRole('alert')).textContent).toBe('Try later.');
  });
});
