import { useId, useState } from 'react';
import { formatRupees } from '../../../../shared/domain/money.ts';
import type { MyEntry } from '../../../../shared/schemas/artist.ts';
import { DialogActions, ModalDialog } from '../../../components/modal-dialog.tsx';
import { ApiError, ERROR_MESSAGES } from '../../../lib/api-client.ts';
import { withdrawMyEntry } from '../me-api.ts';

/** What becomes of the fee: said before the artist confirms. */
export function refundLine(entry: MyEntry): string | null {
  if (entry.refundOnWithdrawal) {
    return `The entry fee of ${formatRupees(entry.entryFee)} you paid will be refunded.`;
  }
  if (entry.paymentState === 'received') {
    return `The entry fee of ${formatRupees(entry.entryFee)} you paid will not be refunded.`;
  }
  return null;
}

/** "Withdraw this entry?", with what becomes of the fee; the server's refusal said in it. */
export function WithdrawDialog({
  entry,
  open,
  onClose,
  onWithdrawn,
}: {
  entry: MyEntry;
  open: boolean;
  onClose: () => void;
  onWithdrawn: () => void;
}) {
  const questionId = useId();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();
  const refund = refundLine(entry);

  const close = () => {
    setFailure(undefined);
    onClose();
  };
  const confirm = () => {
    setBusy(true);
    setFailure(undefined);
    withdrawMyEntry(entry.id).then(
      () => {
        setBusy(false);
        onWithdrawn();
      },
      (error: unknown) => {
        setBusy(false);
        setFailure(error instanceof ApiError ? error.message : ERROR_MESSAGES.UNKNOWN_ERROR);
      },
    );
  };

  return (
    <ModalDialog open={open} title="Withdraw this entry?" onClose={close} describedBy={questionId}>
      <div id={questionId} className="flex flex-col gap-2">
        <p>
          Your entry {entry.reference} to {entry.competition.title} will be withdrawn: it will not
          be judged. This cannot be undone.
        </p>
        {refund ? <p className="font-semibold">{refund}</p> : null}
      </div>
      {failure ? (
        <p role="alert" className="mt-4 font-medium text-red-800 dark:text-red-300">
          {failure}
        </p>
      ) : null}
      <DialogActions
        className="mt-6"
        label={busy ? 'Withdrawing…' : 'Withdraw entry'}
        busy={busy}
        onCancel={close}
        onConfirm={confirm}
      />
    </ModalDialog>
  );
}
