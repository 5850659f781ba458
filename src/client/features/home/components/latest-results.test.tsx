import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LatestResults } from './latest-results.tsx';

function renderSection(results: Parameters<typeof LatestResults>[0]['results']) {
  return render(
    <MemoryRouter>
      <LatestResults results={results} />
    </MemoryRouter>,
  );
}

describe('the home page’s latest results', () => {
  it('links to each published results page, newest first, with the day it was published', () => {
    renderSection([
      { competitionId: 'c2', title: 'Winter Light', publishedAt: '2026-11-25T06:00:00.000Z' },
      { competitionId: 'c1', title: 'Monsoon Colours', publishedAt: '2026-10-02T06:00:00.000Z' },
    ]);
    const section = screen.getByRole('region', { name: 'Latest results' });
    const items = within(section).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Results: Winter LightPublished 25 November 2026',
      'Results: Monsoon ColoursPublished 2 October 2026',
    ]);
    expect(
      within(section)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Results: Winter Light', '/competition/c2/results'],
      ['Results: Monsoon Colours', '/competition/c1/results'],
    ]);
  });

  it('is not there while no results are published (or before they are known)', () => {
    const { container, rerender } = renderSection([]);
    expect(container.innerHTML).toBe('');
    rerender(
      <MemoryRouter>
        <LatestResults results={undefined} />
      </MemoryRouter>,
    );
    expect(container.innerHTML).toBe('');
  });
});
