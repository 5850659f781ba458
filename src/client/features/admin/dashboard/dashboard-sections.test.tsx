import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Dashboard } from '../../../../shared/schemas/admin.ts';
import { renderAdmin, SIGNED_IN, stubApi } from '../common/test-helpers.tsx';

afterEach(() => {
  vi.restoreAllMocks();
});

function dashboardOf(overrides: Partial<Dashboard> = {}): Dashboard {
  return {
    totalCompetitions: 3,
    totalCategories: 2,
    activeCompetitions: 1,
    participants: 40,
    pendingReviews: 5,
    monthlyGrowthPercent: 25,
    revenue: 125000,
    recentCompetitions: [],
    upcomingCompetitions: [],
    recentSubmissions: [
      entryOf(1, 'Meera Iyer', 'received'),
      entryOf(2, 'Arjun Rao', 'pending'),
      entryOf(3, 'Tara Sen', 'free'),
      entryOf(4, 'Kabir Das', 'refunded'),
    ],
    paidTwice: [],
    likelyDuplicates: { total: 0, groups: [] },
    ...overrides,
  };
}

function entryOf(
  n: number,
  fullName: string,
  paymentState: Dashboard['recentSubmissions'][number]['paymentState'],
) {
  return {
    id: `00000000-0000-4000-8000-00000000000${n}`,
    reference: `WS-2026-00000${n}`,
    fullName,
    competitionTitle: 'Monsoon Colours',
    createdAt: '2026-11-21T09:30:00.000Z',
    paymentState,
  };
}

async function renderDashboard(dashboard: Dashboard) {
  stubApi({
    'GET /api/auth/session': SIGNED_IN,
    'GET /api/admin/dashboard': { status: 200, body: dashboard },
    'GET /api/admin/dashboard/money': {
      status: 200,
      body: { timeZone: 'Asia/Kolkata', today: '2026-11-21', competitions: [] },
    },
  });
  renderAdmin('/admin/dashboard');
  await screen.findByRole('region', { name: 'Recent Submissions' });
}

const section = (name: string) => screen.getByRole('region', { name });
const itemsOf = (region: HTMLElement) => within(region).queryAllByRole('listitem');

describe('the dashboard’s entries', () => {
  it('lists the recent submissions, each linking to its page, with its payment state in words', async () => {
    await renderDashboard(dashboardOf());
    const items = itemsOf(section('Recent Submissions'));
    expect(items).toHaveLength(4);
    expect(
      items.map((item) => {
        const link = within(item).getByRole('link');
        return [link.textContent, link.getAttribute('href')];
      }),
    ).toEqual([
      ['WS-2026-000001', '/admin/submissions/00000000-0000-4000-8000-000000000001'],
      ['WS-2026-000002', '/admin/submissions/00000000-0000-4000-8000-000000000002'],
      ['WS-2026-000003', '/admin/submissions/00000000-0000-4000-8000-000000000003'],
      ['WS-2026-000004', '/admin/submissions/00000000-0000-4000-8000-000000000004'],
    ]);
    expect(items.map((item) => item.lastElementChild?.textContent)).toEqual([
      'Payment Received',
      'Payment Pending',
      'Free Entry',
      'Refunded',
    ]);
    expect(items[0]!.textContent).toContain('Meera Iyer');
    expect(items[0]!.textContent).toMatch(/Monsoon Colours · \d{1,2} Nov 2026/);
  });

  it('says when there are no submissions yet', async () => {
    await renderDashboard(dashboardOf({ recentSubmissions: [] }));
    const recent = section('Recent Submissions');
    expect(within(recent).getByText('No submissions yet.')).toBeTruthy();
    expect(itemsOf(recent)).toEqual([]);
  });

  it('shows the entries paid twice, each linking to its page, only when there are some', async () => {
    await renderDashboard(
      dashboardOf({
        paidTwice: [
          {
            id: 'aaaaaaaa-0000-4000-8000-000000000009',
            reference: 'WS-2026-000009',
            fullName: 'Nikhil Bose',
            competitionTitle: 'Winter Lights',
          },
        ],
      }),
    );
    const paidTwice = section('Paid twice: refund one payment');
    expect(
      within(paidTwice).getByText(
        'These entries have two received payments. Open each one and refund the extra payment.',
      ),
    ).toBeTruthy();
    const [item, ...others] = itemsOf(paidTwice);
    expect(others).toEqual([]);
    expect(within(item!).getByRole('link', { name: 'WS-2026-000009' }).getAttribute('href')).toBe(
      '/admin/submissions/aaaaaaaa-0000-4000-8000-000000000009',
    );
    expect(item!.textContent).toBe('WS-2026-000009 Nikhil BoseWinter Lights');
    // The section comes before the recent submissions.
    expect(
      paidTwice.compareDocumentPosition(section('Recent Submissions')) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('leaves the paid-twice section out when there are none', async () => {
    await renderDashboard(dashboardOf({ paidTwice: [] }));
    expect(screen.queryByRole('region', { name: 'Paid twice: refund one payment' })).toBeNull();
    expect(screen.queryByText(/two received payments/)).toBeNull();
  });

  it('lists the possible duplicate entries, each group linking to the review showing it', async () => {
    const competition = '3b1f7c2e-8d4a-4e6b-9c0d-1a2b3c4d5e6f';
    await renderDashboard(
      dashboardOf({
        likelyDuplicates: {
          total: 3,
          groups: [
            {
              competitionId: competition,
              competitionTitle: 'Monsoon Colours',
              email: 'meera@example.com',
              entries: 3,
              unpaid: 2,
            },
            {
              competitionId: competition,
              competitionTitle: 'Monsoon Colours',
              email: 'ravi+art@mail.test',
              entries: 2,
              unpaid: 1,
            },
          ],
        },
      }),
    );
    const duplicates = section('Possible duplicate entries');
    expect(duplicates.querySelector('p')?.textContent).toBe(
      '3 e-mail addresses have more than one entry in a competition, at least one unpaid. Open each one, keep the right entry and delete the others.',
    );
    expect(
      itemsOf(duplicates).map((item) => {
        const link = within(item).getByRole('link');
        return [link.textContent, link.getAttribute('href'), item.lastElementChild?.textContent];
      }),
    ).toEqual([
      [
        'meera@example.com',
        `/admin/submissions?competition=${competition}&q=meera%40example.com&duplicates=only`,
        'Monsoon Colours · 3 entries, 2 unpaid',
      ],
      [
        'ravi+art@mail.test',
        `/admin/submissions?competition=${competition}&q=ravi%2Bart%40mail.test&duplicates=only`,
        'Monsoon Colours · 2 entries, 1 unpaid',
      ],
    ]);
    // Two of three listed: the rest are one link away.
    expect(
      within(duplicates)
        .getByRole('link', { name: 'See all 3 in the submissions' })
        .getAttribute('href'),
    ).toBe('/admin/submissions?duplicates=only');
  });

  it('leaves the duplicates section out when there are none', async () => {
    await renderDashboard(dashboardOf());
    expect(screen.queryByRole('region', { name: 'Possible duplicate entries' })).toBeNull();
  });
});
