import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useUpdateSearchParams } from '../../../lib/use-update-search-params.ts';
import { exportPath, listPath } from './api/review.ts';

/** How long typing rests before the search is sent. */
const SEARCH_DELAY_MS = 300;

/**
 * The review's view as the address holds it: filters, order, page and search, so it can be
 * bookmarked and the back button goes back through it.
 */
export function useReviewView() {
  const [params, setParams] = useSearchParams();
  const search = useSearchText(params.get('q') ?? '');

  /** A filter chosen: a new place in the history, from the first page. */
  const choose = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    next.delete('cursor');
    setParams(next);
  };

  // Export CSV takes the search as typed, even in the moment before the list follows it.
  const exportParams = new URLSearchParams(params);
  exportParams.set('q', search.text);

  return {
    params,
    /** What tells one view's page from another's (a selection belongs to one). */
    key: listPath(params),
    search,
    choose,
    exportHref: exportPath(exportParams),
    firstPage: () => choose('cursor', ''),
    nextPage: (cursor: string) => {
      const next = new URLSearchParams(params);
      next.set('cursor', cursor);
      setParams(next);
    },
  };
}

/**
 * The search field: what the admin types, written to the address once typing rests (replacing
 * the address's search, no history entry per key; a cursor starts again), until the address's
 * search changes from elsewhere (a link, the back button).
 */
function useSearchText(q: string) {
  const updateParams = useUpdateSearchParams();
  // `basis`: the address's search the text was typed against; `sent`: what typing last wrote.
  const [typed, setTyped] = useState({ basis: q, sent: q, text: q });
  if (q !== typed.basis) {
    // Adjusted while rendering, as React advises for state that follows a prop, so the field never
    // shows a stale search for a frame: our own write arriving keeps what was typed since; any
    // other change shows the address's.
    setTyped(q === typed.sent ? { ...typed, basis: q } : { basis: q, sent: q, text: q });
  }
  const text = q === typed.basis || q === typed.sent ? typed.text : q;

  useEffect(() => {
    if (text === q) return;
    const timer = setTimeout(() => {
      setTyped((current) => ({ ...current, sent: text }));
      updateParams({ q: text, cursor: '' });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, q, updateParams]);

  return {
    text,
    type: (next: string) => setTyped((current) => ({ ...current, basis: q, text: next })),
  };
}
