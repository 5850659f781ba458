import type { ReviewItem } from '../../../../shared/schemas/review.ts';

/*
 * One entry as the review shows it, for the screens' tests (never imported by the app): its photo
 * and one artwork as the admin's file URLs. Tests override what they look at.
 */

export const REVIEW_ENTRY_ID = '6f1c2d3e-4a5b-4c6d-8e7f-90a1b2c3d4e5';
export const REVIEW_COMPETITION = '3b1f7c2e-8d4a-4e6b-9c0d-1a2b3c4d5e6f';

export function reviewItemOf(overrides: Partial<ReviewItem> = {}): ReviewItem {
  const id = overrides.id ?? REVIEW_ENTRY_ID;
  return {
    id,
    reference: 'WS-2026-000123',
    fullName: 'Meera Iyer',
    email: 'meera@example.com',
    phone: '98300 00001',
    age: 12,
    ageCategory: 'children',
    gender: 'female',
    address: '12 Park Street, Kolkata',
    pincode: '700016',
    createdAt: '2026-11-21T09:30:00.000Z',
    competition: { id: REVIEW_COMPETITION, title: 'Monsoon Colours' },
    category: { id: 'cat-painting', name: 'Painting' },
    subcategory: { id: 'sub-water', name: 'Watercolour' },
    status: 'pending',
    paymentState: 'received',
    entryFee: 1500,
    photoUrl: `/api/admin/files/submissions/${id}/photo-1.jpg`,
    pictures: 'ready',
    fields: [
      { id: 'artworkTitle', label: 'Artwork Title', type: 'text', value: 'Rain on the Hooghly' },
      {
        id: 'artworkUrl',
        label: 'Artwork Photo',
        type: 'image',
        value: `/api/admin/files/submissions/${id}/artworkurl-2-display.webp`,
      },
    ],
    possibleDuplicate: false,
    changedAfterReview: null,
    ...overrides,
  };
}
