import { act, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FakeIntersectionObserver,
  installFakeIntersectionObserver,
  stubReducedMotion,
} from './browser-stubs.ts';
import { FEATURE_CARD_IN_VIEW_THRESHOLD, FeatureTiles } from './feature-tiles.tsx';

const cards = () => screen.getAllByRole('listitem');
const visibility = () => cards().map((card) => card.getAttribute('data-visible'));

beforeEach(() => {
  stubReducedMotion(false);
  installFakeIntersectionObserver();
});
afterEach(() => vi.unstubAllGlobals());

describe('FeatureTiles', () => {
  it('shows the four features under "Why Choose Us"', () => {
    render(<FeatureTiles />);
    const section = screen.getByRole('region', { name: 'Why Choose Us' });
    expect(within(section).getByRole('heading', { level: 2 }).textContent).toBe('Why Choose Us');
    expect(
      cards().map((card) => [
        within(card).getByRole('heading', { level: 3 }).textContent,
        card.querySelector('p')?.textContent,
      ]),
    ).toEqual([
      [
        'Global Exposure',
        'Show your work to artists, judges and art lovers from around the world.',
      ],
      ['Expert Judges', 'Every entry is reviewed by practising artists and art educators.'],
      ['Exciting Prizes', 'Win prizes, certificates and a place in our exhibitions.'],
      [
        'Simple Registration',
        'Register in minutes from your phone, with secure online payment for paid entries.',
      ],
    ]);
    for (const card of cards()) {
      expect(card.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    }
  });

  it('keeps each card hidden until 10 % of it is in view, then animates it in once', () => {
    expect(FEATURE_CARD_IN_VIEW_THRESHOLD).toBe(0.1);
    render(<FeatureTiles />);
    const observers = FakeIntersectionObserver.instances;
    expect(observers).toHaveLength(4);
    expect(observers.every((o) => o.options.threshold === 0.1)).toBe(true);
    expect(visibility()).toEqual(['false', 'false', 'false', 'false']);
    const [first] = cards();
    expect(first?.className).toContain('opacity-0');
    expect(first?.className).toContain('translate-y-[20px]');
    expect(first?.className).toContain('duration-600');

    act(() => observers[1]?.report(0));
    expect(visibility()).toEqual(['false', 'false', 'false', 'false']);
    act(() => observers[1]?.report(0.1));
    expect(visibility()).toEqual(['false', 'true', 'false', 'false']);
    expect(observers[1]?.disconnected).toBe(true);
    expect(observers[0]?.disconnected).toBe(false);

    const second = cards()[1];
    expect(second?.className).toContain('opacity-100');
    const icon = second?.querySelector('svg')?.parentElement;
    expect(icon?.className).toContain('scale-100');
    expect(icon?.className).toContain('delay-200');
    expect(icon?.className).toContain('duration-400');
    expect(first?.querySelector('svg')?.parentElement?.className).toContain('scale-0');
  });

  it('shows every card at once, without transitions, under reduced motion', () => {
    stubReducedMotion(true);
    render(<FeatureTiles />);
    expect(visibility()).toEqual(['true', 'true', 'true', 'true']);
    expect(FakeIntersectionObserver.instances).toHaveLength(0);
    expect(cards().some((card) => card.className.includes('transition'))).toBe(false);
    expect(cards().every((card) => card.className.includes('opacity-100'))).toBe(true);
  });

  it('shows every card at once where IntersectionObserver is missing', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<FeatureTiles />);
    expect(visibility()).toEqual(['true', 'true', 'true', 'true']);
    expect(cards().some((card) => card.className.includes('transition'))).toBe(false);
  });

  it('stops observing when unmounted', () => {
    const { unmount } = render(<FeatureTiles />);
    unmount();
    expect(FakeIntersectionObserver.instances.every((o) => o.disconnected)).toBe(true);
  });
});
