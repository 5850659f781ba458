import { useState, useSyncExternalStore } from 'react';

const neverChanges = () => () => {};

/**
 * A value only this browser knows (history state, session storage), read once. The server and the
 * hydrating render see `serverValue`, so the markup matches the server's; React then renders
 * again with the browser's value. A page drawn in the browser alone shows it at once.
 */
export function useBrowserValue<T>(read: () => T, serverValue: T): T {
  const [browserValue] = useState(() => (typeof window === 'undefined' ? serverValue : read()));
  return useSyncExternalStore(
    neverChanges,
    () => browserValue,
    () => serverValue,
  );
}

/**
 * Whether the app runs this page: false on the server and while hydrating, true after. A control
 * that only works by script (a form's send) stays disabled until then: a press before that would
 * be the browser's own (a form submitted as a page load, everything typed gone).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
