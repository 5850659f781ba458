import { useEffect, useState } from 'react';
import { formatPaise } from '../../../../shared/domain/gst.ts';
import type { ReceiptSummary } from '../../../../shared/schemas/receipt.ts';
import { Button } from '../../../components/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useSettings } from '../../../lib/settings.tsx';
import { downloadEntryReceipt, listEntryReceipts } from '../receipts-api.ts';

export const RECEIPTS_NOT_LOADED =
  'Your receipts could not be loaded. Reload the page to try again.';

const titleOf = (receipt: ReceiptSummary) =>
  `${receipt.kind === 'receipt' ? 'Receipt' : 'Credit note'} ${receipt.number}`;

type Loaded =
  { kind: 'loading' } | { kind: 'list'; receipts: ReceiptSummary[] } | { kind: 'failed' };

/**
 * The entry's receipts and credit notes, each with a download: shown once the entry has paid
 * (nothing while there are none). `version` changes when the entry does (a payment just made).
 */
export function EntryReceipts({ token, version }: { token: string; version: string }) {
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const [failure, setFailure] = useState<string | undefined>();
  // Dated as the receipts are: in the site's time zone.
  const { timeZone } = useSettings();
  const issued = new Intl.DateTimeFormat('en-IN', { dateStyle: 'long', timeZone });

  useEffect(() => {
    let cancelled = false;
    listEntryReceipts(token).then(
      ({ receipts }) => !cancelled && setLoaded({ kind: 'list', receipts }),
      () => !cancelled && setLoaded({ kind: 'failed' }),
    );
    return () => {
      cancelled = true;
    };
  }, [token, version]);

  const download = (number: string) => {
    setFailure(undefined);
    downloadEntryReceipt(token, number).catch((error: unknown) =>
      setFailure(error instanceof ApiError ? error.message : String(error)),
    );
  };

  if (loaded.kind === 'loading') return null;
  if (loaded.kind === 'failed') return <p role="alert">{RECEIPTS_NOT_LOADED}</p>;
  if (loaded.receipts.length === 0) return null;
  return (
    <section aria-labelledby="entry-receipts" className="flex flex-col gap-3">
      <h2 id="entry-receipts" className="text-xl font-semibold">
        Receipts
      </h2>
      <ul className="divide-y divide-gray-200 dark:divide-gray-800">
        {loaded.receipts.map((receipt) => (
          <li key={receipt.number} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
            <span className="font-medium">{titleOf(receipt)}</span>
            <span>{issued.format(Date.parse(receipt.issuedAt))}</span>
            <span>{formatPaise(receipt.amountPaise)}</span>
            {receipt.reverses ? <span>reverses {receipt.reverses}</span> : null}
            <Button
              variant="secondary"
              // The visible words first in the name, as a voice-control user says them.
              aria-label={`Download PDF of ${titleOf(receipt)}`}
              onClick={() => download(receipt.number)}
            >
              Download PDF
            </Button>
          </li>
        ))}
      </ul>
      {failure ? <p role="alert">{failure}</p> : null}
    </section>
  );
}
