import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminEntry, AdminPayment } from '../../../../shared/schemas/admin-entry.ts';
import {
  NO_PUBLICATION_CHOICE,
  PUBLICATION_CONSENT_LABELS,
} from '../../../../shared/schemas/publication-consent.ts';
import { ERROR_MESSAGES } from '../../../lib/api-client.ts';
import { type Answer, envelope, renderAdmin, SIGNED_IN, stubApi } from '../common/test-helpers.tsx';
import { PAID_TWICE_NOTICE } from './entry-detail-page.tsx';
import { REVIEW_COMPETITION, REVIEW_ENTRY_ID, reviewItemOf } from './review-item-fixture.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

const ID = REVIEW_ENTRY_ID;
const LOAD = `GET /api/admin/submissions/${ID}`;
const REVIEW = `GET /api/admin/submissions/${ID}/review`;
const DECIDE = `PUT /api/admin/submissions/${ID}/status`;
const UNDO = `POST /api/admin/submissions/${ID}/status/undo`;
const REFUND_B2 = 'POST /api/admin/payments/pay_B2/refund';
const QUESTION =
  'Refund ₹1,500 to Meera Iyer for WS-2026-000123? The money goes back to the account it was paid from, within 7-10 days. This cannot be undone.';

function paymentOf(id: string, overrides: Partial<AdminPayment> = {}): AdminPayment {
  return {
    paymentId: `pay_${id}`,
    orderId: `order_${id}`,
    provider: 'razorpay',
    amountPaise: 150_000,
    currency: 'INR',
    status: 'captured',
    errorDescription: null,
    refundId: null,
    createdAt: '2026-11-21T09:30:00.000Z',
    updatedAt: '2026-11-21T09:31:00.000Z',
    ...overrides,
  };
}

function entryOf(overrides: Partial<AdminEntry> = {}, entry: Partial<AdminEntry['entry']> = {}) {
  return {
    id: ID,
    fullName: 'Meera Iyer',
    entry: {
      reference: 'WS-2026-000123',
      competition: { id: 'c1', title: 'Monsoon Colours' },
      submittedAt: '2026-11-21T09:30:00.000Z',
      status: 'pending',
      paymentState: 'received',
      entryFee: 1500,
      details: [
        { key: 'fullName', label: 'Full Name', value: 'Meera Iyer' },
        {
          key: 'works.0.fieldValues.artworkTitle',
          label: 'Artwork Title',
          value: 'Rain on the Hooghly',
        },
      ],
      publicationConsent: 'name',
      publicationConsentAt: '2026-11-21T09:30:00.000Z',
      result: null,
      ...entry,
    },
    payments: [
      paymentOf('A1', { status: 'failed', errorDescription: 'Card declined by the bank' }),
      paymentOf('B2'),
      paymentOf('C3', { provider: 'test', status: 'refunded', refundId: 'rfnd_1' }),
      paymentOf('D4', { status: 'created' }),
      paymentOf('E5', { status: 'authorized', amountPaise: 49_900 }),
    ],
    paidTwice: false,
    ...overrides,
  } satisfies AdminEntry;
}

const ok = (body: AdminEntry): Answer => ({ status: 200, body });
const RECEIPTS = 'GET /api/admin/receipts';

const COMPETITION = REVIEW_COMPETITION;

/**
 * The entry page with a fake server: `loads` answered in turn (the last one again after that);
 * `url` the address it is opened at.
 */
function stubPage(
  loads: Answer[],
  routes: Parameters<typeof stubApi>[0] = {},
  url = `/admin/submissions/${ID}`,
) {
  const calls = stubApi({
    'GET /api/auth/session': SIGNED_IN,
    [LOAD]: () => (loads.length > 1 ? loads.shift()! : loads[0]!),
    [REVIEW]: { status: 200, body: reviewItemOf() },
    [RECEIPTS]: { status: 200, body: { receipts: [] } },
    ...routes,
  });
  renderAdmin(url);
  return calls;
}

/** The terms and descriptions of a <dl>, as shown. */
const termsOf = (list: Element) =>
  Object.fromEntries(
    [...list.querySelectorAll('dt')].map((term) => [
      term.textContent,
      term.nextElementSibling?.textContent,
    ]),
  );

const paymentsTable = () => screen.getByRole('table', { name: 'Payment attempts, oldest first' });
const rows = () => within(paymentsTable()).getAllByRole('row').slice(1);
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
const refundButtons = () => screen.queryAllByRole('button', { name: /^Refund ₹/ });

async function loaded() {
  return screen.findByRole('heading', { level: 1, name: 'Entry WS-2026-000123' });
}

describe("the admin's entry page", () => {
  it('loads the entry by its id and shows the artist, competition, review and payment', async () => {
    const calls = stubPage([ok(entryOf())]);
    await loaded();
    expect(calls).toContain(LOAD);
    expect(termsOf(document.querySelector('dl')!)).toEqual({
      Artist: 'Meera Iyer',
      Competition: 'Monsoon Colours',
      Status: 'Pending Review',
      Payment: 'Payment Received',
    });
    expect(screen.getByRole('link', { name: 'Back to the dashboard' }).getAttribute('href')).toBe(
      '/admin/dashboard',
    );
    const sent = screen.getByRole('region', { name: 'What the artist sent' });
    expect(termsOf(sent)).toMatchObject({
      Reference: 'WS-2026-000123',
      'Full Name': 'Meera Iyer',
      'Artwork Title': 'Rain on the Hooghly',
      Publication: PUBLICATION_CONSENT_LABELS.name,
    });
    expect(screen.queryByText(PAID_TWICE_NOTICE)).toBeNull();
  });

  it("says 'No choice recorded' for an entry registered before the choice was asked", async () => {
    stubPage([ok(entryOf({}, { publicationConsent: null, publicationConsentAt: null }))]);
    await loaded();
    const sent = screen.getByRole('region', { name: 'What the artist sent' });
    expect(termsOf(sent)).toMatchObject({ Publication: NO_PUBLICATION_CHOICE });
  });

  it('lists every payment attempt with its amount and state, oldest first', async () => {
    stubPage([ok(entryOf())]);
    await loaded();
    expect(
      within(paymentsTable())
        .getAllByRole('columnheader')
        .map((heading) => heading.textContent),
    ).toEqual(['Payment', 'Amount', 'State', 'When', 'Action']);
    const [failed, captured, refunded, created, authorized] = rows();
    expect(cellsOf(failed!).slice(0, 3)).toEqual([
      'pay_A1Razorpay · order_A1',
      '₹1,500',
      'FailedCard declined by the bank',
    ]);
    expect(cellsOf(captured!).slice(0, 3)).toEqual([
      'pay_B2Razorpay · order_B2',
      '₹1,500',
      'Received',
    ]);
    expect(cellsOf(refunded!).slice(0, 3)).toEqual([
      'pay_C3Test checkout · order_C3',
      '₹1,500',
      'Refunded',
    ]);
    expect(cellsOf(created!)[2]).toBe('Started');
    expect(cellsOf(authorized!).slice(1, 3)).toEqual(['₹499', 'Authorized']);
  });

  it('lists the receipts and credit notes, each a link to its PDF', async () => {
    const receipt = {
      number: 'WS/2026-27/000123',
      kind: 'receipt',
      issuedAt: '2026-11-21T09:31:00.000Z',
      amountPaise: 150_000,
      reverses: null,
      paymentId: 'pay_B2',
    };
    const note = { ...receipt, number: 'WS-CN/2026-27/000004', kind: 'credit_note' };
    stubPage([ok(entryOf())], {
      [RECEIPTS]: {
        status: 200,
        body: { receipts: [receipt, { ...note, reverses: receipt.number }] },
      },
    });
    const section = await screen.findByRole('region', { name: 'Receipts' });
    const link = await within(section).findByRole('link', { name: 'Receipt WS/2026-27/000123' });
    expect(link.getAttribute('href')).toBe('/api/admin/receipts/pdf?number=WS%2F2026-27%2F000123');
    const items = within(section).getAllByRole('listitem');
    expect(items[1]?.textContent).toContain('Credit note WS-CN/2026-27/000004');
    expect(items[1]?.textContent).toContain('reverses WS/2026-27/000123');
    expect(items[0]?.textContent).toContain('₹1,500');
  });

  it('offers Refund only on a received (captured) payment', async () => {
    stubPage([ok(entryOf())]);
    await loaded();
    const [, captured] = rows();
    expect(refundButtons().map((button) => button.closest('tr'))).toEqual([captured]);
    expect(refundButtons()[0]!.getAttribute('aria-label')).toBe('Refund ₹1,500 (pay_B2)');
    expect(refundButtons()[0]!.textContent).toBe('Refund');
  });

  it('asks before refunding, naming the amount, the artist and the entry; Cancel sends nothing', async () => {
    const calls = stubPage([ok(entryOf())], { [REFUND_B2]: ok(entryOf()) });
    await loaded();
    const user = userEvent.setup();
    await user.click(refundButtons()[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Refund payment' });
    expect(within(dialog).getByText(QUESTION)).toBeTruthy();
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)?.textContent).toBe(
      QUESTION,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls).not.toContain(REFUND_B2);
  });

  it("refunds on confirming: a toast 'Refunded ₹1,500 to Meera Iyer', and the entry is read again", async () => {
    const refunded = entryOf(
      {
        payments: [paymentOf('B2', { status: 'refunded', refundId: 'rfnd_2' })],
      },
      { paymentState: 'refunded' },
    );
    const calls = stubPage([ok(entryOf()), ok(refunded)], { [REFUND_B2]: ok(refunded) });
    await loaded();
    const user = userEvent.setup();
    await user.click(refundButtons()[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Refund payment' });
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));

    expect(await screen.findByText('Refunded ₹1,500 to Meera Iyer')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(refundButtons()).toEqual([]));
    const shown = (call: string) =>
      call !== 'GET /api/auth/session' && call !== REVIEW && !call.startsWith(RECEIPTS);
    expect(calls.filter(shown)).toEqual([LOAD, REFUND_B2, LOAD]);
    // The refund's credit note is read again with the entry.
    expect(calls.filter((call) => call.startsWith(RECEIPTS))).toHaveLength(2);
    expect(termsOf(document.querySelector('dl')!).Payment).toBe('Refunded');
    expect(cellsOf(rows()[0]!)[2]).toBe('Refunded');
    // The Refund button went with its payment: focus waits on the entry's summary.
    expect(document.activeElement).toBe(document.querySelector('dl'));
  });

  it("keeps the dialog open with 'Failed to refund payment.' and the server's reason", async () => {
    const calls = stubPage([ok(entryOf())], {
      [REFUND_B2]: envelope(409, 'ALREADY_REFUNDED', 'This payment has already been refunded.'),
    });
    await loaded();
    const user = userEvent.setup();
    await user.click(refundButtons()[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Refund payment' });
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Failed to refund payment. This payment has already been refunded.',
    );
    expect(screen.getByRole('dialog', { name: 'Refund payment' })).toBe(dialog);
    expect(screen.queryByText(/^Refunded ₹/)).toBeNull();
    expect(calls.filter((call) => call === LOAD)).toHaveLength(1);
  });

  it("says 'Failed to refund payment.' in the seed's words when the server fails", async () => {
    stubPage([ok(entryOf())], { [REFUND_B2]: envelope(502, 'GATEWAY_ERROR', 'Razorpay said no') });
    await loaded();
    const user = userEvent.setup();
    await user.click(refundButtons()[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Refund payment' });
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      `Failed to refund payment. ${ERROR_MESSAGES.UNKNOWN_ERROR}`,
    );
  });

  it('says an entry was paid twice, with a Refund on each received payment', async () => {
    stubPage([
      ok(
        entryOf({
          paidTwice: true,
          payments: [paymentOf('B2'), paymentOf('F6')],
        }),
      ),
    ]);
    await loaded();
    expect(screen.getByText(PAID_TWICE_NOTICE)).toBeTruthy();
    expect(PAID_TWICE_NOTICE).toBe(
      'This entry was paid twice. Refund one of the received payments below.',
    );
    expect(refundButtons().map((button) => button.getAttribute('aria-label'))).toEqual([
      'Refund ₹1,500 (pay_B2)',
      'Refund ₹1,500 (pay_F6)',
    ]);
  });

  it('says when there is nothing to pay, or nothing paid yet, without a table', async () => {
    stubPage([ok(entryOf({ payments: [] }, { paymentState: 'free', entryFee: 0 }))]);
    await loaded();
    expect(screen.getByText('A free entry: nothing to pay.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(termsOf(document.querySelector('dl')!).Payment).toBe('Free Entry');
  });

  it('says no payment was made yet for an unpaid entry', async () => {
    stubPage([ok(entryOf({ payments: [] }, { paymentState: 'pending' }))]);
    await loaded();
    expect(screen.getByText('No payment yet.')).toBeTruthy();
    expect(termsOf(document.querySelector('dl')!).Payment).toBe('Payment Pending');
  });

  it("shows why the entry cannot be read, and 'Try again' reads it again", async () => {
    const calls = stubPage([envelope(404, 'NOT_FOUND', 'Submission not found'), ok(entryOf())]);
    expect(await screen.findByText('Submission not found')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Entry');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await loaded();
    expect(calls.filter((call) => call === LOAD)).toHaveLength(2);
  });
});

describe("the admin's entry page: pictures, decisions and the way back", () => {
  it('shows the photo and the artworks, each with its original to download', async () => {
    const calls = stubPage([ok(entryOf())]);
    await loaded();
    const pictures = screen.getByRole('region', { name: 'Photo and artworks' });
    const photo = await within(pictures).findByRole('img', { name: 'Photo of Meera Iyer' });
    expect(photo.getAttribute('src')).toBe(`/api/admin/files/submissions/${ID}/photo-1.jpg`);
    expect(within(pictures).getByRole('img', { name: 'Artwork Photo' }).getAttribute('src')).toBe(
      `/api/admin/files/submissions/${ID}/artworkurl-2-display.webp`,
    );
    expect(within(pictures).getAllByRole('img')).toHaveLength(2);
    expect(
      within(pictures)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Download Photo', `/api/admin/submissions/${ID}/download/photo`],
      ['Download Artwork Photo', `/api/admin/submissions/${ID}/download/artworkUrl`],
    ]);
    expect(calls).toContain(REVIEW);
    expect(screen.queryByText('Possible duplicate')).toBeNull();
  });

  it('stands in for pictures being made, without downloads, and shows them once they are ready', async () => {
    const answers = [reviewItemOf({ pictures: 'processing' })];
    const calls = stubPage([ok(entryOf())], {
      [REVIEW]: () => ({ status: 200, body: answers.shift() ?? reviewItemOf() }),
    });
    await loaded();
    const pictures = screen.getByRole('region', { name: 'Photo and artworks' });
    const stand = await within(pictures).findByRole('img', {
      name: 'Photo of Meera Iyer: Processing picture…',
    });
    expect(stand.tagName).toBe('SPAN');
    expect(within(pictures).getAllByText('Processing picture…')).toHaveLength(2);
    expect(within(pictures).queryAllByRole('link')).toEqual([]);
    // Asked again while they are being made: the pictures appear without a reload.
    const photo = await within(pictures).findByRole(
      'img',
      { name: 'Photo of Meera Iyer' },
      { timeout: 10_000 },
    );
    expect(photo.tagName).toBe('IMG');
    expect(within(pictures).getAllByRole('link')).toHaveLength(2);
    expect(calls.filter((call) => call === REVIEW).length).toBeGreaterThanOrEqual(2);
  });

  it('says a picture that could not be made could not be processed', async () => {
    stubPage([ok(entryOf())], {
      [REVIEW]: { status: 200, body: reviewItemOf({ pictures: 'failed' }) },
    });
    await loaded();
    const pictures = screen.getByRole('region', { name: 'Photo and artworks' });
    expect(
      await within(pictures).findAllByText('This picture could not be processed'),
    ).toHaveLength(2);
    expect(within(pictures).queryAllByRole('link')).toEqual([]);
  });

  it("says when the pictures cannot be read, and 'Try again' reads them again", async () => {
    let failing = true;
    stubPage([ok(entryOf())], {
      [REVIEW]: () =>
        failing
          ? envelope(500, 'INTERNAL', 'Something went wrong on our side.')
          : { status: 200, body: reviewItemOf() },
    });
    await loaded();
    const pictures = screen.getByRole('region', { name: 'Photo and artworks' });
    expect((await within(pictures).findByRole('alert')).textContent).toBe(
      'An unexpected error occurred. Please try again.',
    );
    failing = false;
    await userEvent.setup().click(within(pictures).getByRole('button', { name: 'Try again' }));
    expect(await within(pictures).findByRole('img', { name: 'Photo of Meera Iyer' })).toBeTruthy();
  });

  it("approves: the decision's toast, the entry read again, Approve then disabled", async () => {
    const bodies: unknown[] = [];
    const approved = entryOf({}, { status: 'approved' });
    const calls = stubPage([ok(entryOf()), ok(approved)], {
      [DECIDE]: (body) => {
        bodies.push(body);
        return { status: 200, body: { changed: [ID], unchanged: [], waiting: [ID] } };
      },
    });
    await loaded();
    const approve = screen.getByRole('button', { name: 'Approve' }) as HTMLButtonElement;
    expect(approve.disabled).toBe(false);
    await userEvent.setup().click(approve);
    expect(await screen.findByText('Submission approved')).toBeTruthy();
    expect(bodies).toEqual([{ status: 'approved' }]);
    await waitFor(() => expect(termsOf(document.querySelector('dl')!).Status).toBe('Approved'));
    expect((screen.getByRole('button', { name: 'Approve' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect((screen.getByRole('button', { name: 'Reject' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    expect(calls.filter((call) => call === LOAD)).toHaveLength(2);
    expect(document.activeElement).toBe(document.querySelector('dl'));
  });

  it("offers 'E-mail goes in 5 minutes — Undo' after a decision; Undo puts the entry back as it was", async () => {
    const calls = stubPage(
      [ok(entryOf()), ok(entryOf({}, { status: 'rejected' })), ok(entryOf())],
      {
        [DECIDE]: { status: 200, body: { changed: [ID], unchanged: [], waiting: [ID] } },
        [UNDO]: { status: 200, body: { undone: [ID], notUndone: [] } },
      },
    );
    await loaded();
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const undo = await screen.findByRole('button', { name: 'Undo' });
    expect(undo.parentElement?.textContent).toBe('E-mail goes in 5 minutes —Undo');
    expect(undo.closest('[role="status"]')).toBeTruthy();
    await waitFor(() => expect(termsOf(document.querySelector('dl')!).Status).toBe('Rejected'));

    await user.click(undo);
    expect(await screen.findByText('Decision undone')).toBeTruthy();
    await waitFor(() =>
      expect(termsOf(document.querySelector('dl')!).Status).toBe('Pending Review'),
    );
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
    expect(calls.filter((call) => call === UNDO)).toHaveLength(1);
    expect(calls.filter((call) => call === LOAD)).toHaveLength(3);
    expect(document.activeElement).toBe(document.querySelector('dl'));
  });

  it("says 'Failed to update submission status.' with the server's reason when a decision fails", async () => {
    stubPage([ok(entryOf())], {
      [DECIDE]: envelope(404, 'NOT_FOUND', 'Submission not found.'),
    });
    await loaded();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reject' }));
    expect(
      await screen.findByText('Failed to update submission status. Submission not found.'),
    ).toBeTruthy();
    expect(termsOf(document.querySelector('dl')!).Status).toBe('Pending Review');
  });

  it('goes back to the review view it was opened from, filters, search and page kept', async () => {
    const view = `/admin/submissions?q=rain&status=pending&competition=${COMPETITION}&cursor=abc`;
    stubPage([ok(entryOf())], {}, `/admin/submissions/${ID}?from=${encodeURIComponent(view)}`);
    await loaded();
    const back = screen.getByRole('link', { name: 'Back to submissions' });
    expect(back.getAttribute('href')).toBe(view);
    await userEvent.setup().click(back);
    expect(screen.getByTestId('location').textContent).toBe(view);
  });

  it('goes back to the dashboard when `from` is not a view of the review', async () => {
    for (const from of [
      'https://evil.example/admin/submissions',
      '//evil.example/admin/submissions',
      '/admin/submissionsX',
      '/admin/account',
      '/admin/submissions/../account',
      'javascript:alert(1)',
      '',
    ]) {
      cleanup();
      vi.restoreAllMocks();
      stubPage([ok(entryOf())], {}, `/admin/submissions/${ID}?from=${encodeURIComponent(from)}`);
      await loaded();
      expect(
        screen.getByRole('link', { name: 'Back to the dashboard' }).getAttribute('href'),
        from,
      ).toBe('/admin/dashboard');
    }
  });

  it('shows a likely duplicate with the badge leading to its group', async () => {
    stubPage([ok(entryOf())], {
      [REVIEW]: { status: 200, body: reviewItemOf({ possibleDuplicate: true }) },
    });
    await loaded();
    const badge = await screen.findByRole('link', {
      name: 'Possible duplicate: the entries of meera@example.com in Monsoon Colours',
    });
    expect(badge.getAttribute('href')).toBe(
      `/admin/submissions?competition=${COMPETITION}&q=meera%40example.com&duplicates=only`,
    );
  });
});
