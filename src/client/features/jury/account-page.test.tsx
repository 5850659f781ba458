import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { envelope, stubApi } from '../admin/common/test-helpers.tsx';
import { JUROR_SIGNED_IN, renderJury } from './jury-test-helpers.tsx';

const TF = '/api/jury/account/two-factor';
const CODES = Array.from({ length: 10 }, (_, i) => `code${i}-abcde`);
const MY_PASSWORD = 'a juror’s long password';

/** The juror's two-factor routes as the server answers them, starting with two-factor off. */
function stubJurorAccount() {
  let enabled = false;
  const enableBodies: unknown[] = [];
  const disableBodies: unknown[] = [];
  const calls = stubApi({
    'GET /api/auth/session': JUROR_SIGNED_IN,
    'GET /api/jury/rounds': { status: 200, body: [] },
    [`GET ${TF}`]: () => ({
      status: 200,
      body: { enabled, recoveryCodesLeft: enabled ? 10 : 0, required: false },
    }),
    [`POST ${TF}/setup`]: {
      status: 200,
      body: {
        secret: 'JBSWY3DPEHPK3PXP',
        otpauthUrl: 'otpauth://totp/x',
        qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
      },
    },
    [`POST ${TF}/enable`]: (body) => {
      enableBodies.push(body);
      const { code, password } = (body ?? {}) as Record<string, unknown>;
      if (password !== MY_PASSWORD) {
        const wrong = 'The current password is not right.';
        return envelope(400, 'VALIDATION_ERROR', wrong, { password: wrong });
      }
      if (code !== '123456') {
        return envelope(400, 'VALIDATION_ERROR', 'Wrong code', { code: 'Wrong code' });
      }
      enabled = true;
      return { status: 200, body: { recoveryCodes: CODES } };
    },
    [`POST ${TF}/disable`]: (body) => {
      disableBodies.push(body);
      enabled = false;
      return { status: 204 };
    },
  });
  return { calls, enableBodies, disableBodies };
}

describe('the juror’s account page', () => {
  it('is reached from the header’s Account link and turns two-factor on, showing the recovery codes once', async () => {
    const { calls, enableBodies } = stubJurorAccount();
    const user = userEvent.setup();
    renderJury('/jury');
    await screen.findByRole('heading', { level: 1, name: 'Your rounds' });
    const nav = screen.getByRole('navigation', { name: 'Jury' });
    const account = within(nav).getByRole('link', { name: 'Account' });
    expect(account.getAttribute('href')).toBe('/jury/account');
    await user.click(account);

    const heading = await screen.findByRole('heading', { level: 1, name: 'Account' });
    // Arriving from a link, the page's heading takes focus.
    expect(document.activeElement).toBe(heading);
    const twoFactor = await screen.findByRole('region', { name: 'Two-factor authentication' });
    expect(await within(twoFactor).findByText(/Two-factor is off/)).toBeTruthy();

    await user.click(within(twoFactor).getByRole('button', { name: 'Turn on two-factor' }));
    const qr = await within(twoFactor).findByRole('img', {
      name: 'QR code for your authenticator app',
    });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(within(twoFactor).getByText('JBSW Y3DP EHPK 3PXP')).toBeTruthy();
    await user.type(within(twoFactor).getByLabelText('Authentication code'), '123 456');
    await user.type(within(twoFactor).getByLabelText('Your password'), MY_PASSWORD);
    await user.click(within(twoFactor).getByRole('button', { name: 'Confirm' }));

    const list = await within(twoFactor).findByRole('list');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(enableBodies).toEqual([{ code: '123456', password: MY_PASSWORD }]);
    // The recovery codes' heading takes focus, so they are read out next.
    expect(document.activeElement).toBe(
      within(twoFactor).getByRole('heading', { name: 'Recovery Codes' }),
    );

    await user.click(within(twoFactor).getByRole('button', { name: 'I have saved these codes' }));
    expect(await within(twoFactor).findByText('10 recovery codes left')).toBeTruthy();
    expect(within(twoFactor).queryByText(CODES[0] ?? '')).toBeNull();
    // The admins' requirement is not the jurors': turning it off is offered.
    expect(within(twoFactor).queryByText(/required for every admin/)).toBeNull();
    expect(within(twoFactor).getByRole('button', { name: 'Turn off two-factor' })).toBeTruthy();

    // Everything went to the jury's own routes; the session was read again after the change.
    expect(calls.filter((call) => call.includes('/api/admin'))).toEqual([]);
    expect(calls).toContain(`POST ${TF}/setup`);
    expect(calls.filter((call) => call === 'GET /api/auth/session')).toHaveLength(2);
  });

  it('turns two-factor off with the password', async () => {
    const { disableBodies } = stubJurorAccount();
    const user = userEvent.setup();
    renderJury('/jury/account');
    const twoFactor = await screen.findByRole('region', { name: 'Two-factor authentication' });
    await user.click(await within(twoFactor).findByRole('button', { name: 'Turn on two-factor' }));
    await user.type(await within(twoFactor).findByLabelText('Authentication code'), '123456');
    await user.type(within(twoFactor).getByLabelText('Your password'), MY_PASSWORD);
    await user.click(within(twoFactor).getByRole('button', { name: 'Confirm' }));
    await user.click(
      await within(twoFactor).findByRole('button', { name: 'I have saved these codes' }),
    );

    await user.click(await within(twoFactor).findByRole('button', { name: 'Turn off two-factor' }));
    await user.type(within(twoFactor).getByLabelText('Your password'), MY_PASSWORD);
    await user.click(within(twoFactor).getByRole('button', { name: 'Turn off' }));
    expect(await within(twoFactor).findByText(/Two-factor is off/)).toBeTruthy();
    expect(disableBodies).toEqual([{ password: MY_PASSWORD }]);
    expect(within(twoFactor).getByRole('button', { name: 'Turn on two-factor' })).toBeTruthy();
  });
});
