import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_COMPETITION } from './test-competition.ts';
import type { FormField } from '../../../../shared/schemas/form-field.ts';
import { ToastProvider } from '../../../components/toast.tsx';
import { RegistrationForm } from './registration-form.tsx';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const COMPETITION = TEST_COMPETITION;

const field = (id: string, type: FormField['type'], label: string, more: Partial<FormField> = {}) =>
  ({ id, type, label, required: true, enabled: true, ...more }) satisfies FormField;

const FIELDS: FormField[] = [
  field('statement', 'longText', 'Statement', { maxLength: 50, helpText: 'About the work.' }),
  field('year', 'number', 'Year made', { min: 1900, max: 2026 }),
  field('tone', 'choice', 'Tone', { options: ['Warm', 'Cool'], helpText: 'The main colours.' }),
  field('themes', 'choices', 'Themes', { options: ['Sea', 'Sky', 'Land'], maxChoices: 2 }),
  field('framed', 'yesNo', 'Framed'),
  field('madeOn', 'date', 'Finished on', { earliest: '2020-01-01', latest: '2026-06-30' }),
  field('cv', 'document', 'CV', { required: false }),
];

function renderForm() {
  render(
    <MemoryRouter>
      <ToastProvider>
        <RegistrationForm competition={COMPETITION} formFields={FIELDS} />
      </ToastProvider>
    </MemoryRouter>,
  );
}

/** The text of what a control's aria-describedby names. */
function description(element: HTMLElement): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

describe('the registration form draws each field type', () => {
  it('as the control its type needs, with its help text tied to it', async () => {
    const user = userEvent.setup();
    renderForm();
    const statement = screen.getByRole('textbox', { name: 'Statement' });
    expect(statement.tagName).toBe('TEXTAREA');
    expect(description(statement)).toBe('About the work. 0 / 50 characters');
    await user.type(statement, 'Light on water');
    const counter = screen.getByText('14 / 50 characters');
    expect(counter.getAttribute('aria-live')).toBe('polite');

    const year = screen.getByRole('spinbutton', { name: 'Year made' });
    expect([year.getAttribute('min'), year.getAttribute('max')]).toEqual(['1900', '2026']);
    expect(description(year)).toBe('From 1900 to 2026.');

    const tone = screen.getByRole('group', { name: 'Tone' });
    const warm = within(tone).getByRole('radio', { name: 'Warm' });
    expect(description(warm)).toBe('The main colours.');
    const themes = screen.getByRole('group', { name: 'Themes' });
    expect(
      within(themes)
        .getAllByRole('checkbox')
        .map((c) => c.getAttribute('value')),
    ).toEqual(['Sea', 'Sky', 'Land']);
    const framed = screen.getByRole('group', { name: 'Framed' });
    expect(
      within(framed)
        .getAllByRole('radio')
        .map((r) => r.parentElement?.textContent),
    ).toEqual(['Yes', 'No']);
    const date = screen.getByLabelText(/^Finished on/);
    expect([date.getAttribute('type'), date.getAttribute('min')]).toEqual(['date', '2020-01-01']);
    const cv = screen.getByLabelText('CV');
    expect([cv.getAttribute('type'), description(cv)]).toEqual(['file', 'A PDF, up to 10MB.']);
  });

  it("shows the check's messages under the fields whose answers do not fit", async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByRole('spinbutton', { name: 'Year made' }), '1800');
    const themes = screen.getByRole('group', { name: 'Themes' });
    for (const box of within(themes).getAllByRole('checkbox')) await user.click(box);
    await user.type(screen.getByRole('textbox', { name: 'Statement' }), 'x'.repeat(51));
    await user.click(screen.getByRole('button', { name: 'Submit Registration' }));
    const year = screen.getByRole('spinbutton', { name: 'Year made' });
    await waitFor(() => expect(description(year)).toContain('Year made must be at least 1900'));
    const sea = within(themes).getByRole('checkbox', { name: 'Sea' });
    expect(description(sea)).toBe('Choose at most 2 for Themes');
    expect(sea.getAttribute('aria-invalid')).toBe('true');
    const statement = screen.getByRole('textbox', { name: 'Statement' });
    expect(description(statement)).toContain('Must be at most 50 characters');
    const tone = screen.getByRole('group', { name: 'Tone' });
    expect(description(within(tone).getByRole('radio', { name: 'Warm' }))).toContain(
      'Tone is required',
    );
  });

  it("checks a document's type and size before anything is sent", async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderForm();
    const cv = screen.getByLabelText('CV');
    await user.upload(cv, new File(['hello'], 'cv.txt', { type: 'text/plain' }));
    expect(description(cv)).toContain('Choose a PDF document.');
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'cv.pdf', {
      type: 'application/pdf',
    });
    await user.upload(cv, big);
    expect(description(cv)).toContain('The document must be at most 10MB.');
    await user.upload(cv, new File(['%PDF-1.4 %%EOF'], 'cv.pdf', { type: 'application/pdf' }));
    expect(description(cv)).toBe('A PDF, up to 10MB. cv.pdf, 1 KB');
    await user.click(screen.getByRole('button', { name: 'Remove CV' }));
    expect(screen.queryByText('cv.pdf, 1 KB')).toBeNull();
    expect(document.activeElement).toBe(cv);
  });
});
