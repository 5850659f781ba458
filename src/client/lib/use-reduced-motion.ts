import { useSyncExternalStore } from 'react';

/** The media query a visitor's "reduce motion" system setting answers. */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

function mediaQueryList(): MediaQueryList | null {
  // Absent outside a browser (server rendering) and in some test environments.
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return null;
  return window.matchMedia(REDUCED_MOTION_QUERY);
}

/** Whether the visitor asks for reduced motion right now; for event handlers, outside React. */
export function prefersReducedMotion(): boolean {
  return mediaQueryList()?.matches ?? false;
}

function subscribe(onChange: () => void): () => void {
  const list = mediaQueryList();
  if (!list) return () => {};
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

// Without a window we cannot know, so the server assumes motion is fine; the client corrects it.
const getServerSnapshot = () => false;

/** True while the visitor's system asks for reduced motion; follows changes to that setting. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, prefersReducedMotion, getServerSnapshot);
}
