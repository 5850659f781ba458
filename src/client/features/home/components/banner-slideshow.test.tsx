import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicBanner } from '../../../../shared/schemas/banner.ts';
import { onPageInteractive } from '../../../lib/page-interactive.ts';
import { BANNER_ROTATION_MS, BannerSlideshow } from './banner-slideshow.tsx';
import { stubReducedMotion } from './browser-stubs.ts';

function banner(n: number, image: Partial<PublicBanner['image']> = {}): PublicBanner {
  return {
    id: `b${n}`,
    title: `Banner ${n}`,
    description: `About banner ${n}`,
    image: {
      url: `/media/b${n}.jpg`,
      width: 1600,
      height: 900,
      srcset: `/media/b${n}-800.webp 800w`,
      ...image,
    },
    createdAt: '2025-01-01T00:00:00.000Z',
  };
}

const THREE = [banner(1), banner(2), banner(3)];

function renderSlideshow(banners: PublicBanner[]) {
  return render(
    <BannerSlideshow banners={banners}>
      <h1>White Stroke</h1>
      <button type="button">Hero action</button>
    </BannerSlideshow>,
  );
}

/** The slide a screen reader can reach: the others are aria-hidden. */
const currentSlide = () => screen.getByRole('group').getAttribute('aria-label');
const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

// These tests run once the page is interactive; before that is banner-slideshow.startup.test.tsx's.
beforeAll(() => new Promise<void>((resolve) => onPageInteractive(resolve)));
beforeEach(() => {
  vi.useFakeTimers();
  stubReducedMotion(false);
});
afterEach(() => vi.useRealTimers());

describe('BannerSlideshow', () => {
  it('rotates every 5 seconds, wrapping around', () => {
    expect(BANNER_ROTATION_MS).toBe(5000);
    renderSlideshow(THREE);
    expect(currentSlide()).toBe('1 of 3');
    expect(screen.getByRole('group').textContent).toBe('Banner 1About banner 1');
    advance(4999);
    expect(currentSlide()).toBe('1 of 3');
    advance(1);
    expect(currentSlide()).toBe('2 of 3');
    expect(screen.getByRole('group').textContent).toBe('Banner 2About banner 2');
    advance(5000);
    expect(currentSlide()).toBe('3 of 3');
    advance(5000);
    expect(currentSlide()).toBe('1 of 3');
  });

  it('is a labelled carousel of labelled slides, the hidden ones inert', () => {
    renderSlideshow(THREE);
    const carousel = screen.getByRole('region', { name: 'Featured banners' });
    expect(carousel.getAttribute('aria-roledescription')).toBe('carousel');
    expect(carousel.className).toContain('min-h-[85vh]');
    const slides = within(carousel).getAllByRole('group', { hidden: true });
    expect(slides.map((s) => s.getAttribute('aria-label'))).toEqual(['1 of 3', '2 of 3', '3 of 3']);
    expect(slides.map((s) => s.getAttribute('aria-roledescription'))).toEqual([
      'slide',
      'slide',
      'slide',
    ]);
    expect(slides.map((s) => s.getAttribute('aria-hidden'))).toEqual([null, 'true', 'true']);
    expect(slides.map((s) => s.hasAttribute('inert'))).toEqual([false, true, true]);
    // The hero content is there too, and reachable.
    expect(screen.getByRole('heading', { level: 1, name: 'White Stroke' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Hero action' })).toBeTruthy();
  });

  it('loads the first image at once with high priority and the others lazily', () => {
    const { container } = renderSlideshow([
      banner(1),
      banner(2, { srcset: '', width: null, height: null }),
    ]);
    const [first, second] = [...container.querySelectorAll('img')];
    expect(first?.getAttribute('src')).toBe('/media/b1.jpg');
    expect(first?.getAttribute('srcset')).toBe('/media/b1-800.webp 800w');
    expect(first?.getAttribute('sizes')).toBe('100vw');
    expect(first?.getAttribute('width')).toBe('1600');
    expect(first?.getAttribute('height')).toBe('900');
    expect(first?.getAttribute('alt')).toBe('');
    expect(first?.getAttribute('loading')).toBe('eager');
    expect(first?.getAttribute('fetchpriority')).toBe('high');
    expect(first?.hasAttribute('decoding')).toBe(false);

    expect(second?.getAttribute('loading')).toBe('lazy');
    expect(second?.getAttribute('decoding')).toBe('async');
    expect(second?.hasAttribute('fetchpriority')).toBe(false);
    expect(second?.hasAttribute('srcset')).toBe(false);
    expect(second?.hasAttribute('width')).toBe(false);
    expect(second?.hasAttribute('height')).toBe(false);
  });

  it('cross-fades: only the current image is opaque', () => {
    const { container } = renderSlideshow(THREE);
    const images = () => [...container.querySelectorAll('img')];
    expect(images().map((img) => img.classList.contains('opacity-100'))).toEqual([
      true,
      false,
      false,
    ]);
    expect(images().every((img) => img.classList.contains('transition-opacity'))).toBe(true);
    advance(BANNER_ROTATION_MS);
    expect(images().map((img) => img.classList.contains('opacity-100'))).toEqual([
      false,
      true,
      false,
    ]);
  });

  it('moves by the previous, next and dot buttons, wrapping around', () => {
    renderSlideshow(THREE);
    fireEvent.click(screen.getByRole('button', { name: 'Previous banner' }));
    expect(currentSlide()).toBe('3 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Next banner' }));
    expect(currentSlide()).toBe('1 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Show banner 2 of 3' }));
    expect(currentSlide()).toBe('2 of 3');
    const dots = screen.getAllByRole('button', { name: /^Show banner \d of 3$/ });
    expect(dots.map((dot) => dot.getAttribute('aria-current'))).toEqual([null, 'true', null]);
  });

  it('gives a slide chosen by hand a full period before moving on', () => {
    renderSlideshow(THREE);
    advance(4000);
    fireEvent.click(screen.getByRole('button', { name: 'Show banner 3 of 3' }));
    advance(4999);
    expect(currentSlide()).toBe('3 of 3');
    advance(1);
    expect(currentSlide()).toBe('1 of 3');
  });

  it('pauses while the pointer is over it and restarts the period when it leaves', () => {
    renderSlideshow(THREE);
    const carousel = screen.getByRole('region', { name: 'Featured banners' });
    advance(3000);
    fireEvent.pointerEnter(carousel);
    advance(20_000);
    expect(currentSlide()).toBe('1 of 3');
    fireEvent.pointerLeave(carousel);
    advance(4999);
    expect(currentSlide()).toBe('1 of 3');
    advance(1);
    expect(currentSlide()).toBe('2 of 3');
  });

  it('pauses while keyboard focus is inside it and resumes when focus leaves', () => {
    render(
      <>
        <BannerSlideshow banners={THREE}>
          <button type="button">Hero action</button>
        </BannerSlideshow>
        <button type="button">Outside</button>
      </>,
    );
    const slides = screen.getByRole('group').parentElement;
    expect(slides?.getAttribute('aria-live')).toBe('off');
    act(() => screen.getByRole('button', { name: 'Hero action' }).focus());
    expect(slides?.getAttribute('aria-live')).toBe('polite');
    advance(20_000);
    expect(currentSlide()).toBe('1 of 3');
    // Moving focus within the carousel keeps it paused.
    act(() => screen.getByRole('button', { name: 'Next banner' }).focus());
    advance(20_000);
    act(() => screen.getByRole('button', { name: 'Outside' }).focus());
    expect(slides?.getAttribute('aria-live')).toBe('off');
    advance(BANNER_ROTATION_MS);
    expect(currentSlide()).toBe('2 of 3');
  });

  it('pauses and plays from the toggle, announcing changes only while paused', () => {
    renderSlideshow(THREE);
    const slides = screen.getByRole('group').parentElement;
    fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }));
    expect(slides?.getAttribute('aria-live')).toBe('polite');
    advance(20_000);
    expect(currentSlide()).toBe('1 of 3');
    // Focus on the toggle itself does not hold the slideshow, or Play would seem to do nothing.
    const play = screen.getByRole('button', { name: 'Play slideshow' });
    act(() => play.focus());
    fireEvent.click(play);
    expect(screen.getByRole('button', { name: 'Pause slideshow' })).toBe(play);
    expect(slides?.getAttribute('aria-live')).toBe('off');
    advance(BANNER_ROTATION_MS);
    expect(currentSlide()).toBe('2 of 3');
  });

  it('never rotates by itself under reduced motion, but the controls still work', () => {
    stubReducedMotion(true);
    const { container } = renderSlideshow(THREE);
    advance(20_000);
    expect(currentSlide()).toBe('1 of 3');
    expect(screen.getByRole('group').parentElement?.getAttribute('aria-live')).toBe('polite');
    expect(
      [...container.querySelectorAll('img')].some((img) =>
        img.classList.contains('transition-opacity'),
      ),
    ).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Next banner' }));
    expect(currentSlide()).toBe('2 of 3');
    // Playing is then the visitor's explicit choice.
    fireEvent.click(screen.getByRole('button', { name: 'Play slideshow' }));
    advance(BANNER_ROTATION_MS);
    expect(currentSlide()).toBe('3 of 3');
  });

  it('shows a single banner without controls or rotation', () => {
    renderSlideshow([banner(1)]);
    expect(currentSlide()).toBe('1 of 1');
    expect(screen.getByText('Banner 1')).toBeTruthy();
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Hero action']);
    advance(20_000);
    expect(screen.getByRole('group').textContent).toContain('Banner 1');
  });

  it('without banners shows only the hero content on a gradient', () => {
    const { container } = renderSlideshow([]);
    const section = container.querySelector('section');
    expect(section?.className).toContain('bg-gradient-to-br');
    expect(section?.hasAttribute('aria-roledescription')).toBe(false);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.queryByRole('group')).toBeNull();
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Hero action']);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('White Stroke');
  });

  it("without banners shows the site's hero image behind the content, as decoration", () => {
    const { container } = render(
      <BannerSlideshow banners={[]} heroImage="/media/hero.jpg">
        <h1>White Stroke</h1>
      </BannerSlideshow>,
    );
    const image = container.querySelector('img');
    expect(image?.getAttribute('src')).toBe('/media/hero.jpg');
    expect(image?.getAttribute('alt')).toBe('');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('White Stroke');
  });

  it('shows the banners, not the hero image, when there are banners', () => {
    const { container } = render(
      <BannerSlideshow banners={[banner(1)]} heroImage="/media/hero.jpg">
        <h1>White Stroke</h1>
      </BannerSlideshow>,
    );
    const sources = [...container.querySelectorAll('img')].map((img) => img.getAttribute('src'));
    expect(sources).toEqual(['/media/b1.jpg']);
  });
});
