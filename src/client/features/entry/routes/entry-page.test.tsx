import { act, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EntryView } from '../../../../shared/schemas/entry.ts';
import {
  NO_PUBLICATION_CHOICE,
  PUBLICATION_CONSENT_LABELS,
} from '../../../../shared/schemas/publication-consent.ts';
import type { RegistrationReceipt } from '../../../../shared/schemas/registration.ts';
import { ToastProvider } from '../../../components/toast.tsx';
import { ERROR_MESSAGES } from '../../../lib/api-client.ts';
import { type Answer, envelope, stubApi } from '../../admin/common/test-helpers.tsx';
import { loadUnpaidEntry, rememberUnpaidEntry } from '../../registration/unpaid-entry-api.ts';
import { tokenOf } from '../entry-api.ts';
import EntryPage from './entry-page.tsx';

afterEach(() => {
  vi.restoreAllMocks();
});

/** A token shaped as the server issues them: `<submission id>.<expiry>.<MAC>`. */
const TOKEN = `6f1c2d3e-4a5b-4c6d-8e7f-90a1b2c3d4e5.1790000000.${'A1b2_C3d4-'.repeat(4)}xyz`;
const VIEW = 'POST /api/entries/view';
const LINK_INVALID = 'This link is not valid or has expired.';

function entryOf(overrides: Partial<EntryView> = {}): EntryView {
  return {
    reference: 'WS-2026-000123',
    competition: { id: 'c1', title: 'Monsoon Colours' },
    submittedAt: '2026-11-21T09:30:00.000Z',
    status: 'pending',
    paymentState: 'pending',
    entryFee: 1500,
    details: [
      { key: 'fullName', label: 'Full Name', value: 'Meera Iyer' },
      { key: 'email', label: 'Email', value: 'meera@example.com' },
      {
        key: 'works.0.fieldValues.artworkTitle',
        label: 'Artwork Title',
        value: 'Rain on the Hooghly',
      },
      {
        key: 'works.0.fieldValues.description',
        label: 'Description',
        value: 'Ink and wash.\nPainted in July.',
      },
    ],
    publicationConsent: 'anonymous',
    publicationConsentAt: '2026-11-21T09:30:00.000Z',
    result: null,
    ...overrides,
  };
}

/** The entry page at `url` (hash and all), as the app mounts it. */
function renderEntry(url: string) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <ToastProvider>
        <Routes>
          <Route path="/entry" element={<EntryPage />} />
        </Routes>
      </ToastProvider>
    </MemoryRouter>,
  );
}

/** The page itself, without the toasts' (empty) live regions beside it. */
const page = () => within(document.querySelector('section')!);

/** The view route answering `answers` in turn (the last one again after that); the bodies sent. */
function stubView(...answers: (Answer | (() => Answer | Promise<Answer>))[]) {
  const bodies: unknown[] = [];
  const calls = stubApi({
    [VIEW]: (body) => {
      bodies.push(body);
      const next = answers.length > 1 ? answers.shift()! : answers[0]!;
      return typeof next === 'function' ? next() : next;
    },
  });
  return { calls, bodies };
}

const ok = (entry: EntryView): Answer => ({ status: 200, body: entry });

/** The terms and descriptions of a <dl>, as shown. */
function termsOf(list: HTMLElement): Record<string, string | null | undefined> {
  return Object.fromEntries(
    [...list.querySelectorAll('dt')].map((term) => [
      term.textContent,
      term.nextElementSibling?.textContent,
    ]),
  );
}

/** The entry's summary: the first description list on the page. */
const summary = () => termsOf(document.querySelector('dl')!);
const lostLinkForm = () => screen.queryByRole('region', { name: 'Lost your link?' });
const completePayment = () => screen.queryByRole('button', { name: 'Complete payment' });

describe('the entry page with a token in its address', () => {
  it('sends the token in the body of a POST to /api/entries/view, never in the address', async () => {
    const { calls, bodies } = stubView(ok(entryOf()));
    renderEntry(`/entry#${TOKEN}`);
    expect(page().getByRole('status').textContent).toBe('Loading your entry…');
    expect(await screen.findByText('WS-2026-000123')).toBeTruthy();
    expect(calls).toEqual([VIEW]);
    expect(bodies).toEqual([{ entryToken: TOKEN }]);
    const [input, init] = vi.mocked(fetch).mock.calls[0]!;
    expect(String(input)).toBe('/api/entries/view');
    expect(String(input)).not.toContain(TOKEN.slice(0, 36));
    expect(init?.method).toBe('POST');
    expect(screen.queryByText('Loading your entry…')).toBeNull();
  });

  it('reads a percent-encoded token with spaces around it as the token itself', async () => {
    const { bodies } = stubView(ok(entryOf()));
    renderEntry(`/entry#%20${encodeURIComponent(TOKEN).replaceAll('.', '%2E')}%20`);
    await screen.findByText('WS-2026-000123');
    expect(bodies).toEqual([{ entryToken: TOKEN }]);
  });

  it('shows the reference, the competition as a link, the date, the review and the payment', async () => {
    stubView(ok(entryOf()));
    renderEntry(`/entry#${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your entry' })).toBeTruthy();
    await screen.findByText('WS-2026-000123');
    expect(summary()).toEqual({
      Reference: 'WS-2026-000123',
      Competition: 'Monsoon Colours',
      Submitted: '21 November 2026',
      Status: 'Pending Review',
      Payment: 'Payment Pending (₹1,500)',
    });
    expect(screen.getByRole('link', { name: 'Monsoon Colours' }).getAttribute('href')).toBe(
      '/competition/c1',
    );
    expect(document.title).toMatch(/^Your entry \| /);
  });

  it('lists what the artist sent, in order, and says the pictures are not shown', async () => {
    stubView(ok(entryOf({ status: 'approved' })));
    renderEntry(`/entry#${TOKEN}`);
    const heading = await screen.findByRole('heading', { level: 2, name: 'What you sent' });
    const details = heading.nextElementSibling as HTMLElement;
    expect(
      [...details.querySelectorAll('dt')].map((term) => [
        term.textContent,
        term.nextElementSibling?.textContent,
      ]),
    ).toEqual([
      ['Full Name', 'Meera Iyer'],
      ['Email', 'meera@example.com'],
      ['Artwork Title', 'Rain on the Hooghly'],
      ['Description', 'Ink and wash.\nPainted in July.'],
      ['Publication', PUBLICATION_CONSENT_LABELS.anonymous],
    ]);
    expect(
      screen.getByText('Your pictures are kept privately for the judges and are not shown here.'),
    ).toBeTruthy();
    expect(summary().Status).toBe('Approved');
  });

  it("says 'No choice recorded' for an entry registered before the choice was asked", async () => {
    stubView(ok(entryOf({ publicationConsent: null, publicationConsentAt: null })));
    renderEntry(`/entry#${TOKEN}`);
    const heading = await screen.findByRole('heading', { level: 2, name: 'What you sent' });
    const line = [...(heading.nextElementSibling as HTMLElement).querySelectorAll('dt')].find(
      (term) => term.textContent === 'Publication',
    );
    expect(line?.nextElementSibling?.textContent).toBe(NO_PUBLICATION_CHOICE);
  });

  it('names a competition that is gone without linking to it', async () => {
    stubView(ok(entryOf({ competition: { id: null, title: 'Old Show' }, status: 'rejected' })));
    renderEntry(`/entry#${TOKEN}`);
    await screen.findByText('WS-2026-000123');
    expect(summary().Competition).toBe('Old Show');
    expect(summary().Status).toBe('Rejected');
    expect(screen.queryByRole('link')).toBeNull();
  });
});

describe('the payment on the entry page', () => {
  it("offers 'Complete payment' while the fee is due, saying how much", async () => {
    stubView(ok(entryOf({ entryFee: 100000 })));
    renderEntry(`/entry#${TOKEN}`);
    await screen.findByText('WS-2026-000123');
    expect(summary().Payment).toBe('Payment Pending (₹1,00,000)');
    expect(screen.getByText('The entry fee of ₹1,00,000 is still to be paid.')).toBeTruthy();
    expect(completePayment()).toBeTruthy();
  });

  it('says plainly that an unpaid entry is saved but not complete, and where its link is', async () => {
    stubView(ok(entryOf()));
    renderEntry(`/entry#${TOKEN}`);
    await screen.findByText('WS-2026-000123');
    expect(
      screen.getByText('Your entry is saved, but it is not complete until the entry fee is paid.'),
    ).toBeTruthy();
    expect(
      screen.getByText('The link to come back to this page is in your confirmation e-mail.'),
    ).toBeTruthy();
    expect(screen.queryByText(/Registration Successful/)).toBeNull();
  });

  it.each([
    ['free', 0, 'Free Entry'],
    ['received', 1500, 'Payment Received (₹1,500)'],
    ['refunded', 1500, 'Refunded (₹1,500)'],
  ] as const)("shows a %s entry as '%s' without 'Complete payment'", async (state, fee, label) => {
    stubView(ok(entryOf({ paymentState: state, entryFee: fee })));
    renderEntry(`/entry#${TOKEN}`);
    await screen.findByText('WS-2026-000123');
    expect(summary().Payment).toBe(label);
    expect(completePayment()).toBeNull();
    expect(screen.queryByText(/still to be paid/)).toBeNull();
    expect(screen.queryByText(/not complete/)).toBeNull();
  });

  it('pays with the token and, once paid, loads the entry again while still showing it', async () => {
    let answerAgain: (answer: Answer) => void = () => {};
    const { calls, bodies } = stubView(
      ok(entryOf()),
      () => new Promise<Answer>((resolve) => (answerAgain = resolve)),
    );
    const orders: unknown[] = [];
    const fetchView = vi.mocked(fetch).getMockImplementation()!;
    vi.mocked(fetch).mockImplementation(async (input, init) => {
      if (String(input) !== '/api/payments/orders') return fetchView(input, init);
      calls.push(`POST ${String(input)}`);
      orders.push(JSON.parse(String(init?.body)));
      // Paid meanwhile (another tab): the checkout settles 'paid' at once.
      const { body, status } = envelope(409, 'ALREADY_PAID', 'This entry is already paid.');
      return new Response(JSON.stringify(body), { status });
    });
    renderEntry(`/entry#${TOKEN}`);
    await screen.findByText('WS-2026-000123');
    await userEvent.setup().click(completePayment()!);

    await waitFor(() => expect(calls).toEqual([VIEW, 'POST /api/payments/orders', VIEW]));
    expect(orders).toEqual([{ entryToken: TOKEN }]);
    expect(bodies).toEqual([{ entryToken: TOKEN }, { entryToken: TOKEN }]);
    // The entry shown stays while it loads again.
    expect(screen.getByText('WS-2026-000123')).toBeTruthy();
    expect(screen.queryByText('Loading your entry…')).toBeNull();

    await act(async () => answerAgain(ok(entryOf({ paymentState: 'received' }))));
    expect(summary().Payment).toBe('Payment Received (₹1,500)');
    expect(completePayment()).toBeNull();
  });
});

describe("the form's unpaid entry, once its page shows it settled", () => {
  afterEach(() => localStorage.clear());

  /** This browser kept the entry `reference` of c1 as waiting for its fee. */
  function keep(reference: string): RegistrationReceipt {
    const receipt: RegistrationReceipt = {
      id: '6f1c2d3e-4a5b-4c6d-8e7f-90a1b2c3d4e5',
      reference,
      competition: { id: 'c1', title: 'Monsoon Colours' },
      entryType: 'paid',
      entryFee: 1500,
      status: 'pending',
      paymentStatus: 'pending',
      email: 'meera@example.com',
      createdAt: '2026-11-21T09:30:00.000Z',
      entryToken: TOKEN,
    };
    rememberUnpaidEntry(receipt);
    return receipt;
  }

  it.each(['received', 'refunded'] as const)(
    'is forgotten by this browser when the page shows it %s',
    async (paymentState) => {
      keep('WS-2026-000123');
      stubView(ok(entryOf({ paymentState })));
      renderEntry(`/entry#${TOKEN}`);
      await screen.findByText('WS-2026-000123');
      expect(loadUnpaidEntry('c1')).toBeNull();
    },
  );

  it('stays kept while the page shows it unpaid', async () => {
    const receipt = keep('WS-2026-000123');
    stubView(ok(entryOf()));
    renderEntry(`/entry#${TOKEN}`);
    await screen.findByText('WS-2026-000123');
    expect(loadUnpaidEntry('c1')).toEqual(receipt);
  });

  it('stays kept when the page shows another entry of the same competition paid', async () => {
    const receipt = keep('WS-2026-000099');
    stubView(ok(entryOf({ paymentState: 'received' })));
    renderEntry(`/entry#${TOKEN}`);
    await screen.findByText('WS-2026-000123');
    expect(loadUnpaidEntry('c1')).toEqual(receipt);
  });
});

describe('the entry page without a working link', () => {
  it.each([['/entry'], ['/entry#'], ['/entry#%20%20']])(
    "at %s explains where the link is and offers 'Lost your link?', asking nothing",
    (url) => {
      const calls = stubApi({});
      renderEntry(url);
      expect(
        screen.getByText('Open the link in your confirmation e-mail to see your entry.'),
      ).toBeTruthy();
      expect(lostLinkForm()).toBeTruthy();
      expect(within(lostLinkForm()!).getByLabelText(/^Email/)).toBeTruthy();
      expect(page().queryByRole('alert')).toBeNull();
      expect(screen.queryByText('Loading your entry…')).toBeNull();
      expect(calls).toEqual([]);
    },
  );

  it("says a refused link is not valid, as an alert, and offers 'Lost your link?'", async () => {
    const { calls } = stubView(envelope(404, 'ENTRY_LINK_INVALID', LINK_INVALID));
    renderEntry(`/entry#${TOKEN}`);
    expect((await page().findByRole('alert')).textContent).toBe(LINK_INVALID);
    expect(lostLinkForm()).toBeTruthy();
    expect(
      screen.queryByText('Open the link in your confirmation e-mail to see your entry.'),
    ).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(calls).toEqual([VIEW]);
  });

  it('says a link too damaged to read is not valid, not which field was wrong', async () => {
    stubView(
      envelope(400, 'VALIDATION_ERROR', 'Some fields are not valid.', {
        entryToken: 'Too big: expected string to have <=200 characters',
      }),
    );
    renderEntry(`/entry#${'x'.repeat(201)}`);
    expect((await page().findByRole('alert')).textContent).toBe(LINK_INVALID);
    expect(lostLinkForm()).toBeTruthy();
  });

  it("says the server cannot be reached and offers 'Try again', which asks again", async () => {
    const { calls } = stubView(() => {
      throw new TypeError('Failed to fetch');
    }, ok(entryOf()));
    renderEntry(`/entry#${TOKEN}`);
    const alert = await page().findByRole('alert');
    expect(alert.textContent).toBe(`${ERROR_MESSAGES.NETWORK_ERROR}Try again`);
    expect(lostLinkForm()).toBeNull();

    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('WS-2026-000123')).toBeTruthy();
    expect(page().queryByRole('alert')).toBeNull();
    expect(calls).toEqual([VIEW, VIEW]);
  });

  it("says an unexpected server failure in the seed's words, not as a bad link", async () => {
    stubView(envelope(500, 'INTERNAL_ERROR', 'database is locked'));
    renderEntry(`/entry#${TOKEN}`);
    const alert = await page().findByRole('alert');
    expect(alert.textContent).toBe(`${ERROR_MESSAGES.UNKNOWN_ERROR}Try again`);
    expect(lostLinkForm()).toBeNull();
  });
});

describe('tokenOf', () => {
  it('takes everything after the one leading #', () => {
    expect(tokenOf('#abc.123.XYZ_-')).toBe('abc.123.XYZ_-');
    expect(tokenOf('abc.123')).toBe('abc.123');
    expect(tokenOf('##abc')).toBe('#abc');
    expect(tokenOf('#')).toBe('');
    expect(tokenOf('')).toBe('');
  });

  it('decodes percent-encoding', () => {
    expect(tokenOf('#abc%2E123%2Exyz')).toBe('abc.123.xyz');
    expect(tokenOf('#a%2Bb%2Fc%3D')).toBe('a+b/c=');
  });

  it('trims whitespace, typed or encoded', () => {
    expect(tokenOf('#  abc.123 \n')).toBe('abc.123');
    expect(tokenOf('#%20abc%09%0A')).toBe('abc');
    expect(tokenOf('#%20%20')).toBe('');
  });

  it('keeps malformed percent-encoding as it is, trimmed', () => {
    expect(tokenOf('#abc%')).toBe('abc%');
    expect(tokenOf('#abc%zz ')).toBe('abc%zz');
    expect(tokenOf('# %E0%A4%A ')).toBe('%E0%A4%A');
  });
});
