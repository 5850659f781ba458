import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import axe from 'axe-core';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  EDIT_MESSAGES,
  type MyEntry,
  WITHDRAW_MESSAGES,
} from '../../../../shared/schemas/artist.ts';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../../../shared/csrf.ts';
import { type Answer, envelope, stubApi } from '../../admin/common/test-helpers.tsx';
import { DEFAULT_FORM_FIELDS } from '../../../../shared/schemas/form-field.ts';
import { TEST_COMPETITION } from '../../registration/components/test-competition.ts';
import { myEntryOf } from '../my-entries-fixture.ts';
import { MyEntryCard } from './my-entry-card.tsx';

afterEach(() => {
  vi.restoreAllMocks();
});

const PATCH = 'PATCH /api/me/entries/e1';
const WITHDRAW = 'POST /api/me/entries/e1/withdraw';
const FORM = 'GET /api/competitions/c1/registration-form';
const FORM_ANSWER: Answer = {
  status: 200,
  body: { competition: TEST_COMPETITION, formFields: DEFAULT_FORM_FIELDS.filter((f) => f.enabled) },
};

function renderCard(entry: MyEntry, routes: Record<string, Answer | ((body: unknown) => Answer)>) {
  const calls = stubApi({ [FORM]: FORM_ANSWER, ...routes });
  const onChanged = vi.fn();
  const { container } = render(
    <MemoryRouter>
      <MyEntryCard entry={entry} onChanged={onChanged} />
    </MemoryRouter>,
  );
  return { calls, onChanged, container, user: userEvent.setup() };
}

const dialog = (name: string) => within(screen.getByRole('dialog', { name }));

describe('editing an entry', () => {
  it('opens the answers typed as text, and sends only what changed, as JSON', async () => {
    const bodies: unknown[] = [];
    const { onChanged, container, user } = renderCard(myEntryOf(), {
      [PATCH]: (body) => {
        bodies.push(body);
        return { status: 204 };
      },
    });
    await user.click(screen.getByRole('button', { name: 'Edit entry WS-2026-000123' }));
    const edit = dialog('Edit entry WS-2026-000123');
    const title = await edit.findByLabelText('Artwork Title');
    expect((edit.getByLabelText('Full name') as HTMLInputElement).value).toBe('Meera Iyer');
    expect(edit.getByLabelText('Description').tagName).toBe('TEXTAREA');
    expect(edit.getByLabelText('Address').tagName).toBe('TEXTAREA');
    // The e-mail and the age are not for changing here.
    expect(edit.queryByLabelText('Email')).toBeNull();
    expect(edit.queryByLabelText('Age')).toBeNull();
    expect(edit.getByRole('group', { name: 'Work 1: Rain on the Hooghly' })).toBeTruthy();
    expect(edit.getByLabelText(/^Replace Artwork Photo/).getAttribute('type')).toBe('file');
    expect(edit.queryByLabelText(/^Replace Statement/)).toBeNull();
    expect((await axe.run(container)).violations).toEqual([]);
    await user.clear(title);
    await user.type(title, 'Rain over the Hooghly');
    await user.clear(edit.getByLabelText('Full name'));
    await user.type(edit.getByLabelText('Full name'), 'Meera R. Iyer');
    await user.click(edit.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(onChanged).toHaveBeenCalledWith('Your changes to WS-2026-000123 are saved.'),
    );
    expect(bodies).toEqual([
      {
        fullName: 'Meera R. Iyer',
        works: [{ fieldValues: { artworkTitle: 'Rain over the Hooghly' } }],
      },
    ]);
    const init = vi.mocked(fetch).mock.calls.at(-1)![1]!;
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
    expect(new Headers(init.headers).get(CSRF_HEADER)).toBe(CSRF_HEADER_VALUE);
  });

  it("shows the server's message under the answer it names", async () => {
    const { user } = renderCard(myEntryOf(), {
      [PATCH]: envelope(400, 'VALIDATION_ERROR', 'Please correct the answers shown.', {
        'works.0.fieldValues.artworkTitle': 'Artwork Title is required',
      }),
    });
    await user.click(screen.getByRole('button', { name: 'Edit entry WS-2026-000123' }));
    const edit = dialog('Edit entry WS-2026-000123');
    await user.clear(await edit.findByLabelText('Artwork Title'));
    await user.click(edit.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(edit.getByLabelText('Artwork Title').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(edit.getByText('Artwork Title is required')).toBeTruthy();
  });

  it('sends a replaced picture in its part, with the changes in `data`', async () => {
    const { onChanged, user } = renderCard(myEntryOf(), {
      [PATCH]: { status: 204 },
    });
    await user.click(screen.getByRole('button', { name: 'Edit entry WS-2026-000123' }));
    const edit = dialog('Edit entry WS-2026-000123');
    await edit.findByLabelText('Artwork Title');
    const picture = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'new.jpg', {
      type: 'image/jpeg',
    });
    await user.upload(edit.getByLabelText(/^Replace Artwork Photo/), picture);
    await user.click(edit.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    const body = vi.mocked(fetch).mock.calls.at(-1)![1]!.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect([...body.keys()]).toEqual(['data', 'works.0.artworkUrl']);
    expect(JSON.parse(body.get('data') as string)).toEqual({});
    expect((body.get('works.0.artworkUrl') as File).size).toBe(3);
  });

  it("says the server's refusal in the form, which stays open", async () => {
    const { onChanged, user } = renderCard(myEntryOf(), {
      [PATCH]: envelope(409, 'ENTRIES_CLOSED', EDIT_MESSAGES.closed),
    });
    await user.click(screen.getByRole('button', { name: 'Edit entry WS-2026-000123' }));
    const edit = dialog('Edit entry WS-2026-000123');
    await user.type(await edit.findByLabelText('Full name'), ' R');
    await user.click(edit.getByRole('button', { name: 'Save changes' }));
    expect((await edit.findByRole('alert')).textContent).toBe(EDIT_MESSAGES.closed);
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('sends nothing when nothing changed, and Cancel gives the focus back', async () => {
    const { calls, user } = renderCard(myEntryOf(), {});
    const opener = screen.getByRole('button', { name: 'Edit entry WS-2026-000123' });
    await user.click(opener);
    const edit = dialog('Edit entry WS-2026-000123');
    await edit.findByLabelText('Artwork Title');
    await user.click(edit.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toEqual([FORM]);
    expect(document.activeElement).toBe(opener);
  });
});

describe('withdrawing an entry', () => {
  it('asks first, saying a paid fee will be refunded, then withdraws', async () => {
    const { calls, onChanged, container, user } = renderCard(
      myEntryOf({ refundOnWithdrawal: true }),
      { [WITHDRAW]: { status: 200, body: myEntryOf() } },
    );
    await user.click(screen.getByRole('button', { name: 'Withdraw entry WS-2026-000123' }));
    const ask = screen.getByRole('dialog', { name: 'Withdraw this entry?' });
    expect(ask.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(ask.getAttribute('aria-describedby')!)?.textContent).toContain(
      'The entry fee of ₹1,500 you paid will be refunded.',
    );
    expect((await axe.run(container)).violations).toEqual([]);
    await user.click(within(ask).getByRole('button', { name: 'Withdraw entry' }));
    await waitFor(() =>
      expect(onChanged).toHaveBeenCalledWith('Your entry WS-2026-000123 is withdrawn.'),
    );
    expect(calls).toEqual([WITHDRAW]);
  });

  it('says a paid fee is not refunded when the site does not refund, and nothing of a free entry', async () => {
    const { user } = renderCard(myEntryOf(), {});
    await user.click(screen.getByRole('button', { name: 'Withdraw entry WS-2026-000123' }));
    expect(
      dialog('Withdraw this entry?').getByText(
        'The entry fee of ₹1,500 you paid will not be refunded.',
      ),
    ).toBeTruthy();
    await user.click(dialog('Withdraw this entry?').getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows nothing of a fee for a free entry', async () => {
    const { user } = renderCard(myEntryOf({ paymentState: 'free', entryFee: 0 }), {});
    await user.click(screen.getByRole('button', { name: 'Withdraw entry WS-2026-000123' }));
    expect(dialog('Withdraw this entry?').queryByText(/entry fee/)).toBeNull();
  });

  it.each([WITHDRAW_MESSAGES.closed, WITHDRAW_MESSAGES.alreadyWithdrawn])(
    'says the 409 "%s" in the dialog',
    async (message) => {
      const { onChanged, user } = renderCard(myEntryOf(), {
        [WITHDRAW]: envelope(409, 'CONFLICT', message),
      });
      await user.click(screen.getByRole('button', { name: 'Withdraw entry WS-2026-000123' }));
      await user.click(
        dialog('Withdraw this entry?').getByRole('button', { name: 'Withdraw entry' }),
      );
      expect((await dialog('Withdraw this entry?').findByRole('alert')).textContent).toBe(message);
      expect(onChanged).not.toHaveBeenCalled();
    },
  );
});
