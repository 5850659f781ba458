import { useRef } from 'react';
import { Link } from 'react-router';
import type { PublicExhibitionWork } from '../../../../shared/schemas/exhibition.ts';
import { ResponsiveImg } from '../../../components/responsive-image.tsx';
import { useModalDialog } from '../../../components/modal-dialog.tsx';
import { paths } from '../../../config/paths.ts';
import { WorkDetails } from './work-details.tsx';

const CONTROL =
  'flex min-h-11 min-w-11 items-center justify-center rounded-lg bg-white/10 px-4 font-semibold text-white hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';
/** How far a finger must travel sideways for a swipe to change the work. */
const SWIPE_PX = 50;

/**
 * The works full screen, one at a time: a native modal <dialog>, so the browser keeps focus in it
 * and the page behind inert, and focus goes back to the button that opened it. Arrow keys and a
 * swipe move between works, Escape closes. The picture fades in only where motion is welcome.
 */
export function WorkViewer({
  competitionId,
  works,
  index,
  onIndex,
  onClose,
}: {
  competitionId: string;
  works: readonly PublicExhibitionWork[];
  /** The work shown; null: closed. */
  index: number | null;
  onIndex: (index: number) => void;
  onClose: () => void;
}) {
  const ref = useModalDialog(index !== null);
  const swipeFrom = useRef<number | null>(null);
  const work = index === null ? undefined : works[index];
  const go = (step: number) => {
    if (index === null || works.length === 0) return;
    onIndex((index + step + works.length) % works.length);
  };
  return (
    <dialog
      ref={ref}
      aria-label={work ? `${work.title || 'Untitled'}, full screen` : 'Full screen'}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={(event) => {
        if (event.key === 'ArrowRight') go(1);
        else if (event.key === 'ArrowLeft') go(-1);
      }}
      onTouchStart={(event) => {
        swipeFrom.current = event.touches[0]?.clientX ?? null;
      }}
      onTouchEnd={(event) => {
        const from = swipeFrom.current;
        const to = event.changedTouches[0]?.clientX;
        swipeFrom.current = null;
        if (from === null || to === undefined || Math.abs(to - from) < SWIPE_PX) return;
        go(to < from ? 1 : -1);
      }}
      className="m-0 h-dvh max-h-none w-dvw max-w-none bg-black p-0 text-white backdrop:bg-black"
    >
      {work ? (
        <div className="flex h-full flex-col">
          <div className="flex items-center justify-between gap-2 p-2">
            <p aria-live="polite" className="px-2 text-sm text-gray-200">
              {(index ?? 0) + 1} of {works.length}
            </p>
            <button type="button" onClick={onClose} className={CONTROL}>
              Close
            </button>
          </div>
          <div className="relative flex min-h-0 flex-1 items-center justify-center">
            <ResponsiveImg
              key={work.workId}
              image={work.image}
              sizes="100vw"
              alt={work.title || 'Untitled'}
              className="max-h-full max-w-full object-contain motion-safe:animate-fade-in"
            />
          </div>
          <div className="flex flex-wrap items-end justify-between gap-4 p-4">
            <WorkDetails work={work} inverted />
            <div className="flex flex-wrap gap-2">
              <button type="button" onClick={() => go(-1)} className={CONTROL}>
                Previous
              </button>
              <button type="button" onClick={() => go(1)} className={CONTROL}>
                Next
              </button>
              <Link to={paths.exhibitionWorkOf(competitionId, work.workId)} className={CONTROL}>
                Open the work’s page
              </Link>
            </div>
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
