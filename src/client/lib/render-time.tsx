import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
} from 'react';
import { isPageInteractive, onPageInteractive, useInteractiveSince } from './page-interactive.ts';

/*
 * The clock during a server-rendered page's first render. The server renders at one instant and
 * the browser hydrates a few seconds later: a component that read Date.now() in both would draw
 * different markup (a countdown one second on), and React would throw the server's away. So the
 * server and the hydrating render both read the instant the server rendered at, and the live
 * clock takes over once the page is interactive.
 */

/** Epoch ms at which the server rendered the page; undefined where nothing was (the dev server). */
const RenderTimeContext = createContext<number | undefined>(undefined);

export function RenderTimeProvider({
  value,
  children,
}: {
  value: number | undefined;
  children: ReactNode;
}) {
  return <RenderTimeContext value={value}>{children}</RenderTimeContext>;
}

/**
 * The current time, refreshed every `tickMs` (each tick reads the clock, so a late timer never
 * drifts). On the server and while hydrating it is the server's render time; ticking starts once
 * the page is interactive; a component first rendered after that (a later navigation), or on a
 * page the server did not render, starts from the live time.
 */
export function useNow(tickMs: number): number {
  const renderedAt = useContext(RenderTimeContext);
  const interactiveSince = useInteractiveSince();
  const live = interactiveSince !== null;
  // The time of the last tick; null until the first one in a component that hydrated.
  const [ticked, setTicked] = useState<number | null>(() =>
    live || renderedAt === undefined ? Date.now() : null,
  );

  useEffect(() => {
    if (!live) return;
    const timer = window.setInterval(() => setTicked(Date.now()), tickMs);
    return () => window.clearInterval(timer);
  }, [live, tickMs]);

  // Between becoming interactive and the first tick, the moment it became interactive.
  return ticked ?? interactiveSince ?? (renderedAt as number);
}

// Makes sure the page's becoming interactive is watched for (later renders then read the live
// time), without ever rendering again for it.
const watchWithoutRendering = () => onPageInteractive(() => {});

/**
 * The time of a component's first render, which never changes: the server's render time on the
 * server and while hydrating, else the live time. No ticking, and no render when the page becomes
 * interactive.
 */
export function useFirstRenderTime(): number {
  const renderedAt = useContext(RenderTimeContext);
  const interactive = useSyncExternalStore(watchWithoutRendering, isPageInteractive, () => false);
  const [at] = useState(() => (interactive || renderedAt === undefined ? Date.now() : renderedAt));
  return at;
}
