import { SUBMISSION_STATUS_LABELS } from '../../../../shared/domain/entry-state.ts';
import { AGE_CATEGORY_LABELS, GENDER_LABELS } from '../../../../shared/schemas/registration.ts';
import type { ReviewItem } from '../../../../shared/schemas/review.ts';
import { Button } from '../../../components/button.tsx';
import { paths } from '../../../config/paths.ts';
import { Link, useLocation } from 'react-router';
import { formatInstant } from '../common/format-instant.ts';
import { FOCUS_RING, MUTED_TEXT } from '../common/shell/admin-page.tsx';
import { PictureStand } from './picture-state.tsx';
import { ChangedAfterReviewBadge } from './components/changed-after-review-badge.tsx';
import { PaymentStateBadge } from './components/payment-state-badge.tsx';
import { downloadPath } from './api/review.ts';
import { duplicatesViewOf } from './components/review-links.ts';
import { EmailAddress } from '../../../components/email-address.tsx';

/** The words of a likely duplicate's badge, a link to its group. */
export const POSSIBLE_DUPLICATE = 'Possible duplicate';

/** The badge of a likely duplicate: a link to the review of its group, to keep one of them. */
export function DuplicateBadge({ item }: { item: ReviewItem }) {
  if (!item.possibleDuplicate || item.competition.id === null) return null;
  return (
    <Link
      to={duplicatesViewOf(item.competition.id, item.email)}
      aria-label={`${POSSIBLE_DUPLICATE}: the entries of ${item.email.trim()} in ${item.competition.title}`}
      className={`inline-block rounded-full border border-red-700 bg-red-50 px-2.5 py-0.5 text-sm font-semibold text-red-900 underline-offset-4 hover:underline dark:bg-red-950 dark:text-red-100 ${FOCUS_RING}`}
    >
      {POSSIBLE_DUPLICATE}
    </Link>
  );
}

const LINK = `rounded font-medium text-[var(--color-primary-text)] underline underline-offset-4 ${FOCUS_RING}`;
/** On a phone each row is a card: cells stack, each with its own heading. */
const CELL = 'block px-3 py-2 align-top md:table-cell';

/** A cell's heading on a phone, where the table's heading row is hidden. */
function PhoneHeading({ children }: { children: string }) {
  return <p className={`mb-1 text-sm font-semibold md:hidden ${MUTED_TEXT}`}>{children}</p>;
}

/** Only http and https addresses become links: anything else is shown as text. */
function isWebAddress(value: string): boolean {
  return URL.canParse(value) && ['http:', 'https:'].includes(new URL(value).protocol);
}

function FieldValue({
  id,
  field,
  pictures,
}: {
  id: string;
  field: ReviewItem['fields'][number];
  pictures: ReviewItem['pictures'];
}) {
  if (field.type === 'image' && pictures !== 'ready') {
    return <PictureStand state={pictures} label={field.label} className="h-20 w-20 rounded" />;
  }
  if (field.type === 'image') {
    return (
      <span className="flex flex-col items-start gap-1">
        <img
          src={field.value}
          alt={field.label}
          loading="lazy"
          className="h-20 w-20 rounded object-cover"
        />
        <a href={downloadPath(id, field.id)} download className={LINK}>
          Download {field.label}
        </a>
      </span>
    );
  }
  if (field.type === 'document') {
    return (
      <a href={downloadPath(id, field.id)} download className={LINK}>
        Download {field.label} (PDF)
      </a>
    );
  }
  if ((field.type === 'video' || field.type === 'link') && isWebAddress(field.value)) {
    return (
      <a href={field.value} target="_blank" rel="noopener noreferrer" className={LINK}>
        {field.type === 'video' ? 'View Video' : 'Open Link'}
      </a>
    );
  }
  return <span className="break-words whitespace-pre-wrap">{field.value}</span>;
}

/** Seed §2: one submission of the table, with its decisions. */
export function ReviewRow({
  item,
  selected,
  onSelect,
  busy,
  onDecide,
  onDelete,
}: {
  item: ReviewItem;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  busy: boolean;
  onDecide: (status: 'approved' | 'rejected') => void;
  onDelete: () => void;
}) {
  const age =
    AGE_CATEGORY_LABELS[item.ageCategory as keyof typeof AGE_CATEGORY_LABELS] ?? item.ageCategory;
  const gender = GENDER_LABELS[item.gender as keyof typeof GENDER_LABELS] ?? item.gender;
  // The entry page's Back returns to this view, with its filters, search and page.
  const view = useLocation();
  const from = new URLSearchParams({ from: `${view.pathname}${view.search}` });
  return (
    <tr className="block border-b border-gray-200 py-2 md:table-row dark:border-gray-800">
      <td className={CELL}>
        <input
          type="checkbox"
          className={`h-5 w-5 accent-primary ${FOCUS_RING}`}
          checked={selected}
          onChange={(event) => onSelect(event.target.checked)}
          aria-label={`Select ${item.reference} (${item.fullName})`}
        />
      </td>
      <td className={CELL}>
        <div className="flex gap-3">
          <div className="flex shrink-0 flex-col items-start gap-1">
            {item.pictures === 'ready' ? (
              <>
                <img
                  src={item.photoUrl}
                  alt={`Photo of ${item.fullName}`}
                  loading="lazy"
                  className="h-16 w-16 rounded-full object-cover"
                />
                <a href={downloadPath(item.id, 'photo')} download className={`text-sm ${LINK}`}>
                  Download
                </a>
              </>
            ) : (
              <PictureStand
                state={item.pictures}
                label={`Photo of ${item.fullName}`}
                className="h-16 w-16 rounded-full"
              />
            )}
          </div>
          <div className="min-w-0">
            <p className="font-semibold break-words">{item.fullName}</p>
            <p>
              <EmailAddress address={item.email} />
            </p>
            <p>{item.phone}</p>
            <p>
              Age: {item.age} • {age}
            </p>
            <p className={`text-sm ${MUTED_TEXT}`}>
              {gender} · {item.address} · {item.pincode}
            </p>
            <p className={`text-sm ${MUTED_TEXT}`}>Submitted {formatInstant(item.createdAt)}</p>
          </div>
        </div>
      </td>
      <td className={CELL}>
        <PhoneHeading>Competition & Submission</PhoneHeading>
        <p className="font-semibold">{item.competition.title || 'Unknown Competition'}</p>
        <p className={`text-sm ${MUTED_TEXT}`}>
          <Link to={`${paths.adminSubmission(item.id)}?${from.toString()}`} className={LINK}>
            {item.reference}
          </Link>
        </p>
        <dl className="mt-2 flex flex-col gap-1">
          {item.fields.map((field) => (
            <div key={field.id}>
              <dt className="text-sm font-medium">{field.label}</dt>
              <dd>
                <FieldValue id={item.id} field={field} pictures={item.pictures} />
              </dd>
            </div>
          ))}
        </dl>
      </td>
      <td className={CELL}>
        <PhoneHeading>Category</PhoneHeading>
        <p>{item.category.name ?? item.category.id ?? ''}</p>
        <p className={`text-sm ${MUTED_TEXT}`}>
          {item.subcategory.name ?? item.subcategory.id ?? ''}
        </p>
      </td>
      <td className={CELL}>
        <PhoneHeading>Status</PhoneHeading>
        <p className="font-semibold">{SUBMISSION_STATUS_LABELS[item.status]}</p>
        <div className="mt-1 flex flex-col items-start gap-1">
          <PaymentStateBadge state={item.paymentState} />
          <DuplicateBadge item={item} />
          <ChangedAfterReviewBadge at={item.changedAfterReview} />
        </div>
      </td>
      <td className={CELL}>
        <PhoneHeading>Actions</PhoneHeading>
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            // A withdrawn entry is not for review: the server refuses a decision on it.
            disabled={busy || item.status === 'approved' || item.status === 'withdrawn'}
            onClick={() => onDecide('approved')}
            aria-label={`Approve ${item.reference}`}
          >
            Approve
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={busy || item.status === 'rejected' || item.status === 'withdrawn'}
            onClick={() => onDecide('rejected')}
            aria-label={`Reject ${item.reference}`}
          >
            Reject
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={busy}
            onClick={onDelete}
            aria-label={`Delete ${item.reference}`}
          >
            Delete
          </Button>
        </div>
      </td>
    </tr>
  );
}
