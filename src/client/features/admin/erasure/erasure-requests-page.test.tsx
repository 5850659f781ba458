import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminErasureRequest } from '../../../../shared/schemas/personal-data.ts';
import { envelope, renderAdmin, SIGNED_IN, stubApi } from '../common/test-helpers.tsx';

afterEach(() => {
  vi.restoreAllMocks();
});

const PATH = '/api/admin/erasure-requests';
const SCREEN = '/admin/submissions/erasure-requests';

const waiting: AdminErasureRequest = {
  id: 'r1',
  email: 'meera@example.com',
  requestedAt: '2026-11-29T06:00:00.000Z',
  dueAt: '2026-12-29T06:00:00.000Z',
  completedAt: null,
  entries: null,
};

function stubRequests(complete: () => { status: number; body?: unknown }) {
  let list = [waiting];
  return stubApi({
    'GET /api/auth/session': SIGNED_IN,
    [`GET ${PATH}`]: () => ({ status: 200, body: { requests: list } }),
    [`POST ${PATH}/r1/complete`]: () => {
      const answer = complete();
      if (answer.status === 200) list = [answer.body as AdminErasureRequest];
      return answer;
    },
  });
}

describe('the Erasure requests screen', () => {
  it('lists each request with its address and deadline, and completes it once confirmed', async () => {
    const calls = stubRequests(() => ({
      status: 200,
      body: { ...waiting, email: '', completedAt: '2026-12-01T06:00:00.000Z', entries: 3 },
    }));
    renderAdmin(SCREEN);
    const table = await screen.findByRole('table', { name: 'Erasure requests' });
    const row = within(table).getByRole('row', { name: /meera@example.com/ });
    expect(row.textContent).toContain('29 Dec 2026');
    const user = userEvent.setup();
    await user.click(
      within(row).getByRole('button', { name: 'Complete erasure of meera@example.com' }),
    );
    const dialog = within(screen.getByRole('dialog', { name: 'Complete this erasure?' }));
    expect(calls).not.toContain(`POST ${PATH}/r1/complete`);
    await user.click(dialog.getByRole('button', { name: 'Complete erasure' }));
    expect(await screen.findByText('Completed on 1 Dec 2026 (3 entries)')).toBeTruthy();
    expect(screen.queryByText('meera@example.com', { selector: 'td' })).toBeNull();
    expect(calls.filter((call) => call === `POST ${PATH}/r1/complete`)).toHaveLength(1);
  });

  it('says why it could not complete, in the dialog', async () => {
    stubRequests(() =>
      envelope(409, 'ERASURE_COMPLETED', 'This erasure request has already been completed.'),
    );
    renderAdmin(SCREEN);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Complete erasure of/ }));
    const dialog = within(screen.getByRole('dialog', { name: 'Complete this erasure?' }));
    await user.click(dialog.getByRole('button', { name: 'Complete erasure' }));
    expect((await dialog.findByRole('alert')).textContent).toContain(
      'This erasure request has already been completed.',
    );
  });
});
