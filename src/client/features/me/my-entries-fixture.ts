import type { MyEntry } from '../../../shared/schemas/artist.ts';

/** One entry as GET /api/me/entries answers it, for the artist's pages' tests. */
export function myEntryOf(overrides: Partial<MyEntry> = {}): MyEntry {
  return {
    id: 'e1',
    reference: 'WS-2026-000123',
    competition: { id: 'c1', title: 'Monsoon Colours' },
    submittedAt: '2026-11-21T09:30:00.000Z',
    status: 'pending',
    paymentState: 'received',
    entryFee: 1500,
    withdrawnAt: null,
    closesAt: '20 Dec 2026, 11:59 pm IST',
    editable: true,
    withdrawable: true,
    refundOnWithdrawal: false,
    details: [
      { label: 'Full Name', value: 'Meera Iyer' },
      { label: 'Description', value: 'Ink and wash.\nPainted in July.' },
    ],
    photo: { id: 'f0', label: 'photo', kind: 'image', url: '/api/me/files/f0' },
    works: [
      {
        number: 1,
        title: 'Rain on the Hooghly',
        files: [
          { id: 'f1', label: 'Artwork Photo', kind: 'image', url: '/api/me/files/f1' },
          { id: 'f2', label: 'Statement', kind: 'document', url: '/api/me/files/f2' },
        ],
      },
    ],
    receipts: [{ number: 'WS-R-2026-0001', kind: 'receipt', url: '/api/me/receipts/r1' }],
    result: null,
    ...overrides,
  };
}
