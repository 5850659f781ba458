import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_COMPETITION } from './test-competition.ts';
import { DEFAULT_FORM_FIELDS } from '../../../../shared/schemas/form-field.ts';
import {
  PUBLICATION_CONSENT_LABELS,
  PUBLICATION_CONSENT_LEGEND,
} from '../../../../shared/schemas/publication-consent.ts';
import { ToastProvider } from '../../../components/toast.tsx';
import { DRAFT_SAVE_DELAY_MS, draftKey, loadDraft, saveDraft } from '../registration-draft.ts';
import { DRAFT_RESTORED, RegistrationForm } from './registration-form.tsx';

afterEach(() => {
  // Unmounting saves a draft on its way: unmount first, then forget it.
  cleanup();
  localStorage.clear();
});

const COMPETITION = TEST_COMPETITION;
const FIELDS = DEFAULT_FORM_FIELDS.filter((f) => f.enabled);

function renderForm() {
  return render(
    <MemoryRouter>
      <ToastProvider>
        <RegistrationForm competition={COMPETITION} formFields={FIELDS} />
      </ToastProvider>
    </MemoryRouter>,
  );
}

const submit = () => screen.getByRole('button', { name: 'Submit Registration' });

/** The text of the element(s) a control's aria-describedby names. */
function description(element: HTMLElement): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

describe('RegistrationForm', () => {
  it('shows the fields of the category in order, by type', () => {
    renderForm();
    const labels = [
      'Full Name',
      'Age',
      'Email',
      'Phone Number',
      'Address',
      'Pincode',
      'Photo',
      'Artwork Title',
      'Artwork Photo',
      'Medium',
      'Size',
      'Description',
    ];
    for (const label of labels) expect(screen.getByLabelText(new RegExp(`^${label}`))).toBeTruthy();
    expect(screen.getByLabelText(/^Description/).tagName).toBe('TEXTAREA');
    expect(screen.getByLabelText(/^Artwork Photo/).getAttribute('type')).toBe('file');
    const gender = screen.getByRole('group', { name: /^Gender/ });
    expect(
      within(gender)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['Male', 'Female', 'Transgender']);
    expect(screen.getByRole('link', { name: /privacy policy/ }).getAttribute('href')).toBe(
      '/privacy',
    );
  });

  it('says every missing answer under its field, announces how many and focuses the first', async () => {
    renderForm();
    fireEvent.click(submit());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Full Name/)));
    const name = screen.getByLabelText(/^Full Name/);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(description(name)).toBe('Full name is required');
    expect(description(screen.getByLabelText(/^Artwork Title/))).toBe('Artwork Title is required');
    expect(description(screen.getByLabelText(/^Photo/))).toContain('Photo is required');
    for (const message of [
      'Age is required',
      'Gender is required',
      'Email is required',
      'Phone number is required',
      'Address is required',
      'Pincode is required',
      'Artwork Photo is required',
      'Medium is required',
      'Size is required',
      'Please agree to the privacy policy to register',
      'Please choose how your work may be shown',
    ]) {
      expect(screen.getByText(message)).toBeTruthy();
    }
    expect(screen.getByText('14 answers need your attention.').getAttribute('role')).toBe('alert');
  });

  it('focuses the photo chooser when the photo is the first answer missing', async () => {
    saveDraft('c1', {
      fullName: 'Meera Iyer',
      age: '34',
      gender: 'female',
      email: 'meera@example.com',
      phone: '+91 98765 43210',
      address: '4 Lake Road',
      pincode: '700029',
      fieldValues: { artworkTitle: 'Rain', medium: 'Ink', size: 'A4' },
    });
    renderForm();
    fireEvent.click(submit());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Photo/)));
    expect(screen.getByText('4 answers need your attention.')).toBeTruthy();
  });

  it('asks how a winning work may be shown: three choices in a group, none chosen, by keyboard', async () => {
    const user = userEvent.setup();
    renderForm();
    const group = screen.getByRole('group', { name: new RegExp(`^${PUBLICATION_CONSENT_LEGEND}`) });
    const radios = within(group).getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((r) => r.closest('label')?.textContent)).toEqual([
      PUBLICATION_CONSENT_LABELS.name,
      PUBLICATION_CONSENT_LABELS.anonymous,
      PUBLICATION_CONSENT_LABELS.none,
    ]);
    expect(PUBLICATION_CONSENT_LABELS.anonymous).toBe(
      'Show my work without my name ("Name withheld at the artist\'s request")',
    );
    expect(radios.some((r) => r.checked)).toBe(false);
    // Right after the privacy policy's consent.
    const privacy = screen.getByLabelText(/^I have read the privacy policy/);
    expect(privacy.compareDocumentPosition(group) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    fireEvent.click(submit());
    const message = await within(group).findByText('Please choose how your work may be shown');
    for (const radio of radios) {
      expect(radio.getAttribute('aria-invalid')).toBe('true');
      expect(radio.getAttribute('aria-describedby')).toBe(message.id);
    }

    // A tab into the group lands on a choice; the arrow keys move between them.
    radios[0]?.focus();
    await user.keyboard(' ');
    expect(radios[0]?.checked).toBe(true);
    await user.keyboard('{ArrowDown}');
    expect(radios[1]?.checked).toBe(true);
    expect(document.activeElement).toBe(radios[1]);
    await waitFor(() =>
      expect(within(group).queryByText('Please choose how your work may be shown')).toBeNull(),
    );
  });

  it('says which age category an age falls in, and asks a minor for a guardian', async () => {
    const user = userEvent.setup();
    renderForm();
    const age = screen.getByLabelText(/^Age/);
    expect(screen.queryByLabelText(/^Parent or Guardian's Full Name/)).toBeNull();
    await user.type(age, '5');
    expect(description(age)).toBe('From 1 to 80 years. Age category: Preschool.');
    expect(screen.getByLabelText(/^Parent or Guardian's Full Name/)).toBeTruthy();
    await user.type(age, '0');
    expect(description(age)).toBe('From 1 to 80 years. Age category: Adult.');
    expect(screen.queryByLabelText(/^Parent or Guardian's Full Name/)).toBeNull();
    await user.clear(age);
    await user.type(age, '12');
    expect(description(age)).toContain('Age category: Children.');
    fireEvent.click(submit());
    expect(await screen.findByText("Parent or guardian's name is required")).toBeTruthy();
    expect(screen.getByText('A parent or guardian must give their consent')).toBeTruthy();
  });

  it('keeps what is typed as a draft, and restores it with a notice and a way to clear it', async () => {
    const user = userEvent.setup();
    const first = renderForm();
    await user.type(screen.getByLabelText(/^Full Name/), 'Meera');
    await user.type(screen.getByLabelText(/^Artwork Title/), 'Rain');
    await user.click(screen.getByLabelText(/^I have read the privacy policy/));
    await act(() => new Promise((resolve) => setTimeout(resolve, DRAFT_SAVE_DELAY_MS + 50)));
    expect(loadDraft('c1')).toEqual({ fullName: 'Meera', fieldValues: { artworkTitle: 'Rain' } });
    first.unmount();

    renderForm();
    expect(screen.getByText(DRAFT_RESTORED).getAttribute('role')).toBe('status');
    expect((screen.getByLabelText(/^Full Name/) as HTMLInputElement).value).toBe('Meera');
    expect((screen.getByLabelText(/^Artwork Title/) as HTMLInputElement).value).toBe('Rain');
    // Consent is given afresh.
    expect((screen.getByLabelText(/^I have read/) as HTMLInputElement).checked).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect((screen.getByLabelText(/^Full Name/) as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(screen.getByLabelText(/^Full Name/));
    expect(screen.queryByText(DRAFT_RESTORED)).toBeNull();
    expect(localStorage.getItem(draftKey('c1'))).toBeNull();
  });

  it('saves the draft at once when the page is hidden', () => {
    renderForm();
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'meera@example.com' } });
    window.dispatchEvent(new Event('pagehide'));
    expect(loadDraft('c1')).toEqual({ email: 'meera@example.com' });
  });

  it('has a honeypot no person meets: hidden from sight and speech, out of the tab order', () => {
    saveDraft('other', {});
    const { container } = renderForm();
    const trap = container.querySelector<HTMLInputElement>('input[name="website"]');
    expect(trap?.tabIndex).toBe(-1);
    expect(trap?.getAttribute('autocomplete')).toBe('off');
    expect(trap?.closest('[aria-hidden="true"]')).not.toBeNull();
  });
});
