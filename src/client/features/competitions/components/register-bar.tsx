import { type RefObject, useEffect, useState } from 'react';
import { ButtonLink } from '../../../components/button.tsx';
import { paths } from '../../../config/paths.ts';

/**
 * On a phone, 'Register Now' kept at the bottom of the screen while the page's own button is out
 * of sight; it steps aside while that button shows, and slides only for those who have not asked
 * for less motion. It sticks rather than floats: at the page's end it rests in its own place, so
 * it never covers the last lines or the footer, with scripts off too.
 */
export function RegisterBar({
  competitionId,
  fee,
  pageButton,
}: {
  competitionId: string;
  fee: string;
  pageButton: RefObject<HTMLElement | null>;
}) {
  // Drawn shown, on the server and in the first render alike; the observer then decides.
  const [aside, setAside] = useState(false);
  useEffect(() => {
    const target = pageButton.current;
    if (!target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) setAside(entry.isIntersecting);
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [pageButton]);

  return (
    <div
      data-testid="register-bar"
      className={`sticky bottom-0 z-30 -mx-4 mt-8 border-t border-gray-200 bg-white/95 px-4 py-3 shadow-[0_-2px_8px_rgb(0_0_0/0.08)] backdrop-blur motion-safe:transition-[translate,visibility] motion-safe:duration-200 lg:hidden dark:border-gray-800 dark:bg-gray-950/95 ${
        aside ? 'invisible translate-y-full' : ''
      }`}
    >
      <div className="mx-auto flex max-w-5xl items-center justify-between gap-4">
        <p className="font-semibold">{fee}</p>
        <ButtonLink to={paths.registerFor(competitionId)} className="shrink-0">
          Register Now
        </ButtonLink>
      </div>
    </div>
  );
}
