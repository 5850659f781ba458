import { DECISION_EMAIL_DELAY_MS } from '../../../../shared/schemas/review.ts';
import { paths } from '../../../config/paths.ts';

/* The review's words, and the way back to it from an entry's page. */

/** Seed §8: a decision that failed, on the review and the entry page alike. */
export const UPDATE_FAILED = 'Failed to update submission status';

/** Seed §2 and §8: the screen's own words. */
export const REVIEW_TEXT = {
  searchPlaceholder: 'Search by name or email...',
  empty: 'No submissions found matching your criteria.',
  fetchFailed: 'Failed to fetch submissions',
  updateFailed: UPDATE_FAILED,
  deleteQuestion: 'Are you sure you want to delete this submission? This action cannot be undone.',
  deleteFailed: 'Failed to delete submission',
  deleted: 'Submission deleted',
  countsFailed: 'The counts could not be loaded.',
} as const;

/** The toast of a decision: 'Submission approved', '3 submissions rejected'. */
export function decidedMessage(changed: number, status: 'approved' | 'rejected'): string {
  return changed === 1 ? `Submission ${status}` : `${changed} submissions ${status}`;
}

/* A decision's e-mail waits, and the decision can be undone meanwhile. */

const DELAY_MINUTES = DECISION_EMAIL_DELAY_MS / 60_000;

/** Before the Undo button: 'E-mail goes in 5 minutes —', '3 e-mails go in 5 minutes —'. */
export function emailWaitsMessage(count: number): string {
  return count === 1
    ? `E-mail goes in ${DELAY_MINUTES} minutes —`
    : `${count} e-mails go in ${DELAY_MINUTES} minutes —`;
}

/** The toast of an undo: 'Decision undone', '3 decisions undone; 1 e-mail had already gone'. */
export function undoneMessage(undone: number, gone = 0): string {
  const done = undone === 1 ? 'Decision undone' : `${undone} decisions undone`;
  if (gone === 0) return done;
  return `${done}; ${gone === 1 ? '1 e-mail' : `${gone} e-mails`} had already gone`;
}

export const UNDO_FAILED = 'Failed to undo the decision';

/**
 * Where an entry page's Back goes: the review view it was opened from, given in its `from`
 * parameter, when that is one (a path of the admin's review, nothing else: no other site, no other
 * page); else undefined.
 */
export function reviewViewFrom(from: string | null): string | undefined {
  if (!from?.startsWith(paths.adminSubmissions)) return undefined;
  const base = 'https://white-stroke.invalid';
  if (!URL.canParse(from, base)) return undefined;
  const url = new URL(from, base);
  if (url.origin !== base || url.pathname !== paths.adminSubmissions) return undefined;
  return `${url.pathname}${url.search}`;
}
