import { type RefObject, useEffect, useState } from 'react';
import { ButtonLink } from '../../../components/button.tsx';
import { paths } from '../../../config/paths.ts';

/**
 * On a phone, 'Register Now' kept at the bottom of the screen while the page's own button is out
 * of sight. It steps aside while that button or the footer shows (so it never covers them), and
 * a spacer as tall as the bar ends the page, so no text stays under it. It slides only for those
 * who have not asked for less motion.
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
    const targets = [pageButton.current, document.querySelector('footer')].filter(
      (target): target is HTMLElement => target !== null,
    );
    if (targets.length === 0 || typeof IntersectionObserver === 'undefined') return;
    const showing = new Set<Element>();
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting) showing.add(entry.target);
        else showing.delete(entry.target);
      }
      setAside(showing.size > 0);
    });
    for (const target of targets) observer.observe(target);
    return () => observer.disconnect();
  }, [pageButton]);

  return (
    <>
      <div aria-hidden="true" className="h-8 lg:hidden" />
      <div
        data-testid="register-bar"
        className={`fixed inset-x-0 bottom-0 z-30 border-t border-gray-200 bg-white/95 px-4 py-3 shadow-[0_-2px_8px_rgb(0_0_0/0.08)] backdrop-blur motion-safe:transition-[translate,visibility] motion-safe:duration-200 lg:hidden dark:border-gray-800 dark:bg-gray-950/95 ${
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
    </>
  );
}
