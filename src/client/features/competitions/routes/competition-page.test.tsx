import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicCompetition } from '../../../../shared/schemas/competition.ts';
import type { PublicJudging } from '../../../../shared/schemas/jury.ts';
import { clearApiCache } from '../../../lib/api-cache.ts';
import { type Answer, stubApi } from '../../admin/common/test-helpers.tsx';
import { JudgingDetails } from '../components/judging-section.tsx';
import CompetitionPage from './competition-page.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  clearApiCache();
});

const COMPETITION: PublicCompetition = {
  id: 'c1',
  title: 'Monsoon Colours',
  description: 'Paint the rains.',
  image: null,
  prizeImage: null,
  category: { id: 'cat-painting', name: 'Painting' },
  subcategory: null,
  startDate: '2026-11-21',
  endDate: '2026-11-30',
  opensAt: '2026-11-20T18:30:00.000Z',
  closesAt: '2026-11-30T18:30:00.000Z',
  entryType: 'free',
  entryFee: 0,
  status: 'open',
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

/** The competition's page, its judging answered by `judging`. */
async function renderPage(judging: Answer, competition: PublicCompetition = COMPETITION) {
  stubApi({
    'GET /api/competitions/c1': { status: 200, body: competition },
    'GET /api/competitions/c1/judging': judging,
  });
  render(
    <MemoryRouter initialEntries={['/competitions/c1']}>
      <Routes>
        <Route path="/competitions/:id" element={<CompetitionPage />} />
      </Routes>
    </MemoryRouter>,
  );
  await screen.findByRole('heading', { name: 'Monsoon Colours', level: 1 });
}

const judged = (body: PublicJudging): Answer => ({ status: 200, body });

describe('the competition page’s judging', () => {
  it('lists the criteria with their descriptions and shares of the score, and the jury once published', async () => {
    await renderPage(
      judged({
        criteria: [
          { name: 'Composition', description: 'How the parts hold together.', weight: 3 },
          { name: 'Technique', description: '', weight: 1 },
        ],
        jurors: ['Asha Rao', 'Vikram Sen'],
      }),
    );
    const section = await screen.findByRole('region', { name: 'How it is judged' });
    const criteria = within(section).getAllByRole('list')[0]!;
    expect(
      within(criteria)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Composition75% of the scoreHow the parts hold together.',
      'Technique25% of the score',
    ]);
    expect(within(section).getByRole('heading', { name: 'Jury', level: 3 })).toBeTruthy();
    const jury = within(section).getAllByRole('list')[1]!;
    expect(
      within(jury)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Asha Rao', 'Vikram Sen']);
  });

  it('shows the criteria without a jury while its names are not published', async () => {
    await renderPage(
      judged({ criteria: [{ name: 'Colour', description: '', weight: 2 }], jurors: [] }),
    );
    const section = await screen.findByRole('region', { name: 'How it is judged' });
    expect(within(section).getByText('100% of the score')).toBeTruthy();
    expect(within(section).queryByRole('heading', { name: 'Jury' })).toBeNull();
  });

  it('has no judging section when there are neither criteria nor published jurors', () => {
    const { container } = render(<JudgingDetails judging={{ criteria: [], jurors: [] }} />);
    expect(container.innerHTML).toBe('');
  });
});

describe('the competition page’s results link', () => {
  const noJudging = judged({ criteria: [], jurors: [] });

  it('leads to the results once they are published', async () => {
    await renderPage(noJudging, { ...COMPETITION, resultsPublished: true });
    expect(screen.getByRole('link', { name: 'Results' }).getAttribute('href')).toBe(
      '/competition/c1/results',
    );
  });

  it('is not there before', async () => {
    await renderPage(noJudging, { ...COMPETITION, resultsPublished: false });
    expect(screen.queryByRole('link', { name: 'Results' })).toBeNull();
  });
});
