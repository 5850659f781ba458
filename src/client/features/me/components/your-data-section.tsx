import { useMutation, useQuery } from '@tanstack/react-query';
import { useContext, useId, useState } from 'react';
import { ERASURE_DAYS } from '../../../../shared/schemas/personal-data.ts';
import { Button, buttonClassName } from '../../../components/button.tsx';
import { DialogActions, ModalDialog } from '../../../components/modal-dialog.tsx';
import { ApiError, ERROR_MESSAGES } from '../../../lib/api-client.ts';
import { ApiCacheContext } from '../../../lib/api-cache.ts';
import { MY_DATA_URL, myErasureQuery, requestErasure } from '../api/me-queries.ts';
import { dateOf } from '../me-format.ts';

/*
 * "Your data" on My entries: a download of everything held about the artist, and a request to be
 * erased, confirmed first, which the organisers complete within 30 days.
 */

const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.message : ERROR_MESSAGES.UNKNOWN_ERROR;

export function YourDataSection() {
  const cache = useContext(ApiCacheContext);
  const headingId = useId();
  const questionId = useId();
  const [confirming, setConfirming] = useState(false);
  const erasure = useQuery(myErasureQuery, cache);
  const erase = useMutation(
    {
      mutationFn: requestErasure,
      onSuccess: (request) => {
        cache.setQueryData(myErasureQuery.queryKey, { request });
        setConfirming(false);
      },
    },
    cache,
  );
  const waiting = erasure.data?.request ?? null;

  return (
    <section aria-labelledby={headingId} className="mt-6 flex flex-col gap-3 border-t pt-6">
      <h2 id={headingId} className="text-2xl font-bold">
        Your data
      </h2>
      <p>
        Download everything we hold about you (your details, entries, answers, files, payments and
        the e-mails we sent you) as one ZIP file, or ask us to erase it.
      </p>
      <div className="flex flex-wrap gap-3">
        <a href={MY_DATA_URL} download className={buttonClassName()}>
          Download my data
        </a>
        {waiting ? null : (
          <Button variant="outline" onClick={() => setConfirming(true)}>
            Erase my data
          </Button>
        )}
      </div>
      <p role="status" className="font-semibold empty:hidden">
        {waiting
          ? `You asked us to erase your data on ${dateOf(waiting.requestedAt)}. We will complete it by ${dateOf(waiting.dueAt)}.`
          : ''}
      </p>
      {erasure.error ? <p role="alert">{messageOf(erasure.error)}</p> : null}
      <ModalDialog
        open={confirming}
        title="Erase your data?"
        onClose={() => {
          erase.reset();
          setConfirming(false);
        }}
        describedBy={questionId}
      >
        <div id={questionId} className="flex flex-col gap-2">
          <p>
            We will erase your data within {ERASURE_DAYS} days. Entries to competitions still open
            will be withdrawn. Finished entries keep their result, shown as &ldquo;Name withheld at
            the artist&apos;s request&rdquo;. Your details and files will be deleted, and our
            payment records will keep no name.
          </p>
          <p className="font-semibold">Download your data first if you want a copy.</p>
        </div>
        {erase.error ? (
          <p role="alert" className="mt-4 font-medium text-red-800 dark:text-red-300">
            {messageOf(erase.error)}
          </p>
        ) : null}
        <DialogActions
          className="mt-6"
          label={erase.isPending ? 'Sending…' : 'Erase my data'}
          busy={erase.isPending}
          onCancel={() => {
            erase.reset();
            setConfirming(false);
          }}
          onConfirm={() => erase.mutate()}
        />
      </ModalDialog>
    </section>
  );
}
