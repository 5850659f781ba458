/* The review's calls (issue 14). */

export const SUBMISSIONS_PATH = '/api/admin/submissions';
export const BULK_STATUS_PATH = '/api/admin/submissions/status';
/** The photo (`photo`) or an image field's file, named after the entry, to save. */
export const downloadPath = (id: string, file: string) =>
  `/api/admin/submissions/${encodeURIComponent(id)}/download/${encodeURIComponent(file)}`;

export const statusPath = (id: string) => `/api/admin/submissions/${encodeURIComponent(id)}/status`;

/** What the address holds of a view: its filters, its order, and the page's cursor. */
const FILTERS = ['q', 'status', 'payment', 'competition'] as const;
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

/** The counts of the view: its filters only, so paging or reordering never asks again. */
export const countsPath = (params: URLSearchParams) =>
  withQuery(`${SUBMISSIONS_PATH}/counts`, params, FILTERS);

/** One page of the view. */
export const listPath = (params: URLSearchParams) => withQuery(SUBMISSIONS_PATH, params, PAGE);
