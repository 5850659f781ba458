import type { RefObject } from 'react';
import type { ReviewCounts, ReviewPage } from '../../../../shared/schemas/review.ts';
import { Button, buttonClassName } from '../../../components/button.tsx';
import type { AdminResource } from '../common/admin-query.tsx';
import { MUTED_TEXT, TableHead } from '../common/shell/admin-page.tsx';
import { Counts } from './review-counts.tsx';
import { ReviewRow } from './review-row.tsx';
import { REVIEW_TEXT } from './review-view.ts';
import type { useReviewActions } from './use-review-actions.ts';
import type { useReviewView } from './use-review-view.ts';
import type { useSelection } from './use-selection.ts';

/** One page of the view: its counts, Export CSV, the bulk decisions, the rows and the paging. */
export function ReviewResults({
  data,
  counts,
  view,
  selection,
  actions,
  heading,
}: {
  data: ReviewPage;
  counts: AdminResource<ReviewCounts>;
  view: ReturnType<typeof useReviewView>;
  selection: ReturnType<typeof useSelection>;
  actions: ReturnType<typeof useReviewActions>;
  heading: RefObject<HTMLHeadingElement | null>;
}) {
  const { busy, decide, deletion } = actions;
  const chosen = [...selection.selected];
  const bulkOff = chosen.length === 0 || chosen.some((id) => busy.has(id));
  return (
    <div className="flex flex-col gap-4">
      <h2 ref={heading} tabIndex={-1} className="sr-only">
        Results
      </h2>
      <div className="flex flex-wrap items-center justify-between gap-3">
        {counts.data ? (
          <Counts counts={counts.data} />
        ) : counts.error ? (
          <p className={MUTED_TEXT}>{REVIEW_TEXT.countsFailed}</p>
        ) : (
          <span />
        )}
        <a
          href={view.exportHref}
          download
          className={buttonClassName({ variant: 'outline', size: 'sm' })}
        >
          Export CSV
        </a>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <span className={MUTED_TEXT}>{chosen.length} selected</span>
        <Button size="sm" disabled={bulkOff} onClick={() => void decide(chosen, 'approved')}>
          Approve selected
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={bulkOff}
          onClick={() => void decide(chosen, 'rejected')}
        >
          Reject selected
        </Button>
      </div>
      {data.items.length === 0 ? (
        <p>{REVIEW_TEXT.empty}</p>
      ) : (
        <table className="block w-full md:table">
          <TableHead
            // On a phone each row is a card whose cells carry their own headings.
            className="hidden md:table-header-group"
            caption="Competition submissions"
            headings={[
              'Select',
              'Participant Details',
              'Competition & Submission',
              'Category',
              'Status',
              'Actions',
            ]}
          />
          <tbody className="block md:table-row-group">
            {data.items.map((item) => (
              <ReviewRow
                key={item.id}
                item={item}
                selected={selection.selected.has(item.id)}
                onSelect={(on) => selection.toggle(item.id, on)}
                busy={busy.has(item.id)}
                onDecide={(status) => void decide([item.id], status)}
                onDelete={() => deletion.ask(item)}
              />
            ))}
          </tbody>
        </table>
      )}
      <nav aria-label="Submission pages" className="flex gap-3">
        {view.params.get('cursor') ? (
          <Button variant="secondary" size="sm" onClick={view.firstPage}>
            First page
          </Button>
        ) : null}
        {data.nextCursor ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => view.nextPage(data.nextCursor as string)}
          >
            Next page
          </Button>
        ) : null}
      </nav>
    </div>
  );
}
