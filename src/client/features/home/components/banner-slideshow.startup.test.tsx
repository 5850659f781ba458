import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicBanner } from '../../../../shared/schemas/banner.ts';
import { stubReducedMotion } from './browser-stubs.ts';

/*
 * The slideshow while the page is still starting: each test is a fresh page load, so it imports a
 * fresh copy of the modules ("the page became interactive" happens once per load).
 */

function banner(n: number): PublicBanner {
  return {
    id: `b${n}`,
    title: `Banner ${n}`,
    description: '',
    image: { url: `/media/b${n}.jpg`, width: 1600, height: 900, srcset: '' },
    createdAt: '2025-01-01T00:00:00.000Z',
  };
}

async function renderSlideshow() {
  vi.resetModules();
  const { BannerSlideshow } = await import('./banner-slideshow.tsx');
  return render(
    <BannerSlideshow banners={[banner(1), banner(2), banner(3)]}>
      <h1>White Stroke</h1>
    </BannerSlideshow>,
  );
}

/** The images the page asks for. */
const requested = (container: HTMLElement) =>
  [...container.querySelectorAll('img')].map((img) => img.getAttribute('src'));
const currentSlide = () => screen.getByRole('group').getAttribute('aria-label');
const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });
/** Where there is no requestIdleCallback, the page counts as interactive 200 ms after load. */
const INTERACTIVE_AFTER_MS = 200;

beforeEach(() => {
  vi.useFakeTimers();
  stubReducedMotion(false);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('BannerSlideshow before the page is interactive', () => {
  it('asks only for the first image, and neither loads nor shows the others until then', async () => {
    const { container } = await renderSlideshow();
    expect(requested(container)).toEqual(['/media/b1.jpg']);
    advance(INTERACTIVE_AFTER_MS - 1);
    expect(requested(container)).toEqual(['/media/b1.jpg']);
    advance(1);
    expect(requested(container)).toEqual(['/media/b1.jpg', '/media/b2.jpg', '/media/b3.jpg']);
  });

  it('starts its 5-second rotation once the page is interactive', async () => {
    await renderSlideshow();
    advance(INTERACTIVE_AFTER_MS - 1);
    expect(currentSlide()).toBe('1 of 3');
    advance(1);
    // Five seconds from when the page became interactive.
    advance(4999);
    expect(currentSlide()).toBe('1 of 3');
    advance(1);
    expect(currentSlide()).toBe('2 of 3');
  });

  it('neither rotates nor loads the later images when the visitor saves data', async () => {
    vi.stubGlobal('navigator', { ...navigator, connection: { saveData: true } });
    const { container } = await renderSlideshow();
    advance(INTERACTIVE_AFTER_MS + 20_000);
    expect(currentSlide()).toBe('1 of 3');
    expect(requested(container)).toEqual(['/media/b1.jpg']);
    expect(screen.getByRole('button', { name: 'Play slideshow' })).toBeTruthy();
    // The slide the visitor asks for is loaded then.
    fireEvent.click(screen.getByRole('button', { name: 'Next banner' }));
    expect(currentSlide()).toBe('2 of 3');
    expect(requested(container)).toEqual(['/media/b1.jpg', '/media/b2.jpg']);
  });
});
