import { type MouseEvent, useEffect, useState } from 'react';
import { useReducedMotion } from '../../../lib/use-reduced-motion.ts';

/** Seed: the hint goes once the page has scrolled more than 100 px. */
export const SCROLL_HINT_HIDE_PX = 100;

function useNearTop(limit: number): boolean {
  // The server knows no scroll position: it draws the top of the page, and so does hydration.
  const [nearTop, setNearTop] = useState(true);
  useEffect(() => {
    const update = () => setNearTop(window.scrollY <= limit);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [limit]);
  return nearTop;
}

/**
 * "Scroll to explore": a link down to the section `targetId`, shown only near the top of the
 * page. The parent positions it through `className`.
 */
export function ScrollHint({ targetId, className = '' }: { targetId: string; className?: string }) {
  const nearTop = useNearTop(SCROLL_HINT_HIDE_PX);
  const reducedMotion = useReducedMotion();
  if (!nearTop) return null;

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(targetId);
    // Without the target the browser's own jump to the fragment is all we can offer.
    if (!target) return;
    event.preventDefault();
    target.scrollIntoView({ behavior: reducedMotion ? 'auto' : 'smooth', block: 'start' });
    // Keyboard and screen-reader users continue from where the page now shows.
    target.focus({ preventScroll: true });
  };

  return (
    <a
      href={`#${targetId}`}
      onClick={onClick}
      className={`inline-flex min-h-11 flex-col items-center gap-1 rounded-lg px-3 py-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-current ${className}`.trim()}
    >
      Scroll to explore
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6 animate-bounce" fill="none">
        <path
          d="M6 9l6 6 6-6"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </a>
  );
}
