import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { envelope, stubApi } from '../admin/common/test-helpers.tsx';
import { LINK_INCOMPLETE, PASSWORD_SET } from './invitation-page.tsx';
import { aRound, currentLocation, JUROR_SIGNED_IN, renderJury } from './jury-test-helpers.tsx';

const TOKEN = 'A'.repeat(43);
const LOOKUP = 'POST /api/juror-invitations/lookup';
const WELCOME = { status: 200, body: { name: 'Asha Rao', username: 'asha' } };
const GONE =
  'This invitation link has expired or has already been used. Ask the art space for a new one.';

const errorOf = (label: string) => {
  const input = screen.getByLabelText(label);
  return (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent);
};

describe('the invitation link', () => {
  it('welcomes the juror, sets their password with the admin’s rules, and they are signed in', async () => {
    const sent: unknown[] = [];
    const looked: unknown[] = [];
    const calls = stubApi({
      [LOOKUP]: (body) => {
        looked.push(body);
        return WELCOME;
      },
      'POST /api/juror-invitations/accept': (body) => {
        sent.push(body);
        return { status: 204 };
      },
      // The accept's answer set the session cookie: the jury area finds the juror signed in.
      'GET /api/auth/session': JUROR_SIGNED_IN,
      'GET /api/jury/rounds': { status: 200, body: [aRound({ done: 0, assigned: 8 })] },
    });
    renderJury(`/jury/invitation#${TOKEN}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome, Asha Rao' }),
    ).toBeTruthy();
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('asha');

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.type(screen.getByLabelText('Confirm password'), 'other');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(errorOf('Password')).toContain('Password must be at least 12 characters');
    expect(errorOf('Confirm password')).toContain('The passwords do not match');

    await user.clear(screen.getByLabelText('Password'));
    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Password'), 'a good long password');
    await user.type(screen.getByLabelText('Confirm password'), 'a good long password');
    // No session is asked for on this page.
    expect(calls.some((call) => call.includes('/api/auth/session'))).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Set password' }));

    // Signed in by it: straight to the rounds, no second sign-in, the round's own progress.
    const rounds = await screen.findByRole('heading', { level: 1, name: 'Your rounds' });
    // Focus follows the new page once it has drawn (an effect): at load it comes after the heading.
    await waitFor(() => expect(document.activeElement).toBe(rounds));
    expect(currentLocation()).toBe('/jury');
    expect(await screen.findByText(PASSWORD_SET)).toBeTruthy();
    expect(await screen.findByText('0 of 8 scored')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /sign-in|Login/i })).toBeNull();
    expect(looked).toEqual([{ token: TOKEN }]);
    expect(sent).toEqual([{ token: TOKEN, password: 'a good long password' }]);
    // The token never appears in an address the browser asks for.
    expect(calls.some((call) => call.includes(TOKEN))).toBe(false);
  });

  it('shows the server’s message for a used or expired link', async () => {
    stubApi({ [LOOKUP]: envelope(410, 'INVITATION_INVALID', GONE) });
    renderJury(`/jury/invitation#${TOKEN}`);
    expect((await screen.findByText(GONE)).getAttribute('role')).toBe('alert');
    expect(screen.queryByLabelText('Password')).toBeNull();
    // A juror who chose a password already is pointed to the jury's sign-in.
    expect(screen.getByRole('link', { name: 'Jury sign-in' }).getAttribute('href')).toBe(
      '/jury/sign-in',
    );
  });

  it('shows the server’s refusals of the password under it, and a link gone meanwhile above', async () => {
    let answer = envelope(400, 'VALIDATION_ERROR', 'Some fields are not valid.', {
      password: 'Password must not be the username',
    });
    stubApi({
      [LOOKUP]: WELCOME,
      'POST /api/juror-invitations/accept': () => answer,
    });
    renderJury(`/jury/invitation#${TOKEN}`);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Password'), 'a good long password');
    await user.type(screen.getByLabelText('Confirm password'), 'a good long password');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('Password must not be the username')).toBeTruthy();
    expect(errorOf('Password')).toContain('Password must not be the username');

    answer = envelope(410, 'INVITATION_INVALID', GONE);
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect((await screen.findByText(GONE)).getAttribute('role')).toBe('alert');
  });

  it('says so when the link has no token', async () => {
    const calls = stubApi({});
    renderJury('/jury/invitation');
    expect((await screen.findByText(LINK_INCOMPLETE)).getAttribute('role')).toBe('alert');
    expect(calls).toEqual([]);
  });
});
