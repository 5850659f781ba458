import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RESULTS_NOT_PUBLISHED } from '../../../../shared/messages.ts';
import { NAME_WITHHELD } from '../../../../shared/schemas/publication-consent.ts';
import type { PublicResults } from '../../../../shared/schemas/publication.ts';
import { clearApiCache, primeApiCache } from '../../../lib/api-cache.ts';
import { type Answer, envelope, stubApi } from '../../admin/common/test-helpers.tsx';
import ResultsPage from './results-page.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  clearApiCache();
});

const RESULTS: PublicResults = {
  competition: { id: 'c1', title: 'Monsoon Colours' },
  // 20:00 UTC is already the next day in Asia/Kolkata, the site's time zone.
  publishedAt: '2026-11-20T20:00:00.000Z',
  awards: [
    {
      id: 'a1',
      award: 'First',
      prize: '₹10,000 and a solo show',
      artworkTitle: 'Rain on Tin',
      artist: 'Asha Rao',
      imageUrl: '/api/competitions/c1/results/images/a1',
    },
    {
      id: 'a2',
      award: 'Honourable mention',
      prize: '',
      artworkTitle: 'Puddles',
      artist: null,
      imageUrl: null,
    },
  ],
};

function renderPage(answer: Answer) {
  stubApi({ 'GET /api/competitions/c1/results': answer });
  render(
    <MemoryRouter initialEntries={['/competition/c1/results']}>
      <Routes>
        <Route path="/competition/:id/results" element={<ResultsPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('the results page', () => {
  it('shows each award with its prize, the work, its picture and the artist as they allowed', async () => {
    renderPage({ status: 200, body: RESULTS });
    await screen.findByRole('heading', { name: 'Results: Monsoon Colours', level: 1 });
    expect(screen.getByText('Published').textContent).toBe('Published 21 November 2026');
    const awards = within(screen.getByRole('list', { name: 'Awards' })).getAllByRole('listitem');
    expect(awards.map((award) => award.textContent)).toEqual([
      'FirstPrize: ₹10,000 and a solo showRain on TinAsha Rao',
      `Honourable mentionPuddles${NAME_WITHHELD}`,
    ]);
    const picture = within(awards[0]!).getByRole('img', { name: 'Rain on Tin, First' });
    expect(picture.getAttribute('src')).toBe('/api/competitions/c1/results/images/a1');
    expect(within(awards[1]!).queryByRole('img')).toBeNull();
    expect(screen.getByText(NAME_WITHHELD).textContent).toBe(
      "Name withheld at the artist's request",
    );
    expect(screen.getByRole('link', { name: 'Monsoon Colours' }).getAttribute('href')).toBe(
      '/competition/c1',
    );
    expect(document.title).toMatch(/^Results: Monsoon Colours \| /);
  });

  it('says the results are not published when the API says so', async () => {
    renderPage(envelope(404, 'RESULTS_NOT_PUBLISHED', RESULTS_NOT_PUBLISHED));
    await screen.findByRole('heading', { name: RESULTS_NOT_PUBLISHED, level: 1 });
    expect(screen.getByRole('link', { name: 'See the competition' }).getAttribute('href')).toBe(
      '/competition/c1',
    );
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('says so from the page the server sent too, without asking again', async () => {
    const calls = stubApi({});
    primeApiCache({
      '/api/competitions/c1/results': {
        error: { code: 'RESULTS_NOT_PUBLISHED', message: RESULTS_NOT_PUBLISHED },
      },
    });
    render(
      <MemoryRouter initialEntries={['/competition/c1/results']}>
        <Routes>
          <Route path="/competition/:id/results" element={<ResultsPage />} />
        </Routes>
      </MemoryRouter>,
    );
    await screen.findByRole('heading', { name: RESULTS_NOT_PUBLISHED, level: 1 });
    expect(calls).toEqual([]);
  });

  it('offers to try again when the results could not be fetched', async () => {
    renderPage(envelope(500, 'INTERNAL', 'Something went wrong'));
    await screen.findByRole('heading', { name: 'Failed to fetch the results', level: 1 });
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
