import { useId, useState } from 'react';
import { Link } from 'react-router';
import {
  PAYMENT_STATE_LABELS,
  SUBMISSION_STATUS_LABELS,
} from '../../../../shared/domain/entry-state.ts';
import { formatRupees } from '../../../../shared/domain/money.ts';
import type { MyEntry } from '../../../../shared/schemas/artist.ts';
import { Button } from '../../../components/button.tsx';
import { textOrEmail } from '../../../components/email-address.tsx';
import { FOCUS_RING } from '../../../components/form-fields.tsx';
import { paths } from '../../../config/paths.ts';
import { resultHeadline } from '../../entry/components/entry-result.tsx';
import { JuryFeedback } from '../../entry/components/jury-feedback.tsx';
import { EditEntryDialog } from './edit-entry-dialog.tsx';
import { FileThumbnail } from './file-thumbnail.tsx';
import { WithdrawDialog } from './withdraw-dialog.tsx';
import { dateOf, LINK_CLASS } from '../me-format.ts';
import { SummaryList } from '../../../components/summary-list.tsx';

/** One entry of "My entries": what its entry page says, its pictures, and what may be done now. */
export function MyEntryCard({
  entry,
  onChanged,
}: {
  entry: MyEntry;
  /** Told what was done (to say it), once the change is made. */
  onChanged: (done: string) => void;
}) {
  const headingId = useId();
  const [open, setOpen] = useState<'edit' | 'withdraw' | null>(null);
  const fee = entry.entryFee > 0 ? ` (${formatRupees(entry.entryFee)})` : '';
  const summary: [string, string][] = [
    ['Reference', entry.reference],
    ['Submitted', dateOf(entry.submittedAt)],
    ['Status', SUBMISSION_STATUS_LABELS[entry.status]],
    ['Payment', `${PAYMENT_STATE_LABELS[entry.paymentState]}${fee}`],
  ];
  if (entry.closesAt && entry.editable) summary.push(['Entries close', entry.closesAt]);
  const close = () => setOpen(null);
  const done = (what: string) => () => {
    setOpen(null);
    onChanged(what);
  };

  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-5 rounded-2xl border-2 border-gray-200 p-5 sm:p-6 dark:border-gray-800"
    >
      <h2 id={headingId} className="text-2xl font-bold break-words">
        {entry.competition.id ? (
          <Link to={paths.competition(entry.competition.id)} className={LINK_CLASS}>
            {entry.competition.title}
          </Link>
        ) : (
          entry.competition.title
        )}
      </h2>
      <SummaryList items={summary} className="grid gap-3 sm:grid-cols-2" />
      {entry.withdrawnAt ? (
        <p className="text-lg font-semibold">Withdrawn on {dateOf(entry.withdrawnAt)}</p>
      ) : null}
      {entry.result ? <ResultLinks result={entry.result} /> : null}
      <Works entry={entry} />
      {entry.receipts.length > 0 ? (
        <section aria-label={`Receipts of ${entry.reference}`}>
          <h3 className="text-lg font-semibold">Receipts</h3>
          <ul className="mt-2 flex flex-col gap-2">
            {entry.receipts.map((receipt) => (
              <li key={receipt.number}>
                <a href={receipt.url} download className={LINK_CLASS}>
                  {receipt.kind === 'receipt' ? 'Receipt' : 'Credit note'} {receipt.number} (PDF)
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <details className="group">
        <summary
          className={`min-h-11 cursor-pointer rounded py-2 font-semibold text-[var(--color-primary-text)] ${FOCUS_RING}`}
        >
          What you sent
        </summary>
        <dl className="divide-y divide-gray-200 dark:divide-gray-800">
          {entry.details.map((line, index) => (
            <div key={index} className="grid gap-1 py-3 sm:grid-cols-3">
              <dt className="font-medium text-gray-700 dark:text-gray-300">{line.label}</dt>
              <dd className="break-words whitespace-pre-wrap sm:col-span-2">
                {textOrEmail(line.value)}
              </dd>
            </div>
          ))}
        </dl>
      </details>
      {entry.editable || entry.withdrawable ? (
        <div className="flex flex-wrap gap-3">
          {entry.editable ? (
            <Button
              variant="outline"
              aria-label={`Edit entry ${entry.reference}`}
              onClick={() => setOpen('edit')}
            >
              Edit
            </Button>
          ) : null}
          {entry.withdrawable ? (
            <Button
              variant="secondary"
              aria-label={`Withdraw entry ${entry.reference}`}
              onClick={() => setOpen('withdraw')}
            >
              Withdraw
            </Button>
          ) : null}
        </div>
      ) : null}
      <EditEntryDialog
        entry={entry}
        open={open === 'edit'}
        onClose={close}
        onSaved={done(`Your changes to ${entry.reference} are saved.`)}
      />
      <WithdrawDialog
        entry={entry}
        open={open === 'withdraw'}
        onClose={close}
        onWithdrawn={done(`Your entry ${entry.reference} is withdrawn.`)}
      />
    </article>
  );
}

function ResultLinks({ result }: { result: NonNullable<MyEntry['result']> }) {
  const certificates = result.certificates ?? [{ code: result.certificateCode, work: null }];
  return (
    <section
      aria-label="Result"
      className="flex flex-col gap-2 rounded-xl bg-gray-50 p-4 dark:bg-gray-900"
    >
      <p className="text-xl font-bold">{resultHeadline(result)}</p>
      <ul className="flex flex-col gap-2">
        <li>
          <Link to={result.resultsUrl} className={LINK_CLASS}>
            See the results
          </Link>
        </li>
        {certificates.map(({ code, work }) => (
          <li key={code}>
            <a href={paths.certificatePdf(code)} download className={LINK_CLASS}>
              {work ? `Certificate for Work ${work.number} (PDF)` : 'Your certificate (PDF)'}
            </a>
          </li>
        ))}
      </ul>
      {result.feedback ? <JuryFeedback feedback={result.feedback} /> : null}
    </section>
  );
}

function Works({ entry }: { entry: MyEntry }) {
  if (entry.works.length === 0 && !entry.photo) return null;
  return (
    <section aria-label={`Works of ${entry.reference}`} className="flex flex-col gap-3">
      <h3 className="text-lg font-semibold">Your works</h3>
      <ol className="flex flex-col gap-4">
        {entry.works.map((work) => (
          <li key={work.number} className="flex flex-col gap-2">
            <p className="font-medium break-words">
              Work {work.number}
              {work.title ? `: ${work.title}` : null}
            </p>
            {work.files.length > 0 ? (
              <ul className="flex flex-wrap gap-3">
                {work.files.map((file) => (
                  <li key={file.id}>
                    <FileThumbnail file={file} owner={`Work ${work.number}`} />
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ol>
      {entry.photo ? (
        <div className="flex flex-col gap-2">
          <p className="font-medium">Your photo</p>
          <FileThumbnail file={entry.photo} owner="You" />
        </div>
      ) : null}
    </section>
  );
}
