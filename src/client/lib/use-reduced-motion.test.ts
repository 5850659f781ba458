import { act, render, renderHook } from '@testing-library/react';
import { createElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  prefersReducedMotion,
  REDUCED_MOTION_QUERY,
  useReducedMotion,
} from './use-reduced-motion.ts';

/** A matchMedia whose answer the test changes, as the visitor would in the system settings. */
function controllableMatchMedia(initial: boolean) {
  let matches = initial;
  const listeners = new Set<() => void>();
  const spy = vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        media: query,
        get matches() {
          return query === REDUCED_MOTION_QUERY && matches;
        },
        addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
        removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
      }) as unknown as MediaQueryList,
  );
  return {
    spy,
    listeners,
    change(next: boolean) {
      matches = next;
      for (const listener of listeners) listener();
    },
  };
}

describe('useReducedMotion', () => {
  it('asks the prefers-reduced-motion media query', () => {
    const media = controllableMatchMedia(true);
    const { result } = renderHook(() => useReducedMotion());
    expect(result.current).toBe(true);
    expect(media.spy).toHaveBeenCalledWith('(prefers-reduced-motion: reduce)');
  });

  it('follows the setting when it changes, and stops listening on unmount', () => {
    const media = controllableMatchMedia(false);
    const { result, unmount } = renderHook(() => useReducedMotion());
    expect(result.current).toBe(false);
    act(() => media.change(true));
    expect(result.current).toBe(true);
    act(() => media.change(false));
    expect(result.current).toBe(false);
    expect(media.listeners.size).toBe(1);
    unmount();
    expect(media.listeners.size).toBe(0);
  });

  it('is false where there is no matchMedia', () => {
    const own = Object.getOwnPropertyDescriptor(window, 'matchMedia');
    Object.defineProperty(window, 'matchMedia', { value: undefined, configurable: true });
    try {
      expect(prefersReducedMotion()).toBe(false);
      const { result } = renderHook(() => useReducedMotion());
      expect(result.current).toBe(false);
    } finally {
      if (own) Object.defineProperty(window, 'matchMedia', own);
      else delete (window as { matchMedia?: unknown }).matchMedia;
    }
  });

  it('matches server-rendered HTML (false) first when hydrating, then tells the truth', () => {
    controllableMatchMedia(true);
    const seen: boolean[] = [];
    function Probe() {
      const reduced = useReducedMotion();
      seen.push(reduced);
      return createElement('p', null, reduced ? 'reduced' : 'full');
    }
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = '<p>full</p>';
    // A hydration mismatch would be reported on console.error, which fails the test.
    render(createElement(Probe), { container, hydrate: true });
    expect(seen[0]).toBe(false);
    expect(container.textContent).toBe('reduced');
  });
});
