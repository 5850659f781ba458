import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { formatRupees } from '../../../../shared/domain/money.ts';
import type { RegistrationReceipt } from '../../../../shared/schemas/registration.ts';
import { Button } from '../../../components/button.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { viewEntry, withdrawEntry } from '../../entry/entry-api.ts';
import { useCheckout } from './checkout/use-checkout.tsx';
import { rememberReceipt } from '../registration-api.ts';
import { CHECKING_UNPAID_ENTRY, forgetUnpaidEntry, type KeptEntry } from '../unpaid-entry-api.ts';

export const UNPAID_ENTRY_HEADING = 'Your entry is waiting for its fee';
export const WITHDRAW_FAILED = 'Your earlier entry could not be withdrawn. Please try again.';

/** Said before the artist chooses: one attempt leaves one entry. */
export function startAnotherNote(reference: string): string {
  return `Starting a different entry withdraws this unpaid entry (${reference}): it will not be reviewed or charged. What you typed stays in the form; choose your pictures again.`;
}

/** The server's word on a kept entry: still unpaid, with its fee now. */
interface Answer {
  entryToken: string;
  entryFee: number;
}

/**
 * Loaded only when this browser kept an unpaid entry of the competition: the
 * entry is checked with the server (the entry page's call) and, still unpaid, offered while the
 * page hides its form; paid, gone or its link refused, `onGone` forgets it and the form shows.
 * The form is not rendered here: it stays in one place on the page, and keeps the chosen pictures.
 */
export default function UnpaidEntryGate({
  kept,
  onGone,
  onStartAnother,
}: {
  kept: KeptEntry;
  onGone: () => void;
  onStartAnother: () => void;
}) {
  const [answer, setAnswer] = useState<Answer | null>(null);

  useEffect(() => {
    const { receipt } = kept;
    if (!receipt) return;
    let cancelled = false;
    const settle = (unpaid: boolean, entryFee = receipt.entryFee) => {
      if (cancelled) return;
      if (unpaid) setAnswer({ entryToken: receipt.entryToken, entryFee });
      else onGone();
    };
    viewEntry(receipt.entryToken).then(
      // A withdrawn entry (from another tab) is no longer offered: the form is for the new one.
      (entry) =>
        settle(entry.paymentState === 'pending' && entry.status !== 'withdrawn', entry.entryFee),
      // A link the server refuses opens nothing any more; any other failure says nothing of the
      // entry, which is still offered ('Complete payment' reports its own failure).
      (error: unknown) =>
        settle(!(error instanceof ApiError && (error.status === 404 || error.status === 400))),
    );
    return () => {
      cancelled = true;
    };
  }, [kept, onGone]);

  const { receipt } = kept;
  if (!receipt) return null;
  // While a kept entry is checked again, the answer for the same entry stays shown.
  const current = answer?.entryToken === receipt.entryToken ? answer : null;
  if (!current) {
    return (
      <p role="status" className="mt-8 min-h-screen text-lg">
        {CHECKING_UNPAID_ENTRY}
      </p>
    );
  }
  return (
    <UnpaidEntryOffer
      receipt={receipt}
      entryFee={current.entryFee}
      onStartAnother={onStartAnother}
    />
  );
}

/**
 * Shown while the form is hidden: the entry this browser sent to this competition, still waiting
 * for its fee, with 'Complete payment' for it, or a new entry on purpose.
 */
function UnpaidEntryOffer({
  receipt,
  entryFee,
  onStartAnother,
}: {
  receipt: RegistrationReceipt;
  entryFee: number;
  onStartAnother: () => void;
}) {
  const headingId = useId();
  const noteId = useId();
  const checkout = useCheckout();
  const navigate = useNavigate();
  const [withdrawing, setWithdrawing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function startAnother() {
    setWithdrawing(true);
    setFailure(null);
    try {
      await withdrawEntry(receipt.entryToken);
    } catch (error) {
      // A link the server no longer opens has no entry left to withdraw; anything else is said.
      if (!(error instanceof ApiError && error.status === 404)) {
        setWithdrawing(false);
        setFailure(
          error instanceof ApiError && error.status < 500 ? error.message : WITHDRAW_FAILED,
        );
        return;
      }
    }
    onStartAnother();
  }

  async function completePayment() {
    if ((await checkout.pay(receipt.entryToken)) !== 'paid') return;
    forgetUnpaidEntry(receipt.competition.id);
    const paid = { ...receipt, paymentStatus: 'paid' as const };
    rememberReceipt(paid);
    void navigate(paths.registrationSuccess, { state: { receipt: paid } });
  }

  return (
    <section
      aria-labelledby={headingId}
      className="mt-8 flex flex-col items-start gap-4 rounded-2xl border-2 border-primary p-6"
    >
      <h2 id={headingId} className="text-xl font-semibold">
        {UNPAID_ENTRY_HEADING}
      </h2>
      <p>
        You have already sent an entry to this competition from this browser. It is saved, but it is
        not complete until the entry fee of {formatRupees(entryFee)} is paid.
      </p>
      <dl>
        <dt className="text-sm font-medium text-gray-700 dark:text-gray-300">Your reference</dt>
        <dd className="text-2xl font-bold tracking-wide">{receipt.reference}</dd>
      </dl>
      <p>The link to come back to this entry is in your confirmation e-mail.</p>
      <p id={noteId}>{startAnotherNote(receipt.reference)}</p>
      <div className="flex flex-wrap gap-3">
        <Button
          size="lg"
          disabled={checkout.busy || withdrawing}
          onClick={() => void completePayment()}
        >
          Complete payment
        </Button>
        <Button
          size="lg"
          variant="outline"
          disabled={checkout.busy || withdrawing}
          aria-describedby={noteId}
          onClick={() => void startAnother()}
        >
          Start a different entry
        </Button>
      </div>
      {failure ? (
        <p role="alert" className="font-medium text-red-800 dark:text-red-300">
          {failure}
        </p>
      ) : null}
      {checkout.dialog}
    </section>
  );
}
