import { type ReactNode, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import {
  PAYMENT_STATE_LABELS,
  SUBMISSION_STATUS_LABELS,
} from '../../../../shared/domain/entry-state.ts';
import { formatRupees } from '../../../../shared/domain/money.ts';
import { ENTRY_LINK_INVALID } from '../../../../shared/entry-page.ts';
import type { EntryView } from '../../../../shared/schemas/entry.ts';
import { publicationLine } from '../../../../shared/schemas/publication-consent.ts';
import { Button } from '../../../components/button.tsx';
import { FOCUS_RING } from '../../../components/form-fields.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { usePageTitle } from '../../../lib/settings.tsx';
import { useCheckout } from '../../registration/components/checkout/use-checkout.tsx';
import { forgetSettledEntry } from '../../registration/unpaid-entry-api.ts';
import { EntryReceipts } from '../components/entry-receipts.tsx';
import { EntryResultSection } from '../components/entry-result.tsx';
import { LostLinkForm } from '../components/lost-link-form.tsx';
import { tokenOf, viewEntry } from '../entry-api.ts';
import { textOrEmail } from '../../../components/email-address.tsx';
import { SummaryList } from '../../../components/summary-list.tsx';

type Loaded =
  | { kind: 'loading' }
  | { kind: 'entry'; entry: EntryView }
  /** No token, or one that opens nothing: the "Lost your link?" form. */
  | { kind: 'invalid'; message: string | undefined }
  | { kind: 'failed'; message: string };

export const ENTRY_NOT_COMPLETE =
  'Your entry is saved, but it is not complete until the entry fee is paid.';
export const ENTRY_WITHDRAWN =
  'You withdrew this entry to start a different one: it will not be reviewed or charged.';
export const ENTRY_LINK_IN_EMAIL =
  'The link to come back to this page is in your confirmation e-mail.';

const SUBMITTED = new Intl.DateTimeFormat('en-IN', { dateStyle: 'long' });

/**
 * The artist's own entry, opened with the link from their e-mail (the token
 * after '#'): its reference, competition, answers, review and payment, and 'Complete payment'
 * while the fee is due.
 */
export default function EntryPage() {
  usePageTitle('Your entry');
  const token = tokenOf(useLocation().hash);
  const [attempt, setAttempt] = useState(0);
  const key = `${attempt} ${token}`;
  const [result, setResult] = useState<{ key: string; loaded: Loaded }>({
    key: '',
    loaded: { kind: 'loading' },
  });

  useEffect(() => {
    if (token === '') return;
    let cancelled = false;
    const settle = (loaded: Loaded) => {
      if (!cancelled) setResult({ key, loaded });
    };
    viewEntry(token).then(
      (entry) => {
        // Paid, refunded or withdrawn: this browser no longer offers it on the form as waiting for
        // its fee.
        const settled = entry.paymentState !== 'pending' || entry.status === 'withdrawn';
        if (settled && entry.competition.id) {
          forgetSettledEntry(entry.competition.id, entry.reference);
        }
        settle({ kind: 'entry', entry });
      },
      (error: unknown) => {
        if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
          // A 400 is a link too damaged to read: to the artist, the same as one that opens nothing.
          settle({ kind: 'invalid', message: ENTRY_LINK_INVALID });
        } else {
          settle({
            kind: 'failed',
            message: error instanceof ApiError ? error.message : String(error),
          });
        }
      },
    );
    return () => {
      cancelled = true;
    };
  }, [token, key]);

  const reload = () => setAttempt((n) => n + 1);
  // While the entry loads again (after a payment), the one shown stays.
  const loaded: Loaded =
    token === ''
      ? { kind: 'invalid', message: undefined }
      : result.key === key || (result.loaded.kind === 'entry' && result.key.endsWith(` ${token}`))
        ? result.loaded
        : { kind: 'loading' };

  return (
    <section className="mx-auto min-h-screen max-w-3xl px-4 pt-8 pb-16 sm:pt-12">
      <h1 className="text-3xl font-bold sm:text-4xl">Your entry</h1>
      {loaded.kind === 'loading' ? (
        <p role="status" className="mt-6 text-gray-700 dark:text-gray-300">
          Loading your entry…
        </p>
      ) : null}
      {loaded.kind === 'failed' ? (
        <div role="alert" className="mt-6 flex flex-col items-start gap-4">
          <p className="text-lg">{loaded.message}</p>
          <Button onClick={reload}>Try again</Button>
        </div>
      ) : null}
      {loaded.kind === 'invalid' ? (
        <div className="mt-6 flex flex-col gap-6">
          {loaded.message ? (
            <p role="alert" className="text-lg font-medium">
              {loaded.message}
            </p>
          ) : (
            <p className="text-lg">Open the link in your confirmation e-mail to see your entry.</p>
          )}
          <LostLinkForm />
        </div>
      ) : null}
      {loaded.kind === 'entry' ? (
        <EntryDetails entry={loaded.entry} token={token} onPaid={reload} />
      ) : null}
    </section>
  );
}

function EntryDetails({
  entry,
  token,
  onPaid,
}: {
  entry: EntryView;
  token: string;
  onPaid: () => void;
}) {
  const checkout = useCheckout();
  const fee = entry.entryFee > 0 ? ` (${formatRupees(entry.entryFee)})` : '';
  const summary: [string, ReactNode][] = [
    ['Reference', <span className="text-2xl font-bold tracking-wide">{entry.reference}</span>],
    [
      'Competition',
      entry.competition.id ? (
        <Link
          to={paths.competition(entry.competition.id)}
          className={`rounded font-semibold text-[var(--color-primary-text)] underline underline-offset-4 ${FOCUS_RING}`}
        >
          {entry.competition.title}
        </Link>
      ) : (
        entry.competition.title
      ),
    ],
    ['Submitted', SUBMITTED.format(Date.parse(entry.submittedAt))],
    ['Status', SUBMISSION_STATUS_LABELS[entry.status]],
    ['Payment', `${PAYMENT_STATE_LABELS[entry.paymentState]}${fee}`],
  ];
  return (
    <div className="mt-6 flex flex-col gap-8">
      <SummaryList
        items={summary}
        className="grid gap-4 rounded-2xl border-2 border-primary p-6 sm:grid-cols-2"
      />
      {entry.result ? <EntryResultSection result={entry.result} /> : null}
      {entry.paymentState === 'received' || entry.paymentState === 'refunded' ? (
        <EntryReceipts token={token} version={entry.paymentState} />
      ) : null}
      {entry.status === 'withdrawn' ? (
        <p className="text-lg font-semibold">{ENTRY_WITHDRAWN}</p>
      ) : null}
      {entry.paymentState === 'pending' && entry.status !== 'withdrawn' ? (
        <div className="flex flex-col items-start gap-2">
          {/* Said plainly, as the checkout's failures bring the artist here. */}
          <p className="text-lg font-semibold">{ENTRY_NOT_COMPLETE}</p>
          <p>The entry fee of {formatRupees(entry.entryFee)} is still to be paid.</p>
          <Button
            size="lg"
            disabled={checkout.busy}
            onClick={() =>
              void checkout.pay(token).then((state) => {
                if (state === 'paid') onPaid();
              })
            }
          >
            Complete payment
          </Button>
          <p>{ENTRY_LINK_IN_EMAIL}</p>
          {checkout.dialog}
        </div>
      ) : null}
      {entry.works ? <EntryWorks works={entry.works} /> : null}
      <div>
        <h2 className="text-xl font-semibold">What you sent</h2>
        <dl className="mt-3 divide-y divide-gray-200 dark:divide-gray-800">
          {[...entry.details, publicationLine(entry.publicationConsent)].map((line, index) => (
            <div key={index} className="grid gap-1 py-3 sm:grid-cols-3">
              <dt className="font-medium text-gray-700 dark:text-gray-300">{line.label}</dt>
              <dd className="whitespace-pre-wrap break-words sm:col-span-2">
                {textOrEmail(line.value)}
              </dd>
            </div>
          ))}
        </dl>
        <p className="mt-3 text-sm text-gray-700 dark:text-gray-300">
          Your pictures are kept privately for the judges and are not shown here.
        </p>
      </div>
    </div>
  );
}

/** An entry of several works: each by its number and title. */
function EntryWorks({ works }: { works: NonNullable<EntryView['works']> }) {
  return (
    <section aria-labelledby="entry-works">
      <h2 id="entry-works" className="text-xl font-semibold">
        Your works
      </h2>
      <ol className="mt-3 flex flex-col gap-1">
        {works.map((work) => (
          <li key={work.number}>
            <span className="font-medium">Work {work.number}</span>
            {work.title ? `: ${work.title}` : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
