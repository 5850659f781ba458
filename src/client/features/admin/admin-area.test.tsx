import { act, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { SessionProvider } from './common/session.tsx';
import {
  type Answer,
  DASHBOARD,
  envelope,
  renderAdmin,
  SIGNED_IN,
  SIGNED_OUT,
  stubApi,
} from './common/test-helpers.tsx';
import LoginPage, { destinationAfterSignIn } from './sign-in/login-page.tsx';

const AUDIT_LOG: Answer = {
  status: 200,
  body: { page: 1, pageSize: 50, total: 0, entries: [] },
};
const location = () => screen.getByTestId('location').textContent;

describe('the admin shell', () => {
  it('shows the spinner while the session is checked, then sends a visitor to sign in and back', async () => {
    let answerSession: (answer: Answer) => void = () => {};
    const calls = stubApi({
      'GET /api/auth/session': () => new Promise<Answer>((resolve) => (answerSession = resolve)),
      'POST /api/auth/login': SIGNED_IN,
      'GET /api/admin/audit-log': AUDIT_LOG,
    });
    renderAdmin('/admin/audit-log?page=1');
    expect(screen.getByText('Loading…').closest('[role="status"]')).toBeTruthy();
    await act(async () => answerSession(SIGNED_OUT));

    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeTruthy();
    expect(location()).toBe('/admin');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'a long password');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('heading', { name: 'Audit Log' })).toBeTruthy();
    expect(location()).toBe('/admin/audit-log?page=1');
    expect(calls.filter((c) => c === 'GET /api/auth/session')).toHaveLength(1);
    expect(window.localStorage.length + window.sessionStorage.length).toBe(0);
  });

  it('checks both fields in the browser and shows the server’s refusal', async () => {
    stubApi({
      'GET /api/auth/session': SIGNED_OUT,
      'POST /api/auth/login': envelope(401, 'INVALID_CREDENTIALS', 'Invalid credentials'),
    });
    renderAdmin('/admin');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Login' }));
    const username = screen.getByLabelText('Username');
    expect(username.getAttribute('aria-invalid')).toBe('true');
    expect(
      document.getElementById(username.getAttribute('aria-describedby') ?? '')?.textContent,
    ).toBe('Username is required');
    expect(screen.getByText('Password is required')).toBeTruthy();

    await user.type(username, 'admin');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect((await screen.findByText('Invalid credentials')).getAttribute('role')).toBe('alert');
  });

  it('checks a field again as it changes after a submit, and starts over from the code step', async () => {
    stubApi({
      'GET /api/auth/session': SIGNED_OUT,
      'POST /api/auth/login': envelope(401, 'TWO_FACTOR_REQUIRED', 'Enter the 6-digit code.'),
    });
    renderAdmin('/admin');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Username is required')).toBeTruthy();
    const username = screen.getByLabelText('Username');
    expect(document.activeElement).toBe(username);
    await user.type(username, '  ');
    expect(screen.getByText('Username is required')).toBeTruthy();
    await user.type(username, 'admin');
    expect(screen.queryByText('Username is required')).toBeNull();
    expect(username.getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByText('Password is required')).toBeTruthy();

    await user.type(screen.getByLabelText('Password'), 'a long password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Signing in as admin')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the code')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Use a different account' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Username'));
    expect(screen.getByLabelText<HTMLInputElement>('Username').value).toBe('');
    expect(screen.getByLabelText<HTMLInputElement>('Password').value).toBe('');
    expect(screen.queryByText('Enter the code')).toBeNull();
  });

  it('asks for the admin area’s code once, when the sign-in form is first used', async () => {
    stubApi({ 'GET /api/auth/session': SIGNED_OUT });
    const onFirstUse = vi.fn();
    render(
      <MemoryRouter initialEntries={['/admin']}>
        <SessionProvider>
          <LoginPage onFirstUse={onFirstUse} />
        </SessionProvider>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeTruthy();
    expect(onFirstUse).not.toHaveBeenCalled();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'a long password');
    expect(onFirstUse).toHaveBeenCalledTimes(1);
  });

  it('asks for the two-factor code as a second step and sends all three again', async () => {
    const sent: unknown[] = [];
    stubApi({
      'GET /api/auth/session': SIGNED_OUT,
      'POST /api/auth/login': (body) => {
        sent.push(body);
        const { code } = body as { code?: string };
        if (!code) return envelope(401, 'TWO_FACTOR_REQUIRED', 'Enter the 6-digit code.');
        return code === '123456' ? SIGNED_IN : envelope(401, 'INVALID_CODE', 'Invalid code');
      },
      'GET /api/admin/dashboard': DASHBOARD,
    });
    renderAdmin('/admin');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Username'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'a long password');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    const code = await screen.findByLabelText('Authentication code');
    expect(document.activeElement).toBe(code);
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBeNull();
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByText('Invalid code')).getAttribute('role')).toBe('alert');

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(sent.at(-1)).toEqual({ username: 'admin', password: 'a long password', code: '123456' });
    expect(location()).toBe('/admin/dashboard');
  });

  it('sends a signed-in admin from /admin and unknown paths to the dashboard, and logs out', async () => {
    const calls = stubApi({
      'GET /api/auth/session': SIGNED_IN,
      'GET /api/admin/dashboard': DASHBOARD,
      'POST /api/auth/logout': { status: 204 },
    });
    renderAdmin('/admin/nowhere');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(location()).toBe('/admin/dashboard');
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    expect(nav.querySelector('[aria-current="page"]')?.textContent).toBe('Dashboard');
    expect(await screen.findByText('+25%')).toBeTruthy();
    expect(screen.getByText('₹1,25,000')).toBeTruthy();
    expect(screen.getByText('No upcoming competitions.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Spring Colours' }).getAttribute('href')).toBe(
      '/competition/c1',
    );

    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    const user = userEvent.setup();
    await user.click(menu);
    expect(menu.getAttribute('aria-expanded')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeTruthy();
    expect(location()).toBe('/admin');
    expect(calls).toContain('POST /api/auth/logout');
  });

  it('keeps an admin who must turn on two-factor on the account page', async () => {
    stubApi({
      'GET /api/auth/session': {
        status: 200,
        body: { ...(SIGNED_IN.body as object), twoFactorSetupRequired: true },
      },
      'GET /api/admin/account/two-factor': {
        status: 200,
        body: { enabled: false, recoveryCodesLeft: 0, required: true },
      },
    });
    renderAdmin('/admin/dashboard');
    expect(await screen.findByRole('heading', { name: 'Account' })).toBeTruthy();
    expect(location()).toBe('/admin/account');
    expect(screen.getByText(/Two-factor authentication is required for every admin/)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Change password' })).toBeNull();
    expect(await screen.findByRole('button', { name: 'Turn on two-factor' })).toBeTruthy();
  });

  it('sends an admin whose session expired back to sign in, remembering the page', async () => {
    let expired = false;
    stubApi({
      'GET /api/auth/session': SIGNED_IN,
      'GET /api/admin/audit-log': () => {
        if (expired) return AUDIT_LOG;
        expired = true;
        return SIGNED_OUT;
      },
      'POST /api/auth/login': SIGNED_IN,
    });
    renderAdmin('/admin/audit-log?page=3');
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeTruthy();
    expect(location()).toBe('/admin');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'a long password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('No activity recorded yet.')).toBeTruthy();
    expect(location()).toBe('/admin/audit-log?page=3');
  });

  it('shows the submissions screen under its seed heading', async () => {
    stubApi({
      'GET /api/auth/session': SIGNED_IN,
      'GET /api/admin/submissions': {
        status: 200,
        body: {
          items: [],
          nextCursor: null,
          counts: {
            status: { pending: 0, approved: 0, rejected: 0 },
            payment: { free: 0, paid: 0, pending: 0 },
          },
        },
      },
      'GET /api/admin/competitions': { status: 200, body: [] },
    });
    renderAdmin('/admin/submissions');
    expect(await screen.findByRole('heading', { name: 'Competition Submissions' })).toBeTruthy();
    expect(await screen.findByText('No submissions found matching your criteria.')).toBeTruthy();
  });
});

describe('destinationAfterSignIn', () => {
  it('returns to an admin page, never to sign-in itself or outside the admin area', () => {
    expect(destinationAfterSignIn({ from: '/admin/audit-log?page=2' })).toBe(
      '/admin/audit-log?page=2',
    );
    for (const state of [
      null,
      undefined,
      {},
      { from: '/admin' },
      { from: '/admin/' },
      { from: '/' },
      { from: 'https://evil.example/admin/' },
      { from: 42 },
    ]) {
      expect(destinationAfterSignIn(state)).toBe('/admin/dashboard');
    }
  });
});
