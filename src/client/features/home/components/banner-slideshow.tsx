import { type FocusEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import type { PublicBanner } from '../../../../shared/schemas/banner.ts';
import { prefersSavingData, usePageInteractive } from '../../../lib/page-interactive.ts';
import { useReducedMotion } from '../../../lib/use-reduced-motion.ts';

/** Seed: the banners change every 5 seconds. */
export const BANNER_ROTATION_MS = 5000;

/** At least 60 % black everywhere: white text passes AA contrast over any photograph. */
const SCRIM = 'bg-gradient-to-b from-black/70 via-black/60 to-black/80';

const CONTROL_CLASS =
  'inline-flex items-center justify-center rounded-full text-white transition-colors ' +
  'hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';

/**
 * The home hero: the banners' images cross-fade behind the hero content (`children`), with the
 * current banner's title and description and the controls of the WAI-ARIA carousel pattern below.
 * Rotation stops while the pointer or keyboard focus is inside, when paused by hand, and never
 * starts by itself for visitors who ask for reduced motion or to save data (they may still press
 * Play). Only the first slide's image loads with the page: the others, and the rotation, wait until
 * the page is interactive (with save-data, until the visitor shows that slide).
 */
export function BannerSlideshow({
  banners,
  heroImage = '',
  children,
}: {
  banners: PublicBanner[];
  /** The site's hero image (site settings), shown behind the content while there are no banners. */
  heroImage?: string;
  children: ReactNode;
}) {
  const count = banners.length;
  const reducedMotion = useReducedMotion();
  const [index, setIndex] = useState(0);
  // null until the visitor uses the toggle: until then reduced motion decides.
  const [playChoice, setPlayChoice] = useState<boolean | null>(null);
  const [pointerInside, setPointerInside] = useState(false);
  const [focusInside, setFocusInside] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const slidesId = useId();

  const current = count > 0 ? index % count : 0;
  const interactive = usePageInteractive();
  // Read only once interactive, which the server and the hydrating render never are.
  const savingData = interactive && prefersSavingData();
  const playing = playChoice ?? (!reducedMotion && !savingData);
  const rotating = interactive && count > 1 && playing && !pointerInside && !focusInside;

  // A timeout per slide, not an interval: every change, and every resume, restarts the full period.
  useEffect(() => {
    if (!rotating) return;
    const timer = window.setTimeout(
      () => setIndex((i) => ((i % count) + 1) % count),
      BANNER_ROTATION_MS,
    );
    return () => window.clearTimeout(timer);
  }, [rotating, current, count]);

  if (count === 0) {
    return (
      <section className="relative isolate flex min-h-[85vh] flex-col bg-gradient-to-br from-gray-950 via-gray-900 to-primary pt-24 text-white">
        {heroImage ? (
          <>
            <img
              src={heroImage}
              alt=""
              fetchPriority="high"
              className="absolute inset-0 -z-20 h-full w-full object-cover"
            />
            <div aria-hidden="true" className={`absolute inset-0 -z-10 ${SCRIM}`} />
          </>
        ) : null}
        <div className="relative flex flex-1 flex-col justify-center">{children}</div>
      </section>
    );
  }

  const show = (next: number) => setIndex(((next % count) + count) % count);
  const onFocus = (event: FocusEvent<HTMLElement>) =>
    // Focus on the toggle itself must not pause, or pressing Play would seem to do nothing.
    setFocusInside(event.target !== toggleRef.current);
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocusInside(false);
  };

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Featured banners"
      className="relative isolate flex min-h-[85vh] flex-col overflow-hidden bg-gray-950 pt-24 text-white"
      onPointerEnter={() => setPointerInside(true)}
      onPointerLeave={() => setPointerInside(false)}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      <div aria-hidden="true" className={`absolute inset-0 -z-10 ${SCRIM}`} />
      <div className="relative flex flex-1 flex-col justify-center">{children}</div>
      <div className="mx-auto flex w-full max-w-7xl flex-col gap-4 px-4 pt-6 pb-6 sm:flex-row sm:items-end sm:justify-between">
        <div id={slidesId} aria-live={rotating ? 'off' : 'polite'} className="grid min-w-0 flex-1">
          {banners.map((banner, i) => (
            <Slide
              key={banner.id}
              banner={banner}
              position={i}
              count={count}
              isCurrent={i === current}
              fade={!reducedMotion}
              loadImage={i === 0 || i === current || (interactive && !savingData)}
            />
          ))}
        </div>
        {count > 1 ? (
          <div className="flex shrink-0 flex-wrap items-center gap-1">
            <button
              ref={toggleRef}
              type="button"
              className={`${CONTROL_CLASS} h-11 w-11`}
              onClick={() => setPlayChoice(!playing)}
            >
              <span className="sr-only">{playing ? 'Pause slideshow' : 'Play slideshow'}</span>
              <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor">
                <path d={playing ? 'M7 5h3v14H7zM14 5h3v14h-3z' : 'M8 5v14l11-7z'} />
              </svg>
            </button>
            <button
              type="button"
              aria-controls={slidesId}
              className={`${CONTROL_CLASS} h-11 w-11`}
              onClick={() => show(current - 1)}
            >
              <span className="sr-only">Previous banner</span>
              <Chevron d="M15 5l-7 7 7 7" />
            </button>
            {banners.map((banner, i) => (
              <button
                key={banner.id}
                type="button"
                aria-controls={slidesId}
                aria-label={`Show banner ${i + 1} of ${count}`}
                aria-current={i === current ? 'true' : undefined}
                className={`${CONTROL_CLASS} h-6 w-6`}
                onClick={() => show(i)}
              >
                <span
                  aria-hidden="true"
                  className={`h-2.5 w-2.5 rounded-full border border-white ${
                    i === current ? 'bg-white' : 'bg-transparent'
                  }`}
                />
              </button>
            ))}
            <button
              type="button"
              aria-controls={slidesId}
              className={`${CONTROL_CLASS} h-11 w-11`}
              onClick={() => show(current + 1)}
            >
              <span className="sr-only">Next banner</span>
              <Chevron d="M9 5l7 7-7 7" />
            </button>
          </div>
        ) : null}
      </div>
    </section>
  );
}

/**
 * One banner. Its image is positioned against the whole section (nothing in between is
 * positioned), so it fills the hero while the caption stays in the live region at the bottom.
 */
function Slide({
  banner,
  position,
  count,
  isCurrent,
  fade,
  loadImage,
}: {
  banner: PublicBanner;
  position: number;
  count: number;
  isCurrent: boolean;
  fade: boolean;
  /** False keeps the image out of the page, so the browser does not fetch it yet. */
  loadImage: boolean;
}) {
  const { image } = banner;
  const first = position === 0;
  return (
    <div
      role="group"
      aria-roledescription="slide"
      aria-label={`${position + 1} of ${count}`}
      aria-hidden={isCurrent ? undefined : true}
      inert={!isCurrent}
      className="col-start-1 row-start-1"
    >
      {/* A stored banner without a picture (never saved by the admin form) shows its text alone. */}
      {loadImage && image.url ? (
        <img
          src={image.url}
          srcSet={image.srcset || undefined}
          sizes="100vw"
          width={image.width ?? undefined}
          height={image.height ?? undefined}
          alt=""
          // The first image is the page's largest paint, and the server preloads it.
          loading={first ? 'eager' : 'lazy'}
          fetchPriority={first ? 'high' : undefined}
          decoding={first ? undefined : 'async'}
          className={`absolute inset-0 -z-20 h-full w-full object-cover ${
            fade ? 'transition-opacity duration-1000 ease-in-out' : ''
          } ${isCurrent ? 'opacity-100' : 'opacity-0'}`}
        />
      ) : null}
      {/* All captions share one grid cell, so the hero keeps its height as they change. */}
      <div className={`max-w-2xl ${isCurrent ? '' : 'invisible'}`}>
        <p className="text-xl font-semibold sm:text-2xl">{banner.title}</p>
        {banner.description ? (
          <p className="mt-1 text-base text-gray-100 sm:text-lg">{banner.description}</p>
        ) : null}
      </div>
    </div>
  );
}

function Chevron({ d }: { d: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none">
      <path
        d={d}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
