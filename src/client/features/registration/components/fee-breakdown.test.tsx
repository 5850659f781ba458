import { cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PriceBreakdown } from '../../../../shared/domain/pricing.ts';
import type { PublicCompetition } from '../../../../shared/schemas/competition.ts';
import { DEFAULT_FORM_FIELDS } from '../../../../shared/schemas/form-field.ts';
import { ToastProvider } from '../../../components/toast.tsx';
import { RegistrationForm } from './registration-form.tsx';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
});

const COMPETITION: PublicCompetition = {
  id: 'c1',
  title: 'Monsoon Colours',
  description: '',
  image: null,
  prizeImage: null,
  category: { id: 'cat', name: 'Painting' },
  subcategory: null,
  startDate: '2026-11-01',
  endDate: '2026-12-01',
  opensAt: '2026-10-31T18:30:00.000Z',
  closesAt: '2026-12-01T18:30:00.000Z',
  entryType: 'paid',
  entryFee: 500,
  status: 'open',
  createdAt: '2026-10-01T00:00:00.000Z',
  updatedAt: '2026-10-01T00:00:00.000Z',
};

const EARLY: PriceBreakdown = {
  tier: 'early',
  lines: [{ kind: 'first', label: 'First work', quantity: 1, amount: 400 }],
  gross: 400,
  discount: 0,
  net: 400,
};
const WITH_CODE: PriceBreakdown = {
  ...EARLY,
  lines: [
    ...EARLY.lines,
    { kind: 'discount', label: 'Code WELCOME20: 20% off', quantity: 1, amount: -80 },
  ],
  discount: 80,
  net: 320,
};

/** The quote route: refuses MADEUP, takes WELCOME20; records the bodies sent. */
function stubQuote() {
  const bodies: Record<string, unknown>[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init = {}) => {
    expect(String(input)).toBe('/api/competitions/c1/quote');
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    bodies.push(body);
    const answer =
      body.code === 'MADEUP'
        ? {
            status: 400,
            body: {
              error: {
                code: 'VALIDATION_ERROR',
                message: 'Some fields are not valid.',
                fields: { code: 'This code is not valid.' },
              },
            },
          }
        : { status: 200, body: body.code === 'WELCOME20' ? WITH_CODE : EARLY };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return bodies;
}

function renderForm(competition = COMPETITION) {
  return render(
    <MemoryRouter>
      <ToastProvider>
        <RegistrationForm
          competition={competition}
          formFields={DEFAULT_FORM_FIELDS.filter((f) => f.enabled)}
        />
      </ToastProvider>
    </MemoryRouter>,
  );
}

const section = () => screen.getByRole('region', { name: 'Entry fee' });

describe('the fee breakdown', () => {
  it('shows the server’s price in force, and the total in a polite status', async () => {
    stubQuote();
    renderForm();
    expect(within(section()).getByRole('status').textContent).toBe('Working out the fee…');
    expect(await within(section()).findByText('Total: ₹400')).toBeTruthy();
    expect(within(section()).getByText('Early-bird price')).toBeTruthy();
    expect(within(section()).getByText('First work').nextSibling?.textContent).toBe('₹400');
    expect(within(section()).getByText('Total: ₹400').getAttribute('role')).toBe('status');
  });

  it('applies a code, and says why one cannot be used', async () => {
    const bodies = stubQuote();
    const user = userEvent.setup();
    renderForm();
    await within(section()).findByText('Total: ₹400');
    await user.type(screen.getByLabelText(/^Email/), 'asha@example.com');
    const code = screen.getByLabelText('Have a code?');
    await user.type(code, 'welcome20');
    await user.click(screen.getByRole('button', { name: 'Apply code' }));
    expect(await within(section()).findByText('Total: ₹320')).toBeTruthy();
    expect(within(section()).getByText('Code WELCOME20: 20% off').nextSibling?.textContent).toBe(
      '−₹80',
    );
    expect(bodies.at(-1)).toEqual({ works: 1, code: 'WELCOME20', email: 'asha@example.com' });

    await user.clear(code);
    await user.type(code, 'madeup');
    await user.click(screen.getByRole('button', { name: 'Apply code' }));
    expect(await within(section()).findByText('This code is not valid.')).toBeTruthy();
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(await within(section()).findByText('Total: ₹400')).toBeTruthy();
  });

  it('is not shown for a free competition: its form is as before', () => {
    const fetched = vi.spyOn(globalThis, 'fetch');
    renderForm({ ...COMPETITION, entryType: 'free', entryFee: 0 });
    expect(screen.queryByLabelText('Have a code?')).toBeNull();
    expect(fetched).not.toHaveBeenCalled();
  });
});
