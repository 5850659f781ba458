import { type ReactNode, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { useReducedMotion } from '../../../lib/use-reduced-motion.ts';

/** Seed: a card animates in once 10 % of it is visible. */
export const FEATURE_CARD_IN_VIEW_THRESHOLD = 0.1;

type IconName = 'globe' | 'judge' | 'trophy' | 'form';

export const WHY_CHOOSE_US_FEATURES: readonly { title: string; text: string; icon: IconName }[] = [
  {
    title: 'Global Exposure',
    text: 'Show your work to artists, judges and art lovers from around the world.',
    icon: 'globe',
  },
  {
    title: 'Expert Judges',
    text: 'Every entry is reviewed by practising artists and art educators.',
    icon: 'judge',
  },
  {
    title: 'Exciting Prizes',
    text: 'Win prizes, certificates and a place in our exhibitions.',
    icon: 'trophy',
  },
  {
    title: 'Simple Registration',
    text: 'Register in minutes from your phone, with secure online payment for paid entries.',
    icon: 'form',
  },
];

const neverChanges = () => () => {};
const hasIntersectionObserver = () => typeof IntersectionObserver !== 'undefined';
// The server has none, but draws the cards as the browsers that do will hydrate them.
const serverHasIntersectionObserver = () => true;

/** "Why Choose Us": four cards that fade and rise into view as they scroll in. */
export function FeatureTiles() {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-7xl px-4 py-16">
      <h2 id={headingId} className="text-center text-3xl font-bold text-gray-900 dark:text-gray-50">
        Why Choose Us
      </h2>
      <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {WHY_CHOOSE_US_FEATURES.map((feature) => (
          <FeatureCard key={feature.title} {...feature} />
        ))}
      </ul>
    </section>
  );
}

function FeatureCard({ title, text, icon }: { title: string; text: string; icon: IconName }) {
  const ref = useRef<HTMLLIElement>(null);
  const reducedMotion = useReducedMotion();
  const observable = useSyncExternalStore(
    neverChanges,
    hasIntersectionObserver,
    serverHasIntersectionObserver,
  );
  const animated = !reducedMotion && observable;
  const [inView, setInView] = useState(false);

  useEffect(() => {
    const card = ref.current;
    if (!animated || !card) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setInView(true);
          // Once in, it stays: no need to keep watching.
          observer.disconnect();
        }
      },
      { threshold: FEATURE_CARD_IN_VIEW_THRESHOLD },
    );
    observer.observe(card);
    return () => observer.disconnect();
  }, [animated]);

  const visible = inView || !animated;
  return (
    <li
      ref={ref}
      data-visible={visible}
      className={`rounded-2xl border border-gray-200 bg-white p-6 shadow-sm dark:border-gray-800 dark:bg-gray-900 ${
        animated ? 'transition duration-600 ease-out' : ''
      } ${visible ? 'translate-y-0 opacity-100' : 'translate-y-[20px] opacity-0'}`}
    >
      <div
        className={`flex h-12 w-12 items-center justify-center rounded-xl bg-primary/10 text-[var(--color-primary-text)] ${
          animated ? 'transition-transform delay-200 duration-400 ease-out' : ''
        } ${visible ? 'scale-100' : 'scale-0'}`}
      >
        <FeatureIcon name={icon} />
      </div>
      <h3 className="mt-4 text-xl font-semibold text-gray-900 dark:text-gray-50">{title}</h3>
      <p className="mt-2 text-gray-700 dark:text-gray-300">{text}</p>
    </li>
  );
}

const ICON_PATHS: Record<IconName, ReactNode> = {
  globe: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.5 3.8 5.5 3.8 9s-1.3 6.5-3.8 9c-2.5-2.5-3.8-5.5-3.8-9S9.5 5.5 12 3z" />
    </>
  ),
  judge: (
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" />
      <path d="M9.5 8l1.8 1.8L15 6.2" />
    </>
  ),
  trophy: (
    <>
      <path d="M8 4h8v6a4 4 0 0 1-8 0V4z" />
      <path d="M8 6H5a3 3 0 0 0 3 4M16 6h3a3 3 0 0 1-3 4M12 14v4M8 21h8M9 18h6" />
    </>
  ),
  form: (
    <>
      <rect x="5" y="3" width="14" height="18" rx="2" />
      <path d="M9 8h6M9 12h6M9 16h3" />
    </>
  ),
};

function FeatureIcon({ name }: { name: IconName }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-6 w-6"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {ICON_PATHS[name]}
    </svg>
  );
}
