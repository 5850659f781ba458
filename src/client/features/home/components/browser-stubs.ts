import { vi } from 'vitest';

/**
 * Answers `prefers-reduced-motion: reduce` as the test says. A spy, so the shared test setup's
 * vi.restoreAllMocks() puts the real matchMedia back after each test.
 */
export function stubReducedMotion(reduce: boolean): void {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        media: query,
        matches: reduce && query.includes('prefers-reduced-motion: reduce'),
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

/**
 * An IntersectionObserver the test drives by hand: happy-dom's never reports anything. Install it
 * with installFakeIntersectionObserver() and undo it with vi.unstubAllGlobals().
 */
export class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly observed = new Set<Element>();
  disconnected = false;

  readonly options: IntersectionObserverInit;
  private readonly callback: IntersectionObserverCallback;

  constructor(callback: IntersectionObserverCallback, options: IntersectionObserverInit = {}) {
    this.callback = callback;
    this.options = options;
    FakeIntersectionObserver.instances.push(this);
  }

  observe(element: Element): void {
    this.observed.add(element);
  }
  unobserve(element: Element): void {
    this.observed.delete(element);
  }
  disconnect(): void {
    this.observed.clear();
    this.disconnected = true;
  }
  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }

  /** Reports each observed element as `ratio` visible (0 = out of view). */
  report(ratio: number): void {
    const entries = [...this.observed].map(
      (target) =>
        ({
          target,
          isIntersecting: ratio > 0,
          intersectionRatio: ratio,
        }) as IntersectionObserverEntry,
    );
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

export function installFakeIntersectionObserver(): void {
  FakeIntersectionObserver.instances = [];
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
}
