import { useRef } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { competitionsQuery } from '../competitions/api/competitions.ts';
import { useAdminQuery } from '../common/admin-query.tsx';
import { ConfirmDialog } from '../common/dialogs/confirm-dialog.tsx';
import { withSeedMessage } from '../common/failure-messages.ts';
import { ResourceView } from '../common/resource-view.tsx';
import { AdminPage, FOCUS_RING } from '../common/shell/admin-page.tsx';
import { reviewCountsQuery, reviewPageQuery } from './api/review.ts';
import { ArtworksArchive } from './artworks-archive.tsx';
import { DecisionUndoNotice } from './decision-undo-notice.tsx';
import { MessageEntries } from './message-entries.tsx';
import { ReviewFilters } from './review-filters.tsx';
import { ReviewResults } from './review-results.tsx';
import { REVIEW_TEXT } from './review-view.ts';
import { useReviewActions } from './use-review-actions.ts';
import { useReviewView } from './use-review-view.ts';
import { useSelection } from './use-selection.ts';

/**
 * Seed §2 "Competition Submissions", searched, filtered and paged on the server; the view lives in
 * the address, so it can be bookmarked and the back button goes back through it.
 */
export default function SubmissionsPage() {
  const view = useReviewView();
  const page = useAdminQuery(reviewPageQuery(view.params));
  // Asked again when the filters change or a decision or deletion moved an entry between them.
  const counts = useAdminQuery(reviewCountsQuery(view.params));
  const competitions = useAdminQuery(competitionsQuery);
  const selection = useSelection(view.key);
  const heading = useRef<HTMLHeadingElement>(null);
  // A row and its Delete button, or the Undo button, about to go: focus waits on the results'
  // heading.
  const actions = useReviewActions({ selection, focusWhenGone: heading });
  const competitionId = view.params.get('competition');

  return (
    <AdminPage title="Competition Submissions">
      <ReviewFilters view={view} competitions={competitions.data ?? []} />
      <ArtworksArchive
        competitionId={competitionId}
        competitionTitle={competitions.data?.find((c) => c.id === competitionId)?.title}
      />
      <MessageEntries params={view.params} />
      {/* Outside the results, so it stays while they reload after the decision. */}
      <DecisionUndoNotice undo={actions.undo} />
      <ResourceView resource={withSeedMessage(page, REVIEW_TEXT.fetchFailed)}>
        {(data) => (
          <ReviewResults
            data={data}
            counts={counts}
            view={view}
            selection={selection}
            actions={actions}
            heading={heading}
          />
        )}
      </ResourceView>
      <ConfirmDialog
        title="Delete submission"
        question={REVIEW_TEXT.deleteQuestion}
        confirmLabel="Delete"
        {...actions.deletion.dialog}
      />
      {/* Artists' requests to be erased concern their entries: listed beside them. */}
      <Link
        to={paths.adminErasureRequests}
        className={`self-start rounded underline ${FOCUS_RING}`}
      >
        Erasure requests
      </Link>
    </AdminPage>
  );
}
