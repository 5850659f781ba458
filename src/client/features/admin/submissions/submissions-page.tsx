import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  PAYMENT_STATE_LABELS,
  SUBMISSION_STATUS_LABELS,
} from '../../../../shared/domain/entry-state.ts';
import type { AdminCompetition } from '../../../../shared/schemas/competition.ts';
import type {
  DecisionResult,
  ReviewCounts,
  ReviewItem,
  ReviewPage,
} from '../../../../shared/schemas/review.ts';
import { Button, buttonClassName } from '../../../components/button.tsx';
import { Field, SelectField } from '../../../components/form-fields.tsx';
import { useToast } from '../../../components/toast.tsx';
import { useUpdateSearchParams } from '../../../lib/use-update-search-params.ts';
import { COMPETITIONS_PATH } from '../competitions/competitions-api.ts';
import { ConfirmDialog } from '../common/dialogs/confirm-dialog.tsx';
import { useConfirmAction } from '../common/dialogs/use-confirm-action.ts';
import { withReason, withSeedMessage } from '../common/failure-messages.ts';
import { ResourceView } from '../common/resource-view.tsx';
import { useAdminFetch } from '../common/session.tsx';
import { AdminPage, MUTED_TEXT, TableHead } from '../common/shell/admin-page.tsx';
import { useAdminResource } from '../common/use-admin-resource.ts';
import {
  BULK_STATUS_PATH,
  countsPath,
  decidedMessage,
  exportPath,
  listPath,
  statusPath,
  SUBMISSIONS_PATH,
  UPDATE_FAILED,
} from './review-api.ts';
import { ArtworksArchive } from './artworks-archive.tsx';
import { ReviewRow } from './review-row.tsx';

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

/** How long typing rests before the search is sent. */
const SEARCH_DELAY_MS = 300;

const STATUS_OPTIONS = [
  { value: '', label: 'All statuses' },
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
];
const PAYMENT_OPTIONS = [
  { value: '', label: 'All payments' },
  { value: 'free', label: 'Free' },
  { value: 'paid', label: 'Paid' },
  { value: 'pending', label: 'Pending' },
];
const DUPLICATE_OPTIONS = [
  { value: '', label: 'All entries' },
  { value: 'only', label: 'Possible duplicates only' },
];
const SORT_OPTIONS = [
  { value: '', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
];

/**
 * Issue 14: seed §2 "Competition Submissions", searched, filtered and paged on the server; the
 * view lives in the address, so it can be bookmarked and the back button goes back through it.
 */
export default function SubmissionsPage() {
  const [params, setParams] = useSearchParams();
  const updateParams = useUpdateSearchParams();
  const [revision, setRevision] = useState(0);
  const page = useAdminResource<ReviewPage>(listPath(params), revision);
  // Asked again when the filters change or a decision or deletion moved an entry between them.
  const counts = useAdminResource<ReviewCounts>(countsPath(params), revision);
  const competitions = useAdminResource<AdminCompetition[]>(COMPETITIONS_PATH);
  const adminFetch = useAdminFetch();
  const { showToast } = useToast();
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const view = listPath(params);
  // Rows chosen for a bulk action, in the view they were chosen in: another view (a search, a
  // filter, a page, the back button) starts with none.
  const [selection, setSelection] = useState<{ view: string; ids: ReadonlySet<string> }>({
    view,
    ids: new Set(),
  });
  const selected = selection.view === view ? selection.ids : new Set<string>();
  const setSelected = (change: (current: ReadonlySet<string>) => ReadonlySet<string>) =>
    setSelection({ view, ids: change(selected) });

  // The search field: what the admin types, until the address's search changes from elsewhere
  // (a link, the back button). `sent` is what typing last wrote to the address.
  const q = params.get('q') ?? '';
  const [typed, setTyped] = useState({ basis: q, sent: q, text: q });
  if (q !== typed.basis) {
    // Our own write arriving keeps what was typed since; any other change shows the address's.
    setTyped(q === typed.sent ? { ...typed, basis: q } : { basis: q, sent: q, text: q });
  }
  const search = q === typed.basis || q === typed.sent ? typed.text : q;
  // Export CSV takes the search as typed, even in the moment before the list follows it.
  const exportParams = new URLSearchParams(params);
  exportParams.set('q', search);
  const heading = useRef<HTMLHeadingElement>(null);

  // Typing replaces the address's search (no history entry per key); a cursor starts again.
  useEffect(() => {
    if (search === q) return;
    const timer = setTimeout(() => {
      setTyped((current) => ({ ...current, sent: search }));
      updateParams({ q: search, cursor: '' });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, q, updateParams]);

  /** A filter chosen: a new place in the history, from the first page. */
  const choose = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    next.delete('cursor');
    setParams(next);
  };

  async function decide(ids: string[], status: 'approved' | 'rejected') {
    setBusy((current) => new Set([...current, ...ids]));
    try {
      const result = await adminFetch<DecisionResult>(
        ids.length === 1 ? statusPath(ids[0] as string) : BULK_STATUS_PATH,
        ids.length === 1
          ? { method: 'PUT', body: JSON.stringify({ status }) }
          : { method: 'POST', body: JSON.stringify({ ids, status }) },
      );
      showToast(decidedMessage(result.changed.length, status), { variant: 'success' });
      setSelected(() => new Set());
    } catch (error) {
      showToast(withReason(REVIEW_TEXT.updateFailed, error), { variant: 'error' });
    } finally {
      setBusy((current) => new Set([...current].filter((id) => !ids.includes(id))));
      // Seed §4: the list reloads after each change.
      setRevision((n) => n + 1);
    }
  }

  const deletion = useConfirmAction({
    act: (item: ReviewItem) =>
      adminFetch(`${SUBMISSIONS_PATH}/${encodeURIComponent(item.id)}`, { method: 'DELETE' }),
    done: (item) => {
      showToast(REVIEW_TEXT.deleted, { variant: 'success' });
      setSelected((current) => new Set([...current].filter((id) => id !== item.id)));
      setRevision((n) => n + 1);
    },
    failure: (error) => withReason(REVIEW_TEXT.deleteFailed, error),
    // The row and its Delete button are about to go.
    focusAfter: heading,
  });

  const shown = withSeedMessage(page, REVIEW_TEXT.fetchFailed);
  const competitionOptions = [
    { value: '', label: 'All competitions' },
    ...(competitions.data ?? []).map((c) => ({ value: c.id, label: c.title })),
  ];
  const chosen = [...selected];

  return (
    <AdminPage title="Competition Submissions">
      <form
        role="search"
        aria-label="Filter submissions"
        onSubmit={(event) => event.preventDefault()}
        className="grid gap-4 md:grid-cols-2 xl:grid-cols-5"
      >
        <Field
          label="Search"
          type="search"
          placeholder={REVIEW_TEXT.searchPlaceholder}
          value={search}
          onChange={(event) => {
            const text = event.target.value;
            setTyped((current) => ({ ...current, basis: q, text }));
          }}
          className="xl:col-span-2"
        />
        <SelectField
          label="Status"
          options={STATUS_OPTIONS}
          value={params.get('status') ?? ''}
          onChange={(event) => choose('status', event.target.value)}
        />
        <SelectField
          label="Payment"
          options={PAYMENT_OPTIONS}
          value={params.get('payment') ?? ''}
          onChange={(event) => choose('payment', event.target.value)}
        />
        <SelectField
          label="Competition"
          options={competitionOptions}
          value={params.get('competition') ?? ''}
          onChange={(event) => choose('competition', event.target.value)}
        />
        <SelectField
          label="Duplicates"
          options={DUPLICATE_OPTIONS}
          value={params.get('duplicates') ?? ''}
          onChange={(event) => choose('duplicates', event.target.value)}
        />
        <SelectField
          label="Order"
          options={SORT_OPTIONS}
          value={params.get('sort') ?? ''}
          onChange={(event) => choose('sort', event.target.value)}
        />
      </form>
      <ArtworksArchive
        competitionId={params.get('competition')}
        competitionTitle={competitions.data?.find((c) => c.id === params.get('competition'))?.title}
      />
      <ResourceView resource={shown}>
        {(data) => (
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
                href={exportPath(exportParams)}
                download
                className={buttonClassName({ variant: 'outline', size: 'sm' })}
              >
                Export CSV
              </a>
            </div>
            <div className="flex flex-wrap items-center gap-3">
              <span className={MUTED_TEXT}>{chosen.length} selected</span>
              <Button
                size="sm"
                disabled={chosen.length === 0 || chosen.some((id) => busy.has(id))}
                onClick={() => void decide(chosen, 'approved')}
              >
                Approve selected
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={chosen.length === 0 || chosen.some((id) => busy.has(id))}
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
                      selected={selected.has(item.id)}
                      onSelect={(on) =>
                        setSelected((current) => {
                          const next = new Set(current);
                          if (on) next.add(item.id);
                          else next.delete(item.id);
                          return next;
                        })
                      }
                      busy={busy.has(item.id)}
                      onDecide={(status) => void decide([item.id], status)}
                      onDelete={() => deletion.ask(item)}
                    />
                  ))}
                </tbody>
              </table>
            )}
            <nav aria-label="Submission pages" className="flex gap-3">
              {params.get('cursor') ? (
                <Button variant="secondary" size="sm" onClick={() => choose('cursor', '')}>
                  First page
                </Button>
              ) : null}
              {data.nextCursor ? (
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => {
                    const next = new URLSearchParams(params);
                    next.set('cursor', data.nextCursor as string);
                    setParams(next);
                  }}
                >
                  Next page
                </Button>
              ) : null}
            </nav>
          </div>
        )}
      </ResourceView>
      <ConfirmDialog
        title="Delete submission"
        question={REVIEW_TEXT.deleteQuestion}
        confirmLabel="Delete"
        {...deletion.dialog}
      />
    </AdminPage>
  );
}

function Counts({ counts }: { counts: ReviewCounts }) {
  const items = [
    [SUBMISSION_STATUS_LABELS.pending, counts.status.pending],
    [SUBMISSION_STATUS_LABELS.approved, counts.status.approved],
    [SUBMISSION_STATUS_LABELS.rejected, counts.status.rejected],
    // Each entry once, by the state its badge shows: a free entry is never counted paid (issue 20).
    [PAYMENT_STATE_LABELS.received, counts.payment.paid],
    [PAYMENT_STATE_LABELS.pending, counts.payment.pending],
    [PAYMENT_STATE_LABELS.refunded, counts.payment.refunded],
    [PAYMENT_STATE_LABELS.free, counts.payment.free],
  ] as const;
  return (
    <dl aria-label="Counts for these filters" className="flex flex-wrap gap-x-6 gap-y-2">
      {items.map(([label, value]) => (
        <div key={label} className="flex gap-2">
          <dt className={MUTED_TEXT}>{label}</dt>
          <dd className="font-semibold">{value.toLocaleString('en-IN')}</dd>
        </div>
      ))}
    </dl>
  );
}
