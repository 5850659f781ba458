import type { ReceiptSummary } from '../../../../shared/schemas/receipt.ts';
import { useAdminQuery } from '../common/admin-query.tsx';
import { formatInstant } from '../common/format-instant.ts';
import { ResourceView } from '../common/resource-view.tsx';
import { MUTED_TEXT } from '../common/shell/admin-page.tsx';
import { entryReceiptsQuery, receiptPdfPath } from './api/receipts.ts';
import { rupeesOf } from './entry-payments.tsx';

const titleOf = (receipt: ReceiptSummary) =>
  `${receipt.kind === 'receipt' ? 'Receipt' : 'Credit note'} ${receipt.number}`;

/** The entry's receipts and credit notes, each a link to its PDF. */
export function AdminEntryReceipts({ submissionId }: { submissionId: string }) {
  const receipts = useAdminQuery(entryReceiptsQuery(submissionId));
  return (
    <ResourceView resource={receipts}>
      {({ receipts: list }) =>
        list.length === 0 ? (
          <p className={MUTED_TEXT}>No receipt yet.</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {list.map((receipt) => (
              <li key={receipt.number} className="flex flex-wrap gap-x-4">
                <a className="font-medium underline" href={receiptPdfPath(receipt.number)} download>
                  {titleOf(receipt)}
                </a>
                <span>{formatInstant(receipt.issuedAt)}</span>
                <span>{rupeesOf(receipt.amountPaise)}</span>
                <span className={MUTED_TEXT}>Payment {receipt.paymentId}</span>
                {receipt.reverses ? <span>reverses {receipt.reverses}</span> : null}
              </li>
            ))}
          </ul>
        )
      }
    </ResourceView>
  );
}
