import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Juror } from '../../../../shared/schemas/jury.ts';
import { envelope, renderAdmin, SIGNED_IN, stubApi } from '../common/test-helpers.tsx';
import { JURORS, jurorOf } from './judging-fixture.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

const LIST = 'GET /api/admin/jurors';
const INVITE = 'POST /api/admin/jurors';

/** The jurors page over a fake server whose list grows with each invitation it accepts. */
function stubJurors(routes: Parameters<typeof stubApi>[0] = {}) {
  let jurors: Juror[] = [...JURORS];
  const bodies: unknown[] = [];
  const calls = stubApi({
    'GET /api/auth/session': SIGNED_IN,
    [LIST]: () => ({ status: 200, body: jurors }),
    [INVITE]: (body) => {
      bodies.push(body);
      const juror = jurorOf({
        id: 'j9',
        username: 'meera',
        name: 'Meera Iyer',
        email: 'meera@example.com',
      });
      jurors = [...jurors, juror];
      return { status: 201, body: juror };
    },
    'POST /api/admin/jurors/j1/invitation': { status: 200, body: JURORS[0] },
    'DELETE /api/admin/jurors/j3': () => {
      jurors = jurors.filter((juror) => juror.id !== 'j3');
      return { status: 204 };
    },
    ...routes,
  });
  renderAdmin('/admin/jurors');
  return { calls, bodies };
}

const rowOf = (table: HTMLElement, name: string) =>
  within(table).getByRole('rowheader', { name }).closest('tr')!;

describe('the jurors page', () => {
  it('lists name, username, e-mail, invitation and two-factor, offering a new invitation until one is accepted', async () => {
    stubJurors();
    const table = await screen.findByRole('table', { name: 'Jurors, by name' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Username', 'E-mail', 'Invitation', 'Two-factor', 'Actions']);
    const cells = (name: string) =>
      [...rowOf(table, name).querySelectorAll('td')].slice(0, 4).map((td) => td.textContent);
    expect(cells('Asha Rao')).toEqual(['asha.rao', 'asha@example.com', 'Pending', 'Off']);
    expect(cells('Vikram Sen')).toEqual(['vikram', 'vikram@example.com', 'Accepted', 'On']);
    expect(cells('Lena Park')).toEqual(['lena', 'lena@example.com', 'Expired', 'Off']);
    expect(
      within(table).getByRole('button', { name: 'Send invitation again to Asha Rao' }),
    ).toBeTruthy();
    expect(
      within(table).queryByRole('button', { name: 'Send invitation again to Vikram Sen' }),
    ).toBeNull();
  });

  it('invites a juror, says so and shows them in the list', async () => {
    const { bodies } = stubJurors();
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Invite juror' });
    await user.type(within(form).getByLabelText('Name *'), 'Meera Iyer');
    await user.type(within(form).getByLabelText('E-mail *'), ' Meera@Example.com ');
    await user.click(within(form).getByRole('button', { name: 'Invite juror' }));
    expect(
      await screen.findByText('Juror Meera Iyer invited. The invitation is on its way.'),
    ).toBeTruthy();
    expect(bodies).toEqual([{ name: 'Meera Iyer', email: 'meera@example.com' }]);
    const table = screen.getByRole('table', { name: 'Jurors, by name' });
    expect(await within(table).findByRole('rowheader', { name: 'Meera Iyer' })).toBeTruthy();
    expect((within(form).getByLabelText('Name *') as HTMLInputElement).value).toBe('');
  });

  it('checks the e-mail in the browser, and shows the server’s refusal under its field', async () => {
    const { calls } = stubJurors({
      [INVITE]: envelope(409, 'JUROR_EXISTS', 'A juror with this e-mail already exists.', {
        email: 'A juror with this e-mail already exists',
      }),
    });
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Invite juror' });
    const email = within(form).getByLabelText('E-mail *');
    await user.type(within(form).getByLabelText('Name *'), 'Asha Rao');
    await user.type(email, 'not-an-address');
    await user.click(within(form).getByRole('button', { name: 'Invite juror' }));
    const local = await within(form).findByText('Please enter a valid email address');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toContain(local.id);
    expect(calls).not.toContain(INVITE);

    await user.clear(email);
    await user.type(email, 'asha@example.com');
    await user.click(within(form).getByRole('button', { name: 'Invite juror' }));
    const refused = await within(form).findByText('A juror with this e-mail already exists');
    expect(email.getAttribute('aria-describedby')).toContain(refused.id);
    expect(calls).toContain(INVITE);
  });

  it('sends an invitation again, and removes a juror after asking', async () => {
    const { calls } = stubJurors();
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Jurors, by name' });
    await user.click(
      within(table).getByRole('button', { name: 'Send invitation again to Asha Rao' }),
    );
    expect(await screen.findByText('Invitation sent again to Asha Rao.')).toBeTruthy();
    expect(calls).toContain('POST /api/admin/jurors/j1/invitation');

    await user.click(within(table).getByRole('button', { name: 'Remove Lena Park' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Lena Park' });
    expect(calls).not.toContain('DELETE /api/admin/jurors/j3');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Juror Lena Park removed.')).toBeTruthy();
    await waitFor(() =>
      expect(within(table).queryByRole('rowheader', { name: 'Lena Park' })).toBeNull(),
    );
  });
});
