import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type Answer, envelope, renderAdmin, SIGNED_IN, stubApi } from '../common/test-helpers.tsx';

const USERS: Answer = {
  status: 200,
  body: [
    { id: 'u1', username: 'admin', twoFactor: false, createdAt: '2026-01-02T00:00:00Z' },
    { id: 'u2', username: 'bob', twoFactor: true, createdAt: '2026-02-03T00:00:00Z' },
  ],
};
const SECURITY: Answer = {
  status: 200,
  body: { requireTwoFactor: false, sessionIdleMinutes: 120, sessionAbsoluteHours: 12 },
};
const CODES = Array.from({ length: 10 }, (_, i) => `code${i}-abcde`);
const MY_PASSWORD = 'correct horse battery staple';
const WRONG_PASSWORD = 'The current password is not right.';
const ENABLE = 'POST /api/admin/account/two-factor/enable';

function stubAccount(extra: Parameters<typeof stubApi>[0] = {}) {
  let enabled = false;
  /** Every body the set-up form sent to the enable route. */
  const enableBodies: unknown[] = [];
  const calls = stubApi({
    'GET /api/auth/session': SIGNED_IN,
    'GET /api/admin/account': { status: 200, body: { email: null } },
    'GET /api/admin/account/two-factor': () => ({
      status: 200,
      body: { enabled, recoveryCodesLeft: enabled ? 10 : 0, required: false },
    }),
    'POST /api/admin/account/two-factor/setup': {
      status: 200,
      body: {
        secret: 'JBSWY3DPEHPK3PXP',
        otpauthUrl: 'otpauth://totp/x',
        qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
      },
    },
    [ENABLE]: (body) => {
      enableBodies.push(body);
      // As the server: both fields, nothing else, then the password before the code.
      const { code, password, ...rest } = (body ?? {}) as Record<string, unknown>;
      if (typeof code !== 'string' || typeof password !== 'string' || Object.keys(rest).length) {
        return envelope(400, 'VALIDATION_ERROR', 'Some fields are not valid.', {
          body: 'Expected { code, password }',
        });
      }
      if (password !== MY_PASSWORD) {
        return envelope(400, 'VALIDATION_ERROR', WRONG_PASSWORD, { password: WRONG_PASSWORD });
      }
      if (code !== '123456') {
        return envelope(400, 'VALIDATION_ERROR', 'That code is not right', {
          code: 'That code is not right',
        });
      }
      enabled = true;
      return { status: 200, body: { recoveryCodes: CODES } };
    },
    'GET /api/admin/users': USERS,
    'GET /api/admin/security-settings': SECURITY,
    ...extra,
  });
  renderAdmin('/admin/account');
  return { calls, enableBodies };
}

const section = (name: string) => screen.findByRole('region', { name });

/** Opens the set-up form of the two-factor section; returns the section. */
async function startSetup(user: ReturnType<typeof userEvent.setup>) {
  const twoFactor = await section('Two-factor authentication');
  await user.click(await within(twoFactor).findByRole('button', { name: 'Turn on two-factor' }));
  await within(twoFactor).findByRole('img', { name: 'QR code for your authenticator app' });
  return twoFactor;
}

describe('the account page', () => {
  it('turns on two-factor with a first code and the password, and shows the recovery codes once', async () => {
    const { calls, enableBodies } = stubAccount();
    const user = userEvent.setup();
    const twoFactor = await startSetup(user);

    const qr = within(twoFactor).getByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(within(twoFactor).getByText('JBSW Y3DP EHPK 3PXP')).toBeTruthy();
    const code = within(twoFactor).getByLabelText('Authentication code');
    const password = within(twoFactor).getByLabelText('Your password');
    expect(password.getAttribute('type')).toBe('password');
    expect(password.getAttribute('autocomplete')).toBe('current-password');
    const confirm = () => user.click(within(twoFactor).getByRole('button', { name: 'Confirm' }));

    // A short code is caught in the browser.
    await user.type(code, '12');
    await user.type(password, MY_PASSWORD);
    await confirm();
    expect(
      within(twoFactor).getByText('Enter the 6-digit code from your authenticator app'),
    ).toBeTruthy();
    expect(password.getAttribute('aria-invalid')).toBeNull();
    expect(calls).not.toContain(ENABLE);

    // A wrong code: the server's error, on the code.
    await user.clear(code);
    await user.type(code, '654321');
    await confirm();
    expect(await within(twoFactor).findByText('That code is not right')).toBeTruthy();
    expect(code.getAttribute('aria-invalid')).toBe('true');

    // A wrong password: the server's error, on the password.
    await user.clear(code);
    await user.type(code, '123456');
    await user.clear(password);
    await user.type(password, 'not my password');
    await confirm();
    expect(await within(twoFactor).findByText(WRONG_PASSWORD)).toBeTruthy();
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(within(twoFactor).queryByRole('list')).toBeNull();

    // The code as the app shows it, with a space, and the right password.
    await user.clear(code);
    await user.type(code, '123 456');
    await user.clear(password);
    await user.type(password, MY_PASSWORD);
    await confirm();
    const list = await within(twoFactor).findByRole('list');
    expect(enableBodies).toEqual([
      { code: '654321', password: MY_PASSWORD },
      { code: '123456', password: 'not my password' },
      { code: '123456', password: MY_PASSWORD },
    ]);
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(calls.filter((c) => c === 'GET /api/auth/session')).toHaveLength(2);

    await user.click(within(twoFactor).getByRole('button', { name: 'I have saved these codes' }));
    expect(await within(twoFactor).findByText('10 recovery codes left')).toBeTruthy();
    expect(within(twoFactor).queryByText(CODES[0] ?? '')).toBeNull();
    expect(within(twoFactor).getByRole('button', { name: 'Turn off two-factor' })).toBeTruthy();
  });

  it('the admins table shows two-factor on at once after the admin turns it on', async () => {
    // The table used to keep its first answer until the page was loaded again.
    let on = false;
    stubAccount({
      'GET /api/admin/account/two-factor': () => ({
        status: 200,
        body: { enabled: on, recoveryCodesLeft: on ? 10 : 0, required: false },
      }),
      [ENABLE]: () => {
        on = true;
        return { status: 200, body: { recoveryCodes: CODES } };
      },
      'GET /api/admin/users': () => ({
        status: 200,
        body: [{ id: 'u1', username: 'admin', twoFactor: on, createdAt: '2026-01-02T00:00:00Z' }],
      }),
    });
    const user = userEvent.setup();
    const admins = await section('Admins');
    const row = async () =>
      within(await within(admins).findByRole('table', { name: 'Admin accounts' }))
        .getAllByRole('row')
        .find((r) => r.textContent?.includes('admin'));
    await within(admins).findByText('Off');
    expect((await row())?.textContent).toContain('Off');

    const twoFactor = await startSetup(user);
    await user.type(within(twoFactor).getByLabelText('Authentication code'), '123456');
    await user.type(within(twoFactor).getByLabelText('Your password'), MY_PASSWORD);
    await user.click(within(twoFactor).getByRole('button', { name: 'Confirm' }));
    await within(twoFactor).findByRole('list');
    expect(await within(admins).findByText('On')).toBeTruthy();
    expect(within(admins).queryByText('Off')).toBeNull();
  });

  it('asks for the password before turning on two-factor, without sending anything', async () => {
    const { calls, enableBodies } = stubAccount();
    const user = userEvent.setup();
    const twoFactor = await startSetup(user);
    const code = within(twoFactor).getByLabelText('Authentication code');
    const password = within(twoFactor).getByLabelText('Your password');
    await user.type(code, '123456');
    await user.click(within(twoFactor).getByRole('button', { name: 'Confirm' }));

    expect(await within(twoFactor).findByText('Password is required')).toBeTruthy();
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(code.getAttribute('aria-invalid')).toBeNull();
    expect(calls).not.toContain(ENABLE);
    expect(enableBodies).toEqual([]);

    // Typed in, it goes.
    await user.type(password, MY_PASSWORD);
    await user.click(within(twoFactor).getByRole('button', { name: 'Confirm' }));
    expect(await within(twoFactor).findByRole('list')).toBeTruthy();
    expect(enableBodies).toEqual([{ code: '123456', password: MY_PASSWORD }]);
  });

  it('asks before removing an admin and shows why the last one stays', async () => {
    stubAccount({
      'DELETE /api/admin/users/u2': envelope(
        409,
        'LAST_ADMIN',
        'The last admin cannot be removed.',
      ),
    });
    const user = userEvent.setup();
    const admins = await section('Admins');
    await user.click(await within(admins).findByRole('button', { name: 'Remove bob' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove bob' });
    expect(within(dialog).getByText('Are you sure you want to remove this admin?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(
      (await within(dialog).findByText('The last admin cannot be removed.')).getAttribute('role'),
    ).toBe('alert');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('checks a new password in the browser and shows the server’s field errors', async () => {
    stubAccount({
      'POST /api/admin/account/password': envelope(
        400,
        'VALIDATION_ERROR',
        'The current password is not right',
        { currentPassword: 'The current password is not right' },
      ),
    });
    const user = userEvent.setup();
    const form = await section('Change password');
    expect(within(form).getByText('At least 12 characters, not your username')).toBeTruthy();
    await user.type(within(form).getByLabelText('Current password'), 'old password');
    await user.type(within(form).getByLabelText('New password'), 'short');
    await user.type(within(form).getByLabelText('Confirm new password'), 'shorter');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(within(form).getByText('Password must be at least 12 characters')).toBeTruthy();
    expect(within(form).getByText('The passwords do not match')).toBeTruthy();

    await user.clear(within(form).getByLabelText('New password'));
    await user.type(within(form).getByLabelText('New password'), 'a much longer password');
    await user.clear(within(form).getByLabelText('Confirm new password'));
    await user.type(within(form).getByLabelText('Confirm new password'), 'a much longer password');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText('The current password is not right')).toBeTruthy();
    expect(within(form).getByLabelText('Current password').getAttribute('aria-invalid')).toBe(
      'true',
    );
  });

  it('saves the security settings and shows a refusal', async () => {
    let saved: unknown;
    stubAccount({
      'PUT /api/admin/security-settings': (body) => {
        saved = body;
        return envelope(409, 'OWN_TWO_FACTOR_REQUIRED', 'Turn on your own two-factor first.');
      },
    });
    const user = userEvent.setup();
    const form = await section('Security settings');
    const idle = await within(form).findByLabelText('Sign out after inactivity (minutes)');
    await user.clear(idle);
    await user.type(idle, '2');
    await user.click(within(form).getByRole('button', { name: 'Save security settings' }));
    expect(within(form).getByText('At least 5 minutes')).toBeTruthy();

    await user.clear(idle);
    await user.type(idle, '30');
    await user.click(within(form).getByLabelText('Require two-factor for every admin'));
    await user.click(within(form).getByRole('button', { name: 'Save security settings' }));
    expect(await within(form).findByText('Turn on your own two-factor first.')).toBeTruthy();
    expect(saved).toEqual({
      requireTwoFactor: true,
      sessionIdleMinutes: 30,
      sessionAbsoluteHours: 12,
    });
  });
});
