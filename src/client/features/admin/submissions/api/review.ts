import { adminApiPaths } from '../../../../../shared/api-paths.ts';
import { queryOptions } from '@tanstack/react-query';
import {
  type DecisionResult,
  DecisionResultSchema,
  ReviewCountsSchema,
  ReviewPageSchema,
  type UndoResult,
  UndoResultSchema,
} from '../../../../../shared/schemas/review.ts';
import { apiFetch } from '../../../../lib/api-client.ts';
import { send } from '../../common/admin-requests.ts';

/*
 * The review's calls: one page of a view, its counts, the decisions and their undo, a deletion,
 * the files.
 */

export const SUBMISSIONS_PATH = adminApiPaths.submissions;
const BULK_STATUS_PATH = `${SUBMISSIONS_PATH}/status`;

/** One submission, for DELETE. */
export const submissionPath = (id: string) => `${SUBMISSIONS_PATH}/${encodeURIComponent(id)}`;

/** The photo (`photo`) or an image field's file, named after the entry, to save. */
export const downloadPath = (id: string, file: string) =>
  `${submissionPath(id)}/download/${encodeURIComponent(file)}`;

const statusPath = (id: string) => `${submissionPath(id)}/status`;

/** What the address holds of a view: its filters, its order, and the page's cursor. */
const FILTERS = ['q', 'status', 'payment', 'withdrawn', 'competition', 'duplicates'] as const;
const VIEW = [...FILTERS, 'sort'] as const;
const PAGE = [...VIEW, 'cursor'] as const;

/** `path` with the address's values of `keys` (those set) as its query. */
function withQuery(path: string, params: URLSearchParams, keys: readonly string[]): string {
  const query = new URLSearchParams();
  for (const key of keys) {
    const value = params.get(key);
    if (value) query.set(key, value);
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** The current view as CSV: the list's filters and order, every row. */
export const exportPath = (params: URLSearchParams) =>
  withQuery(`${SUBMISSIONS_PATH}/export.csv`, params, VIEW);

/** One page of the view, as its address says: the key by which a view's page is told apart. */
export const listPath = (params: URLSearchParams) => withQuery(SUBMISSIONS_PATH, params, PAGE);

/** While any shown entry's pictures are being made, its list or page asks again this often. */
export const PICTURES_POLL_MS = 3000;

/** Everything the review shows of the entries: dropped after a decision or a deletion. */
export const reviewKey = ['admin', 'review'] as const;

export const reviewPageQuery = (params: URLSearchParams) => {
  const path = listPath(params);
  return queryOptions({
    queryKey: [...reviewKey, 'page', path],
    queryFn: () => apiFetch(path, {}, ReviewPageSchema),
    // Pictures of a new entry are being made: the page is asked again until they are ready.
    refetchInterval: (query) =>
      query.state.data?.items.some((item) => item.pictures === 'processing')
        ? PICTURES_POLL_MS
        : false,
  });
};

/** The counts of the view: its filters only, so paging or reordering never asks again. */
export const reviewCountsQuery = (params: URLSearchParams) => {
  const path = withQuery(`${SUBMISSIONS_PATH}/counts`, params, FILTERS);
  return queryOptions({
    queryKey: [...reviewKey, 'counts', path],
    queryFn: () => apiFetch(path, {}, ReviewCountsSchema),
  });
};

/** A decision on one entry (PUT on its status) or on several (POST of their ids). */
export function decide({
  ids,
  status,
}: {
  ids: string[];
  status: 'approved' | 'rejected';
}): Promise<DecisionResult> {
  const [only] = ids;
  return ids.length === 1 && only !== undefined
    ? apiFetch(statusPath(only), send('PUT', { status }), DecisionResultSchema)
    : apiFetch(BULK_STATUS_PATH, send('POST', { ids, status }), DecisionResultSchema);
}

/** Undoes the decisions on `ids` whose e-mails still wait (one entry's route, or the bulk one). */
export function undoDecisions(ids: string[]): Promise<UndoResult> {
  const [only] = ids;
  return ids.length === 1 && only !== undefined
    ? apiFetch(`${statusPath(only)}/undo`, send('POST'), UndoResultSchema)
    : apiFetch(`${BULK_STATUS_PATH}/undo`, send('POST', { ids }), UndoResultSchema);
}

export const deleteSubmission = (id: string) => apiFetch(submissionPath(id), send('DELETE'));
