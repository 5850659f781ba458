import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicCompetition } from '../../../../shared/schemas/competition.ts';
import type { EntryView } from '../../../../shared/schemas/entry.ts';
import { DEFAULT_FORM_FIELDS } from '../../../../shared/schemas/form-field.ts';
import type { CheckoutOrder } from '../../../../shared/schemas/payment.ts';
import type { RegistrationReceipt } from '../../../../shared/schemas/registration.ts';
import { ToastProvider } from '../../../components/toast.tsx';
import { type Answer, envelope, stubApi } from '../../admin/common/test-helpers.tsx';
import { readReceipt } from '../registration-api.ts';
import RegisterPage from '../routes/register-page.tsx';
import { startAnotherNote } from './unpaid-entry-offer.tsx';
import {
  loadUnpaidEntry,
  rememberUnpaidEntry,
  UNPAID_ENTRY_KEPT_MS,
  unpaidEntryKey,
} from '../unpaid-entry-api.ts';

/*
 * The form of a paid competition, in a browser that sent an entry to it whose
 * fee is still due. The server is a stand-in answering the real routes' shapes; the journeys in
 * Chromium run the same against the real server.
 */

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const COMPETITION: PublicCompetition = {
  id: 'c-paid',
  title: 'Portraits of the City',
  description: '',
  image: null,
  prizeImage: null,
  category: { id: 'cat', name: 'Painting' },
  subcategory: null,
  startDate: '2026-01-01',
  endDate: '2099-12-31',
  opensAt: '2025-12-31T18:30:00.000Z',
  closesAt: '2099-12-31T18:30:00.000Z',
  entryType: 'paid',
  entryFee: 499,
  status: 'open',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const TOKEN = `6f1c2d3e-4a5b-4c6d-8e7f-90a1b2c3d4e5.1790000000.${'A1b2_C3d4-'.repeat(4)}xyz`;
const RECEIPT: RegistrationReceipt = {
  id: '6f1c2d3e-4a5b-4c6d-8e7f-90a1b2c3d4e5',
  reference: 'WS-2026-000042',
  competition: { id: COMPETITION.id, title: COMPETITION.title },
  entryType: 'paid',
  entryFee: 499,
  status: 'pending',
  paymentStatus: 'pending',
  email: 'asha@example.com',
  createdAt: '2026-11-25T09:00:00.000Z',
  entryToken: TOKEN,
};
const ORDER: CheckoutOrder = {
  provider: 'test',
  keyId: 'test',
  orderId: 'order_1',
  amountPaise: 49_900,
  currency: 'INR',
  reference: RECEIPT.reference,
  competitionTitle: COMPETITION.title,
  prefill: { name: 'Asha', email: RECEIPT.email, contact: '+91 98765 43210' },
};

const view = (paymentState: EntryView['paymentState']): Answer => ({
  status: 200,
  body: {
    reference: RECEIPT.reference,
    competition: RECEIPT.competition,
    submittedAt: RECEIPT.createdAt,
    status: 'pending',
    paymentState,
    entryFee: 499,
    details: [],
    publicationConsent: 'name',
    publicationConsentAt: RECEIPT.createdAt,
    result: null,
  } satisfies EntryView,
});

/** The server: the form, the entry page's call answering `entry` in turn, and the checkout. */
function stubServer(...entry: (Answer | (() => Promise<Answer>))[]): {
  calls: string[];
  viewed: unknown[];
} {
  return stubServerWithdrawing(
    { status: 200, body: { ...(view('pending').body as EntryView), status: 'withdrawn' } },
    ...entry,
  );
}

function stubServerWithdrawing(withdrawn: Answer, ...entry: (Answer | (() => Promise<Answer>))[]) {
  const viewed: unknown[] = [];
  const calls = stubApi({
    'POST /api/entries/withdraw': withdrawn,
    [`GET /api/competitions/${COMPETITION.id}/registration-form`]: {
      status: 200,
      body: { competition: COMPETITION, formFields: DEFAULT_FORM_FIELDS.filter((f) => f.enabled) },
    },
    'POST /api/entries/view': (body) => {
      viewed.push(body);
      const next = entry.length > 1 ? entry.shift()! : entry[0]!;
      return typeof next === 'function' ? next() : next;
    },
    'POST /api/payments/orders': { status: 200, body: ORDER },
    'POST /api/payments/test-checkout/order_1': {
      status: 200,
      body: { razorpay_order_id: 'order_1', razorpay_payment_id: 'pay_1', razorpay_signature: 's' },
    },
    'POST /api/payments/verify': { status: 200, body: { paymentStatus: 'paid' } },
  });
  return { calls, viewed };
}

function Location() {
  const { pathname } = useLocation();
  return <output data-testid="location">{pathname}</output>;
}

function renderForm() {
  render(
    <MemoryRouter initialEntries={[`/register/competition?competition=${COMPETITION.id}`]}>
      <ToastProvider>
        <Routes>
          <Route path="/register/competition" element={<RegisterPage />} />
          <Route path="/registration-success" element={<h1>Success</h1>} />
        </Routes>
        <Location />
      </ToastProvider>
    </MemoryRouter>,
  );
}

const offer = () => screen.findByRole('region', { name: 'Your entry is waiting for its fee' });
const form = () => screen.queryByRole('form', { name: 'Registration' });

describe('the registration form, with an unpaid entry of this browser', () => {
  it('shows the form at once when this browser kept no entry, asking the server nothing of it', async () => {
    const { calls } = stubServer(view('pending'));
    renderForm();
    await waitFor(() => expect(form()).not.toBeNull());
    expect(calls).not.toContain('POST /api/entries/view');
  });

  it("offers 'Complete payment' for it in place of a blank form, once the server says it is unpaid", async () => {
    const { viewed } = stubServer(view('pending'));
    rememberUnpaidEntry(RECEIPT);
    renderForm();
    expect((await screen.findByText('Checking your earlier entry…')).getAttribute('role')).toBe(
      'status',
    );
    const region = await offer();
    expect(region.textContent).toContain(
      'It is saved, but it is not complete until the entry fee of ₹499 is paid.',
    );
    expect(region.textContent).toContain(
      'The link to come back to this entry is in your confirmation e-mail.',
    );
    expect(within(region).getByText('WS-2026-000042')).toBeTruthy();
    expect(within(region).getByRole('button', { name: 'Complete payment' })).toBeTruthy();
    expect(within(region).getByRole('button', { name: 'Start a different entry' })).toBeTruthy();
    expect(form()).toBeNull();
    expect(viewed).toEqual([{ entryToken: TOKEN }]);
  });

  it.each([
    ['paid meanwhile', view('received')],
    ['refunded', view('refunded')],
    ['a link the server no longer opens', envelope(404, 'NOT_FOUND', 'Not found')],
    ['a link the server cannot read', envelope(400, 'VALIDATION_ERROR', 'Invalid')],
  ])('forgets it when it is %s, and shows the form', async (_, answer) => {
    stubServer(answer);
    rememberUnpaidEntry(RECEIPT);
    renderForm();
    await waitFor(() => expect(form()).not.toBeNull());
    expect(loadUnpaidEntry(COMPETITION.id)).toBeNull();
  });

  it('still offers it when the server cannot be asked, and keeps it', async () => {
    stubServer(envelope(503, 'BUSY', 'The server is busy.'));
    rememberUnpaidEntry(RECEIPT);
    renderForm();
    await offer();
    expect(loadUnpaidEntry(COMPETITION.id)).toEqual(RECEIPT);
  });

  it("pays for that same entry with 'Complete payment', forgets it and goes to the success page", async () => {
    const { calls } = stubServer(view('pending'));
    rememberUnpaidEntry(RECEIPT);
    renderForm();
    const user = userEvent.setup();
    await user.click(within(await offer()).getByRole('button', { name: 'Complete payment' }));
    const checkout = await screen.findByRole('dialog', { name: 'Test payment' });
    await user.click(within(checkout).getByRole('button', { name: 'Pay ₹499' }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/registration-success'),
    );
    expect(loadUnpaidEntry(COMPETITION.id)).toBeNull();
    expect(readReceipt(null)).toEqual({ ...RECEIPT, paymentStatus: 'paid' });
    expect(calls.filter((c) => c.startsWith('POST /api/submissions'))).toEqual([]);
  });

  it("says 'Payment cancelled' when the checkout is closed, and offers the same entry again", async () => {
    stubServer(view('pending'));
    rememberUnpaidEntry(RECEIPT);
    renderForm();
    const user = userEvent.setup();
    await user.click(within(await offer()).getByRole('button', { name: 'Complete payment' }));
    const checkout = await screen.findByRole('dialog', { name: 'Test payment' });
    await user.click(within(checkout).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Payment cancelled')).toBeTruthy();
    expect(within(await offer()).getByRole('button', { name: 'Complete payment' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/register/competition');
    expect(loadUnpaidEntry(COMPETITION.id)).toEqual(RECEIPT);
  });

  it("starts a different entry on purpose: the unpaid one withdrawn, forgotten, what was typed kept, the form's first field focused", async () => {
    const { calls } = stubServer(view('pending'));
    rememberUnpaidEntry(RECEIPT, Date.now(), { fullName: 'Asha Rao', pincode: '700029' });
    renderForm();
    const user = userEvent.setup();
    const button = within(await offer()).getByRole('button', { name: 'Start a different entry' });
    // Said before the choice, and tied to the button.
    const note = document.getElementById(button.getAttribute('aria-describedby')!);
    expect(note?.textContent).toBe(startAnotherNote(RECEIPT.reference));
    await user.click(button);
    await waitFor(() => expect(form()).not.toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Full Name/)));
    expect(calls).toContain('POST /api/entries/withdraw');
    expect((screen.getByLabelText(/^Full Name/) as HTMLInputElement).value).toBe('Asha Rao');
    expect((screen.getByLabelText(/^Pincode/) as HTMLInputElement).value).toBe('700029');
    expect(screen.getByText('We restored what you typed earlier.')).toBeTruthy();
    expect(loadUnpaidEntry(COMPETITION.id)).toBeNull();
  });

  it('keeps offering the entry when the server refuses to withdraw it (paid meanwhile), saying why', async () => {
    const message = 'Only an entry whose fee is still to be paid can be withdrawn.';
    stubServerWithdrawing(envelope(409, 'NOT_WITHDRAWABLE', message), view('pending'));
    rememberUnpaidEntry(RECEIPT);
    renderForm();
    const user = userEvent.setup();
    await user.click(
      within(await offer()).getByRole('button', { name: 'Start a different entry' }),
    );
    expect((await within(await offer()).findByRole('alert')).textContent).toBe(message);
    expect(form()).toBeNull();
    expect(loadUnpaidEntry(COMPETITION.id)).toEqual(RECEIPT);
  });

  it('hears another tab keep an unpaid entry, and forget it once paid', async () => {
    const { viewed } = stubServer(view('pending'), view('received'));
    renderForm();
    await waitFor(() => expect(form()).not.toBeNull());

    // Another tab sends an entry and its checkout is left unpaid.
    rememberUnpaidEntry(RECEIPT);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: unpaidEntryKey(COMPETITION.id) }));
    });
    await offer();

    // There it is paid: the other tab forgets it, and this one checks and shows the form.
    localStorage.removeItem(unpaidEntryKey(COMPETITION.id));
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: unpaidEntryKey(COMPETITION.id) }));
    });
    await waitFor(() => expect(form()).not.toBeNull());
    expect(viewed).toHaveLength(1);
  });

  it('checks again when the page comes back from the browser cache (Back)', async () => {
    const { viewed } = stubServer(view('pending'), view('received'));
    rememberUnpaidEntry(RECEIPT);
    renderForm();
    await offer();
    act(() => {
      // happy-dom's PageTransitionEvent drops `persisted`: an event of the same shape.
      window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    });
    await waitFor(() => expect(form()).not.toBeNull());
    expect(viewed).toHaveLength(2);
    expect(loadUnpaidEntry(COMPETITION.id)).toBeNull();
  });
});

/** happy-dom decodes and draws no pictures: the browser's part of choosing one, stood in for. */
function decodePictures() {
  vi.stubGlobal('createImageBitmap', () =>
    Promise.resolve({ width: 1200, height: 900, close: () => {} }),
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
    drawImage: () => {},
    fillRect: () => {},
  } as never);
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((done) =>
    done(new Blob(['jpeg'], { type: 'image/jpeg' })),
  );
}

async function choosePhoto() {
  await userEvent
    .setup()
    .upload(screen.getByLabelText(/^Photo/), new File(['png'], 'me.png', { type: 'image/png' }));
  await screen.findByRole('img', { name: 'Photo: preview' });
}

const stillChosen = () => screen.queryByRole('img', { name: 'Photo: preview' });

describe('the form keeps the pictures chosen when the kept entry is heard again', () => {
  it.each([
    ['another tab clears its storage', () => new StorageEvent('storage', { key: null })],
    [
      'the page comes back from the browser cache',
      () => Object.assign(new Event('pageshow'), { persisted: true }),
    ],
  ])('after the kept entry was found paid, when %s', async (_, event) => {
    decodePictures();
    const { viewed } = stubServer(view('received'));
    rememberUnpaidEntry(RECEIPT);
    renderForm();
    await waitFor(() => expect(form()).not.toBeNull());
    await choosePhoto();

    act(() => {
      window.dispatchEvent(event());
    });
    expect(stillChosen()).not.toBeNull();
    expect(form()).not.toBeNull();
    expect(viewed).toHaveLength(1);
  });

  it('hides the form, unsendable, while another tab keeps an unpaid entry, and shows it again as it was', async () => {
    decodePictures();
    stubServer(view('pending'));
    renderForm();
    await waitFor(() => expect(form()).not.toBeNull());
    await choosePhoto();

    rememberUnpaidEntry(RECEIPT);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: unpaidEntryKey(COMPETITION.id) }));
    });
    await offer();
    expect(form()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit Registration' })).toBeNull();

    // It is paid there and forgotten: the form is back with the photo chosen before.
    localStorage.removeItem(unpaidEntryKey(COMPETITION.id));
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: unpaidEntryKey(COMPETITION.id) }));
    });
    await waitFor(() => expect(form()).not.toBeNull());
    expect(stillChosen()).not.toBeNull();
  });
});

describe('how long this browser keeps an unpaid entry', () => {
  const DAY = 24 * 60 * 60 * 1000;

  it('keeps it for seven days', () => {
    const now = Date.parse('2026-11-25T12:00:00Z');
    rememberUnpaidEntry(RECEIPT, now);
    expect(loadUnpaidEntry(COMPETITION.id, now + 6 * DAY)).toEqual(RECEIPT);
    expect(loadUnpaidEntry(COMPETITION.id, now + UNPAID_ENTRY_KEPT_MS)).toEqual(RECEIPT);
  });

  it('forgets it after seven days, and removes it', () => {
    const now = Date.parse('2026-11-25T12:00:00Z');
    rememberUnpaidEntry(RECEIPT, now);
    expect(loadUnpaidEntry(COMPETITION.id, now + UNPAID_ENTRY_KEPT_MS + 1)).toBeNull();
    expect(localStorage.getItem(unpaidEntryKey(COMPETITION.id))).toBeNull();
  });

  it('counts one kept without its time (as the first version kept them) as expired', () => {
    localStorage.setItem(unpaidEntryKey(COMPETITION.id), JSON.stringify(RECEIPT));
    expect(loadUnpaidEntry(COMPETITION.id)).toBeNull();
    expect(localStorage.getItem(unpaidEntryKey(COMPETITION.id))).toBeNull();
  });

  it('shows the form at once for one kept eight days ago, asking the server nothing of it', async () => {
    const { calls } = stubServer(view('pending'));
    rememberUnpaidEntry(RECEIPT, Date.now() - 8 * DAY);
    renderForm();
    await waitFor(() => expect(form()).not.toBeNull());
    expect(calls).not.toContain('POST /api/entries/view');
    expect(localStorage.getItem(unpaidEntryKey(COMPETITION.id))).toBeNull();
  });
});
