import type { PublicCompetition } from '../../../../shared/schemas/competition.ts';

/** An open, free competition as the registration form's tests draw it. */
export const TEST_COMPETITION: PublicCompetition = {
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
  entryType: 'free',
  entryFee: 0,
  status: 'open',
  createdAt: '2026-10-01T00:00:00.000Z',
  updatedAt: '2026-10-01T00:00:00.000Z',
};
