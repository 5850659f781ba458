import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Extension } from '../../../../shared/schemas/extension.ts';
import { type Answer, envelope, renderAdmin, SIGNED_IN, stubApi } from '../common/test-helpers.tsx';
import { adminCompetitionOf } from './competition-fixture.ts';
import { LINK_SHOWN_ONCE, NO_EXTENSIONS } from './extensions-panel.tsx';

afterEach(() => {
  vi.restoreAllMocks();
});

const PATH = '/api/admin/competitions/c1/extensions';
const LINK = 'http://localhost/competitions/c1/register?extension=secret-token';
const GRANT: Extension = {
  id: 'x1',
  email: 'meera@example.in',
  // 20 Dec 2026, 6:00 pm in Asia/Kolkata, to the end of that minute.
  validUntil: '2026-12-20T12:31:00.000Z',
  createdBy: 'admin',
  createdAt: '2026-11-28T10:00:00.000Z',
  used: 2,
};

/** The competitions page with c1's Extensions dialog open. */
async function openExtensions(routes: Record<string, Answer | ((body: unknown) => Answer)>) {
  const calls = stubApi({
    'GET /api/auth/session': SIGNED_IN,
    'GET /api/admin/competitions': {
      status: 200,
      body: [adminCompetitionOf({ id: 'c1', title: 'Monsoon Colours' })],
    },
    ...routes,
  });
  renderAdmin('/admin/competitions');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Extensions for Monsoon Colours' }));
  const dialog = screen.getByRole('dialog', { name: 'Extensions: Monsoon Colours' });
  return { user, dialog, calls };
}

async function fill(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  const $ = within(dialog);
  await user.type($.getByLabelText(/Artist's e-mail/), 'meera@example.in');
  await user.type($.getByLabelText(/Valid until/), '2026-12-20T18:00');
  await user.click($.getByRole('button', { name: 'Grant extension' }));
}

async function expectNoAxeViolations() {
  const found = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  expect(found.violations.map((v) => v.id)).toEqual([]);
}

describe("a competition's extensions", () => {
  it('lists the grants with their e-mail, time and use', async () => {
    const { dialog } = await openExtensions({ [`GET ${PATH}`]: { status: 200, body: [GRANT] } });
    const $ = within(dialog);
    const item = await $.findByRole('listitem');
    expect(item.textContent).toContain('meera@example.in');
    expect(item.textContent).toContain('Valid until 20 Dec 2026, 6:00 pm IST');
    expect(item.textContent).toContain('used 2 times');
    await expectNoAxeViolations();
  });

  it('grants one in the site time zone and shows its link once, with Copy', async () => {
    let list: Extension[] = [];
    const bodies: unknown[] = [];
    const { user, dialog } = await openExtensions({
      [`GET ${PATH}`]: () => ({ status: 200, body: list }),
      [`POST ${PATH}`]: (body) => {
        bodies.push(body);
        list = [{ ...GRANT, used: 0 }];
        return { status: 201, body: { ...GRANT, used: 0, link: LINK } };
      },
    });
    const $ = within(dialog);
    expect(await $.findByText(NO_EXTENSIONS)).toBeTruthy();
    await fill(user, dialog);
    expect(await $.findByText(LINK)).toBeTruthy();
    expect($.getByText(LINK_SHOWN_ONCE)).toBeTruthy();
    expect(bodies).toEqual([{ email: 'meera@example.in', validUntil: '2026-12-20T12:31:00.000Z' }]);
    expect((await $.findByRole('listitem')).textContent).toContain('used 0 times');
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click($.getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(LINK));
    await expectNoAxeViolations();

    // Closed and opened again: the link is gone for good.
    await user.click($.getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'Extensions for Monsoon Colours' }));
    const again = screen.getByRole('dialog', { name: 'Extensions: Monsoon Colours' });
    expect(await within(again).findByRole('listitem')).toBeTruthy();
    expect(within(again).queryByText(LINK)).toBeNull();
  });

  it("shows the server's refusal under its field, tied to it", async () => {
    const { user, dialog } = await openExtensions({
      [`GET ${PATH}`]: { status: 200, body: [] },
      [`POST ${PATH}`]: envelope(400, 'VALIDATION_FAILED', 'Check the form.', {
        validUntil: 'Choose a time in the future',
      }),
    });
    await fill(user, dialog);
    const field = within(dialog).getByLabelText(/Valid until/);
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    const describedBy = (field.getAttribute('aria-describedby') ?? '').split(' ');
    const texts = describedBy.map((id) => document.getElementById(id)?.textContent ?? '');
    expect(texts.join(' ')).toContain('Choose a time in the future');
    expect(within(dialog).queryByText(LINK_SHOWN_ONCE)).toBeNull();
    await expectNoAxeViolations();
  });
});
