import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAdmin, SIGNED_IN, stubApi } from '../common/test-helpers.tsx';

function entry(n: number) {
  return {
    id: `e${n}`,
    actor: 'admin',
    action: n === 1 ? 'auth.sign-in' : 'admin_user.delete',
    entityType: n === 1 ? null : 'admin_user',
    entityId: n === 1 ? null : '0123456789abcdef',
    details: null,
    createdAt: '2026-11-21T09:30:00.000Z',
  };
}

describe('the audit log', () => {
  it('lists entries page by page, keeping the page in the URL', async () => {
    const calls = stubApi({
      'GET /api/auth/session': SIGNED_IN,
      'GET /api/admin/audit-log': (_body, url) => {
        const page = Number(url.searchParams.get('page'));
        return { status: 200, body: { page, pageSize: 1, total: 2, entries: [entry(page)] } };
      },
    });
    renderAdmin('/admin/audit-log');
    expect(await screen.findByText('Page 1 of 2')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Record' })).toBeTruthy();
    expect(screen.getByText('auth.sign-in')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Previous' }).hasAttribute('disabled')).toBe(true);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/admin/audit-log?page=2');
    expect(screen.getByText('01234567').getAttribute('title')).toBe('0123456789abcdef');
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
    expect(calls).toContain('GET /api/admin/audit-log?page=2');
  });
});
