import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatRupees } from '../../../../shared/domain/money.ts';
import type { Enquiry } from '../../../../shared/schemas/exhibition.ts';
import { Button } from '../../../components/button.tsx';
import { TextAreaField } from '../../../components/form-fields.tsx';
import { useToast } from '../../../components/toast.tsx';
import { toApiError } from '../../../lib/api-client.ts';
import { useAdminQuery } from '../common/admin-query.tsx';
import { formatInstant } from '../common/format-instant.ts';
import { ResourceView } from '../common/resource-view.tsx';
import { MUTED_TEXT, Section } from '../common/shell/admin-page.tsx';
import { answerEnquiry, enquiriesKey, enquiriesQuery } from './api/exhibitions.ts';

/** Visitors' enquiries about works for sale, newest first, each answered by e-mail. */
export function EnquiriesSection() {
  const enquiries = useAdminQuery(enquiriesQuery);
  return (
    <Section title="Enquiries">
      <ResourceView resource={enquiries}>
        {(list) =>
          list.length === 0 ? (
            <p className={MUTED_TEXT}>No enquiries yet.</p>
          ) : (
            <ul className="flex flex-col gap-6">
              {list.map((enquiry) => (
                <li key={enquiry.id}>
                  <EnquiryItem enquiry={enquiry} />
                </li>
              ))}
            </ul>
          )
        }
      </ResourceView>
    </Section>
  );
}

function EnquiryItem({ enquiry }: { enquiry: Enquiry }) {
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const [reply, setReply] = useState('');
  const [error, setError] = useState<string | undefined>();
  const answer = useMutation({
    mutationFn: answerEnquiry,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: enquiriesKey }),
  });
  return (
    <article className="flex flex-col gap-2 rounded-xl border border-gray-200 p-4 dark:border-gray-800">
      <h3 className="font-semibold">
        {enquiry.workTitle || 'A work'}
        {enquiry.price !== null ? ` (${formatRupees(enquiry.price)})` : ''}
      </h3>
      <p className={MUTED_TEXT}>
        {enquiry.name}, {enquiry.email}, {formatInstant(enquiry.createdAt)}
      </p>
      <p className="whitespace-pre-line">{enquiry.message}</p>
      {enquiry.answeredAt ? (
        <p className={MUTED_TEXT}>
          Answered {formatInstant(enquiry.answeredAt)}: {enquiry.answer}
        </p>
      ) : (
        <form
          noValidate
          aria-label={`Answer ${enquiry.name}`}
          onSubmit={(event) => {
            event.preventDefault();
            setError(undefined);
            answer
              .mutateAsync({ id: enquiry.id, message: reply })
              .then(() => showToast('Answer queued in the Outbox', { variant: 'success' }))
              .catch((failure: unknown) => {
                const apiError = toApiError(failure);
                setError(apiError.fields?.message ?? apiError.message);
              });
          }}
          className="flex flex-col gap-2"
        >
          <TextAreaField
            label="Answer by e-mail"
            required
            value={reply}
            error={error}
            onChange={(e) => setReply(e.target.value)}
          />
          <div>
            <Button type="submit" size="sm" disabled={answer.isPending}>
              Send answer
            </Button>
          </div>
        </form>
      )}
    </article>
  );
}
