import type { PictureState } from '../../../../shared/schemas/review.ts';
import { MUTED_TEXT } from '../common/shell/admin-page.tsx';

/** What stands in for an entry's pictures until their stored copies are made (or if they fail). */
export const PICTURE_STATE_TEXT = {
  processing: 'Processing picture…',
  failed: 'This picture could not be processed',
} as const satisfies Record<Exclude<PictureState, 'ready'>, string>;

export function PictureStand({
  state,
  label,
  className,
}: {
  state: Exclude<PictureState, 'ready'>;
  /** Whose picture it stands for, for a screen reader. */
  label: string;
  className: string;
}) {
  return (
    <span
      role="img"
      aria-label={`${label}: ${PICTURE_STATE_TEXT[state]}`}
      className={`flex items-center justify-center border border-dashed border-gray-300 bg-gray-50 p-1 text-center text-xs dark:border-gray-700 dark:bg-gray-900 ${MUTED_TEXT} ${className}`}
    >
      <span aria-hidden="true">{PICTURE_STATE_TEXT[state]}</span>
    </span>
  );
}
