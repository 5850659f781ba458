import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import AdminEntry, { JurySignIn } from '../admin/admin-entry.tsx';
import { SIGNED_IN, SIGNED_OUT, stubApi } from '../admin/common/test-helpers.tsx';
import { destinationAfterSignIn } from '../admin/sign-in/login-page.tsx';
import {
  aRound,
  aWork,
  currentLocation,
  JUROR_SIGNED_IN,
  renderJury,
  workPath,
} from './jury-test-helpers.tsx';

describe('the jury area', () => {
  it('sends a visitor to sign in, and brings the juror back to the work they wanted', async () => {
    let signedIn = false;
    stubApi({
      'GET /api/auth/session': () => (signedIn ? JUROR_SIGNED_IN : SIGNED_OUT),
      'POST /api/auth/login': () => {
        signedIn = true;
        return JUROR_SIGNED_IN;
      },
      [`GET ${workPath('W013')}`]: { status: 200, body: aWork() },
    });
    renderJury('/jury/rounds/r1/works/W013', <AdminEntry />, <JurySignIn />);
    expect(await screen.findByRole('heading', { name: 'Jury sign-in' })).toBeTruthy();
    expect(currentLocation()).toBe('/jury/sign-in');
    expect(document.title).toMatch(/^Jury sign-in/);

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username'), 'asha');
    await user.type(screen.getByLabelText('Password'), 'a long password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Work W013' })).toBeTruthy();
    expect(currentLocation()).toBe('/jury/rounds/r1/works/W013');
  });

  it('sends a juror who signs in on /admin, or visits an admin page, to their rounds', async () => {
    stubApi({
      'GET /api/auth/session': JUROR_SIGNED_IN,
      'GET /api/jury/rounds': { status: 200, body: [aRound()] },
    });
    renderJury('/admin/dashboard', <AdminEntry />);
    expect(await screen.findByRole('heading', { name: 'Your rounds' })).toBeTruthy();
    expect(currentLocation()).toBe('/jury');
  });

  it('sends an admin to the admin area', async () => {
    stubApi({ 'GET /api/auth/session': SIGNED_IN });
    renderJury('/jury');
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeTruthy();
    expect(currentLocation()).toBe('/admin/dashboard');
  });

  it('signs the juror out, to the sign-in page', async () => {
    const calls = stubApi({
      'GET /api/auth/session': JUROR_SIGNED_IN,
      'GET /api/jury/rounds': { status: 200, body: [] },
      'POST /api/auth/logout': { status: 204 },
    });
    renderJury('/jury/unknown/page');
    await screen.findByRole('heading', { name: 'Your rounds' });
    expect(currentLocation()).toBe('/jury');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Jury sign-in' })).toBeTruthy();
    expect(currentLocation()).toBe('/jury/sign-in');
    expect(calls).toContain('POST /api/auth/logout');
  });
});

describe('destinationAfterSignIn, for a juror', () => {
  it('returns to a jury page, and otherwise goes to the juror’s rounds', () => {
    expect(destinationAfterSignIn({ from: '/jury/rounds/r1/works/W1' }, 'juror')).toBe(
      '/jury/rounds/r1/works/W1',
    );
    for (const state of [null, { from: '/admin/audit-log' }, { from: '/jury/' }, { from: '/' }]) {
      expect(destinationAfterSignIn(state, 'juror')).toBe('/jury');
    }
    expect(destinationAfterSignIn({ from: '/jury/rounds/r1/works/W1' }, 'admin')).toBe(
      '/admin/dashboard',
    );
  });
});
