import type { AdminCompetition } from '../../../../shared/schemas/competition.ts';

/*
 * One competition as the admin's list answers it, for the screens' tests (never imported by the
 * app). Tests override what they look at.
 */
export function adminCompetitionOf(overrides: Partial<AdminCompetition> = {}): AdminCompetition {
  return {
    id: 'c1',
    title: 'Monsoon Colours',
    description: 'Paint the rains.',
    image: null,
    prizeImage: null,
    imageUrl: '',
    prizeImageUrl: '',
    category: { id: 'cat-painting', name: 'Painting' },
    subcategory: { id: 'sub-water', name: 'Watercolour' },
    startDate: '2026-11-21',
    endDate: '2026-11-30',
    opensAt: '2026-11-20T18:30:00.000Z',
    closesAt: '2026-11-30T18:30:00.000Z',
    entryType: 'paid',
    entryFee: 499,
    status: 'open',
    stage: 'open',
    closingTime: '',
    draft: false,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    rules: '',
    eligibility: '',
    prizeDescription: '',
    submissionCount: 0,
    ...overrides,
  };
}
