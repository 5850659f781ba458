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
      { key: 'fullName', label: 'Full name', value: 'Meera Iyer' },
      { key: 'age', label: 'Age', value: '34' },
      { key: 'email', label: 'Email', value: 'meera@example.com' },
      { key: 'address', label: 'Address', value: '4 Lake Road' },
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
    photo: { id: 'e1._photo', label: 'photo', kind: 'image', url: '/api/me/files/e1._photo' },
    works: [
      {
        number: 1,
        title: 'Rain on the Hooghly',
        files: [
          {
            id: 'e1.artworkUrl',
            label: 'Artwork Photo',
            kind: 'image',
            url: '/api/me/files/e1.artworkUrl',
          },
          {
            id: 'e1.statement',
            label: 'Statement',
            kind: 'document',
            url: '/api/me/files/e1.statement',
          },
        ],
      },
    ],
    receipts: [{ number: 'WS-R-2026-0001', kind: 'receipt', url: '/api/me/receipts/r1' }],
    result: null,
    ...overrides,
  };
}
