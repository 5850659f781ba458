import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_FORM_FIELDS, type FormField } from '../../../../shared/schemas/form-field.ts';
import { ToastProvider } from '../../../components/toast.tsx';
import { DRAFT_SAVE_DELAY_MS, loadDraft, saveDraft } from '../registration-draft.ts';
import { RegistrationForm } from './registration-form.tsx';
import { TEST_COMPETITION } from './test-competition.ts';
import { ADD_WORK, REMOVE_WORK, WORK_ANNOUNCEMENTS } from './works-fields.tsx';

/* The registration form of a competition that takes several works per entry. */

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
});

const COMPETITION = TEST_COMPETITION;
/** A statement asked once per entry, beside the default fields each work answers. */
const STATEMENT: FormField = {
  id: 'statement',
  label: 'Artist statement',
  type: 'text',
  required: false,
  enabled: true,
  perWork: false,
};
const FIELDS = [...DEFAULT_FORM_FIELDS.filter((f) => f.enabled), STATEMENT];

const PAID = { entryType: 'paid', entryFee: 100 } as const;

function renderForm(works: Partial<typeof COMPETITION> = {}, fields = FIELDS) {
  return render(
    <MemoryRouter>
      <ToastProvider>
        <RegistrationForm competition={{ ...COMPETITION, ...works }} formFields={fields} />
      </ToastProvider>
    </MemoryRouter>,
  );
}

const work = (n: number) => screen.getByRole('group', { name: `Work ${n}` });
const works = () => screen.queryAllByRole('group', { name: /^Work \d$/ });
const addButton = () => screen.queryByRole('button', { name: ADD_WORK });
const removeButtons = () => screen.queryAllByRole('button', { name: /^Remove this work/ });
const titleOf = (n: number) => within(work(n)).getByLabelText(/^Artwork Title/) as HTMLInputElement;
const status = (text: string) =>
  screen.getAllByRole('status').find((element) => element.textContent === text);

describe('the registration form of several works', () => {
  it('is today\'s form when the competition takes one work: no "Work 1", no add or remove', () => {
    renderForm(
      {},
      DEFAULT_FORM_FIELDS.filter((f) => f.enabled),
    );
    expect(works()).toHaveLength(0);
    expect(addButton()).toBeNull();
    expect(removeButtons()).toHaveLength(0);
    expect(screen.queryByText(/^Enter /)).toBeNull();
    expect(screen.getAllByLabelText(/^Artwork Title/)).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 2, name: 'Your entry' })).toBeTruthy();
  });

  it('starts with the minimum, adds works up to the maximum and removes them down to the minimum', async () => {
    const user = userEvent.setup();
    renderForm({ minWorks: 1, maxWorks: 3 });
    expect(screen.getByText('Enter up to 3 works.')).toBeTruthy();
    expect(works()).toHaveLength(1);
    // Asked once, above the works: the artist's statement.
    expect(screen.getAllByLabelText(/^Artist statement/)).toHaveLength(1);
    expect(within(work(1)).queryByLabelText(/^Artist statement/)).toBeNull();
    expect(removeButtons()).toHaveLength(0);

    await user.click(addButton()!);
    expect(works()).toHaveLength(2);
    // The new work's first field has the focus; the change is said politely.
    await waitFor(() => expect(document.activeElement).toBe(titleOf(2)));
    expect(status(WORK_ANNOUNCEMENTS.added(2))).toBeTruthy();
    for (const label of ['Artwork Photo', 'Medium', 'Size', 'Description']) {
      expect(within(work(2)).getByLabelText(new RegExp(`^${label}`))).toBeTruthy();
    }
    expect(removeButtons().map((b) => b.textContent)).toEqual([REMOVE_WORK, REMOVE_WORK]);

    await user.click(addButton()!);
    expect(works()).toHaveLength(3);
    // At the maximum: no more to add.
    expect(addButton()).toBeNull();

    await user.type(titleOf(2), 'Sun');
    await user.type(titleOf(3), 'Fog');
    await user.click(within(work(2)).getByRole('button', { name: 'Remove this work (Work 2)' }));
    expect(works()).toHaveLength(2);
    expect(titleOf(2).value).toBe('Fog');
    // The work now in its place has the focus.
    await waitFor(() => expect(document.activeElement).toBe(work(2)));
    expect(status(WORK_ANNOUNCEMENTS.removed(2, 2))).toBeTruthy();
    expect(addButton()).toBeTruthy();

    await user.type(titleOf(1), 'Rain');
    await user.click(within(work(1)).getByRole('button', { name: /^Remove this work/ }));
    // Work 2 moved up into the first place; at the minimum nothing more can be removed.
    expect(works()).toHaveLength(1);
    expect(titleOf(1).value).toBe('Fog');
    expect(removeButtons()).toHaveLength(0);
    await waitFor(() => expect(document.activeElement).toBe(work(1)));
  });

  it('starts with as many works as the minimum, and with a fixed number offers no add or remove', () => {
    renderForm({ minWorks: 2, maxWorks: 2 });
    expect(works()).toHaveLength(2);
    expect(screen.getByText('Enter 2 works.')).toBeTruthy();
    expect(addButton()).toBeNull();
    expect(removeButtons()).toHaveLength(0);
  });

  it("puts each work's missing answers under that work's fields", async () => {
    const user = userEvent.setup();
    renderForm({ minWorks: 2, maxWorks: 3 });
    await user.type(titleOf(1), 'Rain');
    fireEvent.click(screen.getByRole('button', { name: 'Submit Registration' }));
    await within(work(2)).findByText('Artwork Title is required');
    expect(within(work(1)).queryByText('Artwork Title is required')).toBeNull();
    expect(titleOf(2).getAttribute('aria-invalid')).toBe('true');
    expect(within(work(1)).getByText('Artwork Photo is required')).toBeTruthy();
    expect(within(work(2)).getByText('Artwork Photo is required')).toBeTruthy();
  });

  it('keeps the number of works and their typed answers as the draft, and brings them back', async () => {
    const user = userEvent.setup();
    const first = renderForm({ minWorks: 1, maxWorks: 3 });
    await user.type(titleOf(1), 'Rain');
    await user.click(addButton()!);
    await user.click(addButton()!);
    await user.type(titleOf(3), 'Fog');
    await act(() => new Promise((resolve) => setTimeout(resolve, DRAFT_SAVE_DELAY_MS + 50)));
    expect(loadDraft('c1')).toEqual({
      fieldValues: { artworkTitle: 'Rain' },
      moreWorks: [{}, { fieldValues: { artworkTitle: 'Fog' } }],
    });
    first.unmount();

    renderForm({ minWorks: 1, maxWorks: 3 });
    expect(works()).toHaveLength(3);
    expect(titleOf(1).value).toBe('Rain');
    expect(titleOf(2).value).toBe('');
    expect(titleOf(3).value).toBe('Fog');
  });

  it('takes no more works from a draft than the competition now allows', () => {
    saveDraft('c1', { moreWorks: [{}, {}, { fieldValues: { artworkTitle: 'Dew' } }] });
    renderForm({ minWorks: 1, maxWorks: 2 });
    expect(works()).toHaveLength(2);
  });

  it('asks the fee for the number of works shown, again when a work is added or removed', async () => {
    const user = userEvent.setup();
    const asked: unknown[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init = {}) => {
      const { works: count } = JSON.parse(String(init.body)) as { works: number };
      asked.push(count);
      const breakdown = { tier: 'standard', lines: [], gross: 0, discount: 0, net: 100 * count };
      return new Response(JSON.stringify(breakdown), {
        headers: { 'content-type': 'application/json' },
      });
    });
    renderForm({ ...PAID, minWorks: 1, maxWorks: 3 });
    expect(await screen.findByText('Total: ₹100')).toBeTruthy();
    await user.click(addButton()!);
    expect(await screen.findByText('Total: ₹200')).toBeTruthy();
    await user.click(within(work(2)).getByRole('button', { name: /^Remove this work/ }));
    expect(await screen.findByText('Total: ₹100')).toBeTruthy();
    expect(asked).toEqual([1, 2, 1]);
  });
});
