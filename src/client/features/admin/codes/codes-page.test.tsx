import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminCode } from '../../../../shared/schemas/codes.ts';
import { envelope, renderAdmin, SIGNED_IN, stubApi } from '../common/test-helpers.tsx';

afterEach(() => {
  vi.restoreAllMocks();
});

const PATH = '/api/admin/codes';

function codeOf(overrides: Partial<AdminCode> = {}): AdminCode {
  return {
    id: 'code-1',
    code: 'WELCOME20',
    kind: 'percent',
    value: 20,
    competitionId: null,
    competitionTitle: null,
    maxUses: 10,
    expiresAt: null,
    active: true,
    createdBy: 'admin',
    createdAt: '2026-11-01T10:00:00.000Z',
    uses: [],
    ...overrides,
  };
}

function stubCodes(initial: AdminCode[], extra: Parameters<typeof stubApi>[0] = {}) {
  let list = [...initial];
  const bodies: unknown[] = [];
  const calls = stubApi({
    'GET /api/auth/session': SIGNED_IN,
    'GET /api/admin/competitions': { status: 200, body: [] },
    [`GET ${PATH}`]: () => ({ status: 200, body: list }),
    [`POST ${PATH}`]: (body) => {
      bodies.push(body);
      const created = codeOf({ id: 'code-2', code: 'SPRING', ...(body as object) });
      list = [created, ...list];
      return { status: 201, body: created };
    },
    [`POST ${PATH}/code-1/deactivate`]: () => {
      list = list.map((c) => (c.id === 'code-1' ? { ...c, active: false } : c));
      return { status: 200, body: list.find((c) => c.id === 'code-1') };
    },
    ...extra,
  });
  return { calls, bodies };
}

describe('the Codes screen', () => {
  it('lists each code with what it takes off, where, and its uses', async () => {
    stubCodes([
      codeOf({
        uses: [
          {
            reference: 'WS-2026-000007',
            email: 'meera@example.com',
            discount: 80,
            createdAt: '2026-11-02T10:00:00.000Z',
          },
        ],
      }),
      codeOf({
        id: 'code-3',
        code: 'FREEPASS',
        kind: 'waiver',
        value: 0,
        maxUses: null,
        competitionTitle: 'Monsoon Colours',
      }),
    ]);
    renderAdmin('/admin/codes');
    expect(await screen.findByRole('heading', { level: 1, name: 'Codes' })).toBeTruthy();
    const [first, second] = (await screen.findAllByRole('row')).slice(1);
    expect(within(first!).getByText('20% off')).toBeTruthy();
    expect(within(first!).getByText('All competitions')).toBeTruthy();
    expect(within(first!).getByText('uses of WELCOME20', { exact: false })).toBeTruthy();
    expect(within(first!).getByText('WS-2026-000007')).toBeTruthy();
    expect(within(first!).getByText(/meera@example\.com · ₹80 off/)).toBeTruthy();
    expect(within(second!).getByText('Fee waived')).toBeTruthy();
    expect(within(second!).getByText('Monsoon Colours')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Codes' })).toBeTruthy();
  });

  it('adds a code, and shows the server’s refusal under its field', async () => {
    let refuse = true;
    const { bodies } = stubCodes([], {
      [`POST ${PATH}`]: (body) => {
        bodies.push(body);
        if (refuse) {
          return envelope(400, 'VALIDATION_ERROR', 'Some fields are not valid.', {
            code: 'This code already exists',
          });
        }
        return { status: 201, body: codeOf({ id: 'code-2', code: 'SPRING' }) };
      },
    });
    const user = userEvent.setup();
    renderAdmin('/admin/codes');
    expect(await screen.findByText('No codes yet.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add Code' }));
    const form = screen.getByRole('dialog', { name: 'Add Code' });
    await user.type(within(form).getByLabelText(/^Code/), 'spring');
    await user.selectOptions(within(form).getByLabelText(/^Kind/), 'fixed');
    await user.type(within(form).getByLabelText(/^Amount off/), '150');
    await user.type(within(form).getByLabelText(/^Use limit/), '5');
    await user.click(within(form).getByRole('button', { name: 'Save Code' }));
    expect(await within(form).findByText('This code already exists')).toBeTruthy();
    expect(bodies[0]).toEqual({
      code: 'spring',
      kind: 'fixed',
      value: 150,
      competitionId: null,
      maxUses: 5,
      expiresAt: null,
    });
    refuse = false;
    await user.click(within(form).getByRole('button', { name: 'Save Code' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Code' })).toBeNull());
  });

  it('deactivates a code after asking', async () => {
    const { calls } = stubCodes([codeOf()]);
    const user = userEvent.setup();
    renderAdmin('/admin/codes');
    await user.click(await screen.findByRole('button', { name: 'Deactivate WELCOME20' }));
    const dialog = screen.getByRole('dialog', { name: 'Deactivate WELCOME20' });
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Deactivated')).toBeTruthy();
    expect(calls).toContain(`POST ${PATH}/code-1/deactivate`);
  });
});
