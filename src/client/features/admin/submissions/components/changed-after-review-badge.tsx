/** Said beside an entry's status when its artist changed it after it was approved or rejected. */
export const CHANGED_AFTER_REVIEW = 'Changed after review';

/**
 * The artist corrected the entry after the decision: the admin may want to look again. The
 * title gives the moment; nothing is drawn when it never happened.
 */
export function ChangedAfterReviewBadge({ at }: { at: string | null | undefined }) {
  if (!at) return null;
  return (
    <span
      title={`Changed by the artist on ${new Date(at).toLocaleString()}`}
      className="inline-block rounded-full border border-purple-700 bg-purple-50 px-2.5 py-0.5 text-sm font-semibold text-purple-900 dark:bg-purple-950 dark:text-purple-100"
    >
      {CHANGED_AFTER_REVIEW}
    </span>
  );
}
