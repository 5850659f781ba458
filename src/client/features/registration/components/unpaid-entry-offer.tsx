import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { formatRupees } from '../../../../shared/domain/money.ts';
import type { RegistrationReceipt } from '../../../../shared/schemas/registration.ts';
import { Button } from '../../../components/button.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { viewEntry } from '../../entry/entry-api.ts';
import { useCheckout } from '../checkout/use-checkout.tsx';
import { rememberReceipt } from '../registration-api.ts';
import { forgetUnpaidEntry, loadUnpaidEntry, unpaidEntryKey } from '../unpaid-entry.ts';

export const UNPAID_ENTRY_HEADING = 'Your entry is waiting for its fee';
export const CHECKING_UNPAID_ENTRY = 'Checking your earlier entry…';

/** What this browser keeps, read afresh each time (a new object even when nothing is kept). */
interface Memory {
  receipt: RegistrationReceipt | null;
}
/** The server's word on a kept entry: still unpaid (with its fee now), or not. */
interface Answer {
  memory: Memory;
  unpaid: boolean;
  entryFee: number;
}

export type UnpaidEntryState =
  | { kind: 'none' }
  | { kind: 'checking' }
  | { kind: 'unpaid'; receipt: RegistrationReceipt; entryFee: number };

/**
 * Issue 20 item 2: this browser's unpaid entry of `competitionId`, checked with the server (the
 * entry page's call) on load, when a page comes back from the browser's cache, and when another
 * tab changes it. Paid, gone or its link refused: it is forgotten. `forget` starts afresh on
 * purpose.
 */
export function useUnpaidEntry(competitionId: string) {
  const [memory, setMemory] = useState<Memory>(() => ({
    receipt: loadUnpaidEntry(competitionId),
  }));
  const [answer, setAnswer] = useState<Answer | null>(null);

  useEffect(() => {
    const reread = () => setMemory({ receipt: loadUnpaidEntry(competitionId) });
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === unpaidEntryKey(competitionId)) reread();
    };
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) reread();
    };
    window.addEventListener('storage', onStorage);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      window.removeEventListener('storage', onStorage);
      window.removeEventListener('pageshow', onPageShow);
    };
  }, [competitionId]);

  useEffect(() => {
    const { receipt } = memory;
    if (!receipt) return;
    let cancelled = false;
    const settle = (unpaid: boolean, entryFee = receipt.entryFee) => {
      if (cancelled) return;
      if (!unpaid) forgetUnpaidEntry(competitionId);
      setAnswer({ memory, unpaid, entryFee });
    };
    viewEntry(receipt.entryToken).then(
      (entry) => settle(entry.paymentState === 'pending', entry.entryFee),
      // A link the server refuses opens nothing any more; any other failure says nothing of the
      // entry, which is still offered ('Complete payment' reports its own failure).
      (error: unknown) =>
        settle(!(error instanceof ApiError && (error.status === 404 || error.status === 400))),
    );
    return () => {
      cancelled = true;
    };
  }, [competitionId, memory]);

  const { receipt } = memory;
  // While a kept entry is checked again, an answer for the same entry stays shown.
  const current =
    answer?.memory === memory ||
    (answer?.memory.receipt?.entryToken === receipt?.entryToken && answer?.unpaid)
      ? answer
      : null;
  const state: UnpaidEntryState =
    !receipt || (current && !current.unpaid)
      ? { kind: 'none' }
      : current
        ? { kind: 'unpaid', receipt, entryFee: current.entryFee }
        : { kind: 'checking' };
  return {
    state,
    forget: () => {
      forgetUnpaidEntry(competitionId);
      setMemory({ receipt: null });
    },
  };
}

/**
 * In place of the form: the entry this browser sent to this competition, still waiting for its
 * fee, with 'Complete payment' for it, or a new entry on purpose.
 */
export function UnpaidEntryOffer({
  receipt,
  entryFee,
  onStartAnother,
}: {
  receipt: RegistrationReceipt;
  entryFee: number;
  onStartAnother: () => void;
}) {
  const headingId = useId();
  const checkout = useCheckout();
  const navigate = useNavigate();

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
      <div className="flex flex-wrap gap-3">
        <Button size="lg" disabled={checkout.busy} onClick={() => void completePayment()}>
          Complete payment
        </Button>
        <Button size="lg" variant="outline" disabled={checkout.busy} onClick={onStartAnother}>
          Start a different entry
        </Button>
      </div>
      {checkout.dialog}
    </section>
  );
}
