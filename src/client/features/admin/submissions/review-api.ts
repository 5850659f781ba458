import type { ReviewQuery } from '../../../../shared/schemas/review.ts';

/* The review's calls (issue 14). */

export const SUBMISSIONS_PATH = '/api/admin/submissions';
export const BULK_STATUS_PATH = '/api/admin/submissions/status';
/** The photo (`photo`) or an image field's file, named after the entry, to save. */
export const downloadPath = (id: string, file: string) =>
  `/api/admin/submissions/${encodeURIComponent(id)}/download/${encodeURIComponent(file)}`;

export const statusPath = (id: string) => `/api/admin/submissions/${encodeURIComponent(id)}/status`;

/** The filters the address holds, as the list's query: only what differs from the defaults. */
export type ReviewFilterParams = Partial<
  Record<'q' | 'status' | 'payment' | 'competition' | 'sort' | 'cursor', string>
>;

export const FILTER_KEYS = ['q', 'status', 'payment', 'competition', 'sort', 'cursor'] as const;

/** The current view as CSV: the list's filters and order, every row. */
export function exportPath(params: URLSearchParams): string {
  const query = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = params.get(key);
    if (value && key !== 'cursor') query.set(key, value);
  }
  const text = query.toString();
  return `${SUBMISSIONS_PATH}/export.csv${text ? `?${text}` : ''}`;
}

export function listPath(params: URLSearchParams): string {
  const query = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = params.get(key);
    if (value) query.set(key, value);
  }
  const text = query.toString();
  return text ? `${SUBMISSIONS_PATH}?${text}` : SUBMISSIONS_PATH;
}

export type { ReviewQuery };
