import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicExhibition } from '../../../../shared/schemas/exhibition.ts';
import { clearApiCache } from '../../../lib/api-cache.ts';
import { type Answer, envelope, stubApi } from '../../admin/common/test-helpers.tsx';
import ExhibitionPage, { EXHIBITION_NOT_FOUND } from './exhibition-page.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  clearApiCache();
});

const work = (n: number, overrides: object = {}) => ({
  workId: `w${n}`,
  title: `Study ${n}`,
  artist: `Artist ${n}`,
  medium: 'Oil',
  size: 'A2',
  image: null,
  price: null,
  ...overrides,
});

const GALLERY: PublicExhibition = {
  competitionId: 'c1',
  competitionTitle: 'City Lights 2026',
  title: 'City Lights: the exhibition',
  introduction: 'Works of the night.',
  openedAt: '2026-11-20T06:00:00.000Z',
  endsAt: null,
  voting: { opensAt: null, closesAt: null, open: false, votesPerVisitor: 1 },
  works: [work(1, { price: 45000 }), work(2, { artist: null }), work(3)],
};

function renderPage(answer: Answer) {
  stubApi({ 'GET /api/exhibitions/c1': answer });
  render(
    <MemoryRouter initialEntries={['/exhibitions/c1']}>
      <Routes>
        <Route path="/exhibitions/:competitionId" element={<ExhibitionPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('the gallery', () => {
  it('lists each work with its artist or "Name withheld", medium, size and price', async () => {
    renderPage({ status: 200, body: GALLERY });
    const works = within(await screen.findByRole('list', { name: 'Works' })).getAllByRole(
      'listitem',
    );
    expect(works).toHaveLength(3);
    expect(works[0]!.textContent).toContain('Artist 1');
    expect(works[0]!.textContent).toContain('For sale: ₹45,000');
    expect(works[1]!.textContent).toContain('Name withheld');
    expect(works[1]!.textContent).toContain('Oil · A2');
    expect(works[2]!.textContent).not.toContain('For sale');
  });

  it('opens a work full screen; the arrow keys move between works and wrap', async () => {
    renderPage({ status: 200, body: GALLERY });
    expect(document.querySelector('dialog')).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'View Study 3 full screen' }));
    // The viewer's chunk loads at the first opening.
    const viewer = (await screen.findByText('3 of 3')).closest('dialog') as HTMLDialogElement;
    expect(viewer.open).toBe(true);
    expect(viewer.getAttribute('aria-label')).toBe('Study 3, full screen');
    expect(within(viewer).getByText('3 of 3')).toBeTruthy();
    fireEvent.keyDown(viewer, { key: 'ArrowRight' });
    expect(viewer.getAttribute('aria-label')).toBe('Study 1, full screen');
    fireEvent.keyDown(viewer, { key: 'ArrowLeft' });
    expect(viewer.getAttribute('aria-label')).toBe('Study 3, full screen');
    fireEvent.touchStart(viewer, { touches: [{ clientX: 300 }] });
    fireEvent.touchEnd(viewer, { changedTouches: [{ clientX: 100 }] });
    expect(viewer.getAttribute('aria-label')).toBe('Study 1, full screen');
  });

  it('says the exhibition is not found when it is not open', async () => {
    renderPage(envelope(404, 'NOT_FOUND', 'Exhibition not found'));
    expect(
      await screen.findByRole('heading', { level: 1, name: EXHIBITION_NOT_FOUND }),
    ).toBeTruthy();
  });
});
