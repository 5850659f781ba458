import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReceiptSummary } from '../../../../shared/schemas/receipt.ts';
import { envelope, stubApi } from '../../admin/common/test-helpers.tsx';
import { EntryReceipts, RECEIPTS_NOT_LOADED } from './entry-receipts.tsx';

afterEach(() => {
  vi.restoreAllMocks();
});

const TOKEN = `6f1c2d3e-4a5b-4c6d-8e7f-90a1b2c3d4e5.1790000000.${'A1b2_C3d4-'.repeat(4)}xyz`;

const RECEIPT: ReceiptSummary = {
  number: 'WS/2026-27/000123',
  kind: 'receipt',
  // 31 March 2027 at 23:59 in Kolkata: the list dates it as the receipt does.
  issuedAt: '2027-03-31T18:29:00.000Z',
  amountPaise: 149_900,
  reverses: null,
  paymentId: 'pay_ABC',
};
const CREDIT_NOTE: ReceiptSummary = {
  ...RECEIPT,
  number: 'WS-CN/2027-28/000004',
  kind: 'credit_note',
  issuedAt: '2027-04-02T06:00:00.000Z',
  reverses: RECEIPT.number,
};

describe("the entry's receipts", () => {
  it('lists each receipt and credit note with its date, amount and a download', async () => {
    const sent: unknown[] = [];
    stubApi({
      'POST /api/entries/receipts': { status: 200, body: { receipts: [RECEIPT, CREDIT_NOTE] } },
      'POST /api/entries/receipts/pdf': (body) => {
        sent.push(body);
        return { status: 200, body: {} };
      },
    });
    const saved: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:receipt');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    const { container } = render(<EntryReceipts token={TOKEN} version="received" />);
    const region = await screen.findByRole('region', { name: 'Receipts' });
    const items = within(region).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Receipt WS/2026-27/000123') as string,
      expect.stringContaining('Credit note WS-CN/2027-28/000004') as string,
    ]);
    expect(items[0]!.textContent).toContain('31 March 2027');
    expect(items[0]!.textContent).toContain('₹1,499.00');
    expect(items[1]!.textContent).toContain('reverses WS/2026-27/000123');

    const user = userEvent.setup();
    await user.click(
      within(region).getByRole('button', {
        name: 'Download PDF of Credit note WS-CN/2027-28/000004',
      }),
    );
    await vi.waitFor(() => expect(saved).toEqual(['WS-CN-2027-28-000004.pdf']));
    expect(sent).toEqual([{ entryToken: TOKEN, number: CREDIT_NOTE.number }]);
    expect((await axe.run(container)).violations).toEqual([]);
  });

  it("says why a download failed, in the server's words", async () => {
    stubApi({
      'POST /api/entries/receipts': { status: 200, body: { receipts: [RECEIPT] } },
      'POST /api/entries/receipts/pdf': envelope(404, 'NOT_FOUND', 'No such receipt here.'),
    });
    render(<EntryReceipts token={TOKEN} version="received" />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Download PDF of Receipt/ }));
    expect((await screen.findByRole('alert')).textContent).toBe('No such receipt here.');
  });

  it('shows nothing while there are none, and says so when the list cannot be loaded', async () => {
    const calls = stubApi({
      'POST /api/entries/receipts': { status: 200, body: { receipts: [] } },
    });
    const { container, unmount } = render(<EntryReceipts token={TOKEN} version="received" />);
    await vi.waitFor(() => expect(calls).toEqual(['POST /api/entries/receipts']));
    expect(container.textContent).toBe('');
    unmount();
    vi.restoreAllMocks();
    stubApi({ 'POST /api/entries/receipts': { status: 503, body: undefined } });
    render(<EntryReceipts token={TOKEN} version="received" />);
    expect((await screen.findByRole('alert')).textContent).toBe(RECEIPTS_NOT_LOADED);
  });
});
