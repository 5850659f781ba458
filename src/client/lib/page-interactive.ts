import { useSyncExternalStore } from 'react';
import { useReducedMotion } from './use-reduced-motion.ts';

/*
 * "The page is interactive": the load event has fired and the browser has had a moment of idle
 * time, or the visitor has already pressed something (a click that navigates must find the live
 * clock). Decoration (particles, the slideshow's later slides, the countdown's ticking) waits for
 * it, so the first screen's content and scripts, hydration included, come first on a slow phone.
 * Once per page load; every component that asks shares the one moment.
 */

/** Idle time may never come on a busy page: by then we start anyway. */
const IDLE_TIMEOUT_MS = 2000;
/** Where there is no requestIdleCallback (Safari): a short pause after load instead. */
const NO_IDLE_CALLBACK_DELAY_MS = 200;

let interactiveAt: number | null = null;
let scheduled = false;
const waiting = new Set<() => void>();

const INPUT_EVENTS = ['pointerdown', 'keydown'] as const;

/**
 * The moment, on the page's root element for whoever watches (a journey on a frozen clock):
 * `waiting` once something waits for it, `yes` once it has come.
 */
function mark(state: 'waiting' | 'yes'): void {
  document.documentElement.dataset.interactive = state;
}

function becomeInteractive(): void {
  if (interactiveAt !== null) return;
  for (const type of INPUT_EVENTS) window.removeEventListener(type, becomeInteractive, true);
  interactiveAt = Date.now();
  mark('yes');
  const callbacks = [...waiting];
  waiting.clear();
  for (const callback of callbacks) callback();
}

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  const whenIdle = () => {
    const later =
      window.requestIdleCallback ??
      ((run: () => void) => window.setTimeout(run, NO_IDLE_CALLBACK_DELAY_MS));
    later(becomeInteractive, { timeout: IDLE_TIMEOUT_MS });
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
  for (const type of INPUT_EVENTS) {
    window.addEventListener(type, becomeInteractive, { capture: true, passive: true });
  }
  mark('waiting');
}

/** Runs `callback` once the page is interactive (at once if it is); returns a cancel. */
export function onPageInteractive(callback: () => void): () => void {
  if (interactiveAt !== null) {
    callback();
    return () => {};
  }
  waiting.add(callback);
  // Only a browser ever gets here: the server runs no effects and subscribes to nothing.
  schedule();
  return () => waiting.delete(callback);
}

/** Whether the page has become interactive; for code outside React, and one-off reads. */
export function isPageInteractive(): boolean {
  return interactiveAt !== null;
}

function subscribe(onChange: () => void): () => void {
  return interactiveAt === null ? onPageInteractive(onChange) : () => {};
}

/**
 * When the page became interactive (epoch ms), or null before. Always null on the server and
 * while hydrating, so the markup matches whatever the browser knows by then.
 */
export function useInteractiveSince(): number | null {
  return useSyncExternalStore(
    subscribe,
    () => interactiveAt,
    () => null,
  );
}

export function usePageInteractive(): boolean {
  return useInteractiveSince() !== null;
}

interface WithConnection {
  connection?: { saveData?: boolean };
}

/** Whether the visitor's browser asks to save data (Chrome's Lite mode, a data saver setting). */
export function prefersSavingData(): boolean {
  return (navigator as Navigator & WithConnection).connection?.saveData === true;
}

/**
 * Whether moving decoration may run now: once the page is interactive, and never for visitors who
 * ask for reduced motion or to save data. False on the server and while hydrating.
 */
export function useDecorativeMotion(): boolean {
  const interactive = usePageInteractive();
  const reducedMotion = useReducedMotion();
  // Read only once interactive, which the server and the hydrating render never are.
  return interactive && !reducedMotion && !prefersSavingData();
}
