import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { envelope, renderAdmin, SIGNED_IN, stubApi } from '../common/test-helpers.tsx';
import { EMAIL_SAVED, NO_EMAIL } from './email-section.tsx';

const MY_PASSWORD = 'correct horse battery staple';
const WRONG_PASSWORD = 'The current password is not right.';
const PUT = 'PUT /api/admin/account/email';

/** The Account page over a fake server that keeps the address it is given. */
function stubAccount(put?: (body: unknown) => ReturnType<typeof envelope> | undefined) {
  let email: string | null = null;
  const bodies: unknown[] = [];
  const calls = stubApi({
    'GET /api/auth/session': SIGNED_IN,
    'GET /api/admin/account': () => ({ status: 200, body: { email } }),
    [PUT]: (body) => {
      bodies.push(body);
      const refused = put?.(body);
      if (refused) return refused;
      email = (body as { email: string }).email;
      return { status: 204 };
    },
    'GET /api/admin/account/two-factor': {
      status: 200,
      body: { enabled: false, recoveryCodesLeft: 0, required: false },
    },
    'GET /api/admin/users': { status: 200, body: [] },
    'GET /api/admin/security-settings': {
      status: 200,
      body: { requireTwoFactor: false, sessionIdleMinutes: 120, sessionAbsoluteHours: 12 },
    },
  });
  renderAdmin('/admin/account');
  return { calls, bodies };
}

async function fill(user: ReturnType<typeof userEvent.setup>, email: string, password: string) {
  const section = await screen.findByRole('region', { name: 'E-mail address' });
  await within(section).findByText(NO_EMAIL);
  await user.type(within(section).getByLabelText('E-mail address'), email);
  await user.type(within(section).getByLabelText('Current password'), password);
  await user.click(within(section).getByRole('button', { name: 'Save e-mail address' }));
  return section;
}

describe('the e-mail address on the account page', () => {
  it('says none is set, saves one with the password, and shows it', async () => {
    const { bodies } = stubAccount();
    const user = userEvent.setup();
    const section = await fill(user, 'desk@whitestroke.example', MY_PASSWORD);

    expect(await screen.findByText(EMAIL_SAVED)).toBeTruthy();
    expect(bodies).toEqual([{ email: 'desk@whitestroke.example', password: MY_PASSWORD }]);
    await within(section).findByText('desk@whitestroke.example');
    expect(within(section).queryByText(NO_EMAIL)).toBeNull();
    expect((within(section).getByLabelText('Current password') as HTMLInputElement).value).toBe('');
  });

  it("shows the server's 400 under the password, and keeps the address unset", async () => {
    const { bodies } = stubAccount((body) =>
      (body as { password: string }).password === MY_PASSWORD
        ? undefined
        : envelope(400, 'VALIDATION_ERROR', WRONG_PASSWORD, { password: WRONG_PASSWORD }),
    );
    const user = userEvent.setup();
    const section = await fill(user, 'desk@whitestroke.example', 'not my password');

    expect(await within(section).findByText(WRONG_PASSWORD)).toBeTruthy();
    const password = within(section).getByLabelText('Current password');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(bodies).toHaveLength(1);
    expect(within(section).getByText(NO_EMAIL)).toBeTruthy();
  });

  it('refuses an address with a ";" before asking the server', async () => {
    const { calls } = stubAccount();
    const user = userEvent.setup();
    const section = await fill(user, 'victim;attacker@evil.example', MY_PASSWORD);

    expect(await within(section).findByText('Enter a valid e-mail address')).toBeTruthy();
    expect(calls).not.toContain(PUT);
  });
});
