import { Field, SelectField } from '../../../components/form-fields.tsx';
import { REVIEW_TEXT } from './review-view.ts';
import type { useReviewView } from './use-review-view.ts';

const STATUS_OPTIONS = [
  { value: '', label: 'All statuses' },
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'withdrawn', label: 'Withdrawn' },
];
/**
 * Hidden by default: an entry its artist withdrew (an unpaid one replaced by a new attempt) is
 * not for review, and beside the new one it reads as a second entry.
 */
const WITHDRAWN_OPTIONS = [
  { value: '', label: 'Hide withdrawn' },
  { value: 'show', label: 'Show withdrawn' },
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

/** The search and the filters of the review, each as the address holds it. */
export function ReviewFilters({
  view,
  competitions,
}: {
  view: ReturnType<typeof useReviewView>;
  competitions: { id: string; title: string }[];
}) {
  const { params, search, choose } = view;
  const competitionOptions = [
    { value: '', label: 'All competitions' },
    ...competitions.map((c) => ({ value: c.id, label: c.title })),
  ];
  const filters = [
    ['Status', 'status', STATUS_OPTIONS],
    ['Payment', 'payment', PAYMENT_OPTIONS],
    ['Withdrawn entries', 'withdrawn', WITHDRAWN_OPTIONS],
    ['Competition', 'competition', competitionOptions],
    ['Duplicates', 'duplicates', DUPLICATE_OPTIONS],
    ['Order', 'sort', SORT_OPTIONS],
  ] as const;
  return (
    <form
      role="search"
      aria-label="Filter submissions"
      onSubmit={(event) => event.preventDefault()}
      className="grid gap-4 md:grid-cols-2 xl:grid-cols-4"
    >
      <Field
        label="Search"
        type="search"
        placeholder={REVIEW_TEXT.searchPlaceholder}
        value={search.text}
        onChange={(event) => search.type(event.target.value)}
        className="xl:col-span-2"
      />
      {filters.map(([label, key, options]) => (
        <SelectField
          key={key}
          label={label}
          options={options}
          value={params.get(key) ?? ''}
          onChange={(event) => choose(key, event.target.value)}
        />
      ))}
    </form>
  );
}
