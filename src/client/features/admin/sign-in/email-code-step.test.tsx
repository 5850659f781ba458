import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  DASHBOARD,
  envelope,
  renderAdmin,
  SIGNED_IN,
  SIGNED_OUT,
  stubApi,
} from '../common/test-helpers.tsx';
import { SIGN_IN_CODE_SENT } from './login-page.tsx';

const LOCKED = 'Too many failed sign-in attempts. Try again in 15 minutes.';

describe('signing in to a locked account with a code by e-mail', () => {
  it('offers the code once locked out, asks for it, and sends it with the password', async () => {
    const sent: unknown[] = [];
    const asked: unknown[] = [];
    stubApi({
      'GET /api/auth/session': SIGNED_OUT,
      'POST /api/auth/login': (body) => {
        sent.push(body);
        const { emailCode } = body as { emailCode?: string };
        if (!emailCode) return envelope(429, 'TOO_MANY_ATTEMPTS', LOCKED);
        return emailCode === '12345678'
          ? SIGNED_IN
          : envelope(401, 'INVALID_EMAIL_CODE', 'This code is not right.');
      },
      'POST /api/auth/sign-in-code': (body) => {
        asked.push(body);
        return { status: 202, body: { message: SIGN_IN_CODE_SENT } };
      },
      'GET /api/admin/dashboard': DASHBOARD,
    });
    renderAdmin('/admin');
    const user = userEvent.setup();
    expect(screen.queryByRole('button', { name: 'E-mail me a sign-in code' })).toBeNull();
    await user.type(await screen.findByLabelText('Username'), 'meera');
    await user.type(screen.getByLabelText('Password'), 'a long password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText(LOCKED)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'E-mail me a sign-in code' }));
    expect(asked).toEqual([{ username: 'meera' }]);
    expect(await screen.findByText(SIGN_IN_CODE_SENT)).toBeTruthy();
    const code = screen.getByLabelText('Code from the e-mail');
    expect(document.activeElement).toBe(code);
    await user.type(code, '00000000');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('This code is not right.')).toBeTruthy();

    await user.clear(code);
    await user.type(code, '12345678');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByTestId('location');
    expect(sent.at(-1)).toEqual({
      username: 'meera',
      password: 'a long password',
      emailCode: '12345678',
    });
  });
});
