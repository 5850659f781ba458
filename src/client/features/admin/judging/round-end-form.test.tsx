import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminCompetitionOf } from '../competitions/competition-fixture.ts';
import { renderAdmin, SIGNED_IN, stubApi } from '../common/test-helpers.tsx';
import { roundDetailOf, roundOf } from './judging-fixture.ts';
import { ROUND_END_SAVED } from './round-end-form.tsx';

afterEach(() => {
  vi.restoreAllMocks();
});

const ROUND = '/api/admin/competitions/c1/rounds/r1';
const OPEN = { status: 'open' as const, openedAt: '2026-12-01T09:00:00.000Z' };

function stubRound(end: (body: unknown) => { status: number; body: unknown }) {
  const sent: unknown[] = [];
  stubApi({
    'GET /api/auth/session': SIGNED_IN,
    'GET /api/admin/competitions': { status: 200, body: [adminCompetitionOf()] },
    [`GET ${ROUND}`]: { status: 200, body: roundDetailOf() },
    [`PUT ${ROUND}/end`]: (body: unknown) => {
      sent.push(body);
      return end(body);
    },
  });
  renderAdmin('/admin/judging/c1/rounds/r1');
  return sent;
}

describe('a round’s end', () => {
  it('is set as a date and time in the site’s time zone, and the save is announced', async () => {
    const sent = stubRound(() => ({
      status: 200,
      body: roundOf({ ...OPEN, endsAt: '2026-12-20T12:31:00.000Z' }),
    }));
    const user = userEvent.setup();
    expect(await screen.findByText('No end set.')).toBeTruthy();
    const field = screen.getByLabelText('Round ends');
    expect(field.getAttribute('aria-describedby')).toBeTruthy();
    await user.type(field, '2026-12-20T18:00');
    await user.click(screen.getByRole('button', { name: 'Save end' }));
    expect(await screen.findByText(ROUND_END_SAVED)).toBeTruthy();
    // 18:00 in Kolkata, to the end of that minute.
    expect(sent).toEqual([{ endsAt: '2026-12-20T12:31:00.000Z' }]);
  });

  it('shows the server’s reason under the field', async () => {
    stubRound(() => ({
      status: 400,
      body: {
        error: {
          code: 'VALIDATION_ERROR',
          message: 'Some fields are not valid.',
          fields: { endsAt: 'The end must be later than now' },
        },
      },
    }));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Round ends'), '2020-01-01T10:00');
    await user.click(screen.getByRole('button', { name: 'Save end' }));
    expect(await screen.findByText('The end must be later than now')).toBeTruthy();
  });
});
