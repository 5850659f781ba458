import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { MUTED_TEXT } from './shell/admin-page.tsx';
import { AdminTable } from './shell/admin-table.tsx';

/*
 * A long list shown a page at a time, the page kept in the address (?page=N) so a reload or a
 * shared link shows the same page: the audit log, the outbox.
 */

/** The ?page=N of the address (a whole number from 1; anything else is the first page). */
export function usePageParam(): [page: number, goTo: (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const value = Number(params.get('page'));
  const page = Number.isInteger(value) && value >= 1 ? value : 1;
  const goTo = (next: number) => setParams(next === 1 ? {} : { page: String(next) });
  return [page, goTo];
}

/** 'Previous', 'Page 2 of 5', 'Next' for an answer of `total` items, `pageSize` to a page. */
export function PageNav({
  label,
  page,
  total,
  pageSize,
  onGo,
}: {
  /** The navigation's name: 'Audit log pages'. */
  label: string;
  page: number;
  total: number;
  pageSize: number;
  onGo: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav aria-label={label} className="flex items-center gap-4">
      <Button
        variant="secondary"
        size="sm"
        disabled={page <= 1}
        // From a page past the end (a stale link), back to the last one.
        onClick={() => onGo(Math.min(page, pages + 1) - 1)}
      >
        Previous
      </Button>
      <p>
        Page {page} of {pages}
      </p>
      <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onGo(page + 1)}>
        Next
      </Button>
    </nav>
  );
}

/** One page of a long list as a table, or what it says when empty; the page links under it. */
export function PagedTable({
  answer,
  rowCount,
  empty,
  caption,
  headings,
  navLabel,
  onGo,
  children,
}: {
  /** The page the server answered with, of how many items, how many to a page. */
  answer: { page: number; total: number; pageSize: number };
  rowCount: number;
  /** What it says with no items at all, and on a page past the end. */
  empty: { list: string; page: string };
  caption: string;
  headings: string[];
  navLabel: string;
  onGo: (page: number) => void;
  /** The rows (<tr>) of this page. */
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-4">
      {rowCount === 0 ? (
        <p className={MUTED_TEXT}>{answer.total === 0 ? empty.list : empty.page}</p>
      ) : (
        <AdminTable caption={caption} headings={headings}>
          {children}
        </AdminTable>
      )}
      <PageNav
        label={navLabel}
        page={answer.page}
        total={answer.total}
        pageSize={answer.pageSize}
        onGo={onGo}
      />
    </div>
  );
}
