import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { RegistrationReceipt } from '../../../../shared/schemas/registration.ts';
import { type KeptReceipt, rememberReceipt } from '../registration-api.ts';
import RegistrationSuccessPage from './registration-success-page.tsx';

/* 'Registration Successful!' is for a free entry or a paid one, never an unpaid. */

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

const TOKEN = `6f1c2d3e-4a5b-4c6d-8e7f-90a1b2c3d4e5.1790000000.${'A1b2_C3d4-'.repeat(4)}xyz`;
const RECEIPT: RegistrationReceipt = {
  id: '6f1c2d3e-4a5b-4c6d-8e7f-90a1b2c3d4e5',
  reference: 'WS-2026-000042',
  competition: { id: 'c1', title: 'Portraits of the City' },
  entryType: 'paid',
  entryFee: 499,
  status: 'pending',
  paymentStatus: 'paid',
  email: 'asha@example.com',
  createdAt: '2026-11-25T09:00:00.000Z',
  entryToken: TOKEN,
};

function EntryStandIn() {
  const { pathname, hash } = useLocation();
  return <output data-testid="entry">{`${pathname}${hash}`}</output>;
}

function renderSuccess(receipt?: KeptReceipt) {
  render(
    <MemoryRouter initialEntries={[{ pathname: '/registration-success', state: { receipt } }]}>
      <Routes>
        <Route path="/registration-success" element={<RegistrationSuccessPage />} />
        <Route path="/entry" element={<EntryStandIn />} />
      </Routes>
    </MemoryRouter>,
  );
}

const heading = () => screen.queryByRole('heading', { level: 1, name: 'Registration Successful!' });

describe('the registration success page', () => {
  it('shows a paid entry as paid, with its reference', () => {
    renderSuccess(RECEIPT);
    expect(heading()).toBeTruthy();
    expect(screen.getByText('WS-2026-000042')).toBeTruthy();
    expect(screen.getByText('Paid: ₹499')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Complete payment' })).toBeNull();
  });

  it('says a fee a code took to nothing was waived with that code, never "Paid: ₹0"', () => {
    renderSuccess({ ...RECEIPT, entryFee: 0, code: 'FREEPASS' });
    expect(heading()).toBeTruthy();
    expect(screen.getByText('Fee waived with the code FREEPASS')).toBeTruthy();
    expect(screen.queryByText(/Paid/)).toBeNull();
    // A reload reads the code kept with the receipt.
    cleanup();
    rememberReceipt({ ...RECEIPT, entryFee: 0, code: 'FREEPASS' });
    renderSuccess();
    expect(screen.getByText('Fee waived with the code FREEPASS')).toBeTruthy();
  });

  it('shows a free entry without a payment line', () => {
    renderSuccess({ ...RECEIPT, entryType: 'free', entryFee: 0 });
    expect(heading()).toBeTruthy();
    expect(screen.queryByText(/Paid/)).toBeNull();
  });

  it("sends an unpaid entry to its entry page, never calling it 'Registration Successful!'", () => {
    renderSuccess({ ...RECEIPT, paymentStatus: 'pending' });
    expect(heading()).toBeNull();
    expect(screen.getByTestId('entry').textContent).toBe(`/entry#${TOKEN}`);
  });

  it('does the same for an unpaid receipt kept for the tab (a reload)', () => {
    rememberReceipt({ ...RECEIPT, paymentStatus: 'pending' });
    renderSuccess();
    expect(heading()).toBeNull();
    expect(screen.getByTestId('entry').textContent).toBe(`/entry#${TOKEN}`);
  });
});
