import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import type { AdminVotes } from '../../../../shared/schemas/votes.ts';
import { adminCompetitionOf } from '../competitions/competition-fixture.ts';
import { renderAdmin, SIGNED_IN, stubApi } from '../common/test-helpers.tsx';

const VOTES = '/api/admin/competitions/c1/votes';
const ids = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `v${from + i}`);

function votesOf(overrides: Partial<AdminVotes> = {}): AdminVotes {
  return {
    voting: {
      opensAt: '2026-12-01T00:00:00.000Z',
      closesAt: '2026-12-10T00:00:00.000Z',
      open: false,
      closed: true,
      votesPerVisitor: 1,
    },
    counted: 7,
    voided: 0,
    perHour: [{ hour: '2026-12-02T10:00:00Z', votes: 7 }],
    works: [
      { workId: 'w1', votes: 5 },
      { workId: 'w2', votes: 2 },
    ],
    clusters: [{ kind: 'address', key: 'abc123def456', voteIds: ids(5) }],
    votes: ids(7).map((id, i) => ({
      id,
      workId: i < 5 ? 'w1' : 'w2',
      email: `fan${i}@example.com`,
      domain: 'example.com',
      addressTag: i < 5 ? 'abc123def456' : `tag${i}`,
      castAt: '2026-12-02T10:00:00.000Z',
      voidedAt: null,
      voidReason: null,
    })),
    award: null,
    titles: { w1: 'Wet Tin Roofs', w2: 'Terrace Garden' },
    ...overrides,
  };
}

describe('the admin’s Votes screen', () => {
  it('shows the counts and a cluster, voids it with a reason, and gives the award', async () => {
    const sent: Record<string, unknown[]> = { void: [], award: [] };
    let current = votesOf();
    stubApi({
      'GET /api/auth/session': SIGNED_IN,
      'GET /api/admin/competitions': { status: 200, body: [adminCompetitionOf()] },
      [`GET ${VOTES}`]: () => ({ status: 200, body: current }),
      [`POST ${VOTES}/void`]: (body) => {
        sent.void!.push(body);
        current = votesOf({ counted: 2, voided: 5, clusters: [] });
        return { status: 200, body: { voided: 5 } };
      },
      [`POST ${VOTES}/peoples-choice`]: (body) => {
        sent.award!.push(body);
        current = votesOf({ award: { workIds: ['w1'] } });
        return {
          status: 200,
          body: {
            workIds: ['w1'],
            votes: 5,
            skipped: [{ workId: 'w2', votes: 7, reason: 'holds First' }],
            certificatesIssued: 1,
          },
        };
      },
    });
    const { container } = renderAdmin('/admin/votes/c1');
    const user = userEvent.setup();
    const perWork = await screen.findByRole('table', { name: 'Counted votes per work' });
    expect(within(perWork).getByText('Wet Tin Roofs')).toBeTruthy();
    expect((await axe.run(container)).violations).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Void these votes' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Void votes' }));
    expect(await within(dialog).findByText('Say why these votes are voided')).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/^Reason/), 'One connection');
    await user.click(within(dialog).getByRole('button', { name: 'Void votes' }));
    await waitFor(() => expect(sent.void).toEqual([{ voteIds: ids(5), reason: 'One connection' }]));
    expect(await screen.findByText('5 votes voided.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Give the People’s Choice award' }));
    expect(
      await screen.findByText(
        'People’s Choice given to Wet Tin Roofs (5 votes); 1 certificate issued. Passed over: Terrace Garden (7 votes, holds First).',
      ),
    ).toBeTruthy();
  });
});
