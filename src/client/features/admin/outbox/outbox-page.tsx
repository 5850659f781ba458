import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { type OutboxMessage, SENDABLE_AGAIN } from '../../../../shared/schemas/outbox.ts';
import { Button } from '../../../components/button.tsx';
import { useToast } from '../../../components/toast.tsx';
import { useAdminQuery } from '../common/admin-query.tsx';
import { withReason, withSeedMessage } from '../common/failure-messages.ts';
import { formatInstant } from '../common/format-instant.ts';
import { PagedTable, usePageParam } from '../common/paged-table.tsx';
import { ResourceView } from '../common/resource-view.tsx';
import { AdminPage, FOCUS_RING, MUTED_TEXT } from '../common/shell/admin-page.tsx';
import { outboxPageQuery, outboxPagesKey, sendAgain as sendAgainTo } from './api/outbox.ts';
import { OutboxMessageDialog } from './outbox-message-dialog.tsx';
import { OutboxStatusBadge } from './outbox-status.tsx';
import { EmailAddress } from '../../../components/email-address.tsx';

/** The screen's failure messages, worded as the seed words its others (§8). */
export const OUTBOX_FAILURES = {
  fetch: 'Failed to fetch messages',
  sendAgain: 'Failed to send message again',
} as const;
export const SENT_AGAIN = 'Message queued to be sent again';

const CELL = 'px-3 py-2 text-left align-top';

/**
 * Every e-mail the site has written, newest first, with its state, attempts and
 * last error; a message opens to its text; a failed or not sent one can be sent again.
 */
export default function OutboxPage() {
  const [page, goTo] = usePageParam();
  const queryClient = useQueryClient();
  const outbox = useAdminQuery(outboxPageQuery(page));
  const resend = useMutation({ mutationFn: sendAgainTo });
  const { showToast } = useToast();
  const [opened, setOpened] = useState<OutboxMessage | null>(null);
  const [sending, setSending] = useState<string | null>(null);
  const reload = () => void queryClient.invalidateQueries({ queryKey: outboxPagesKey });

  // Each message's subject button, by id: focus returns to it once its 'Send again' is gone.
  const subjectButtons = useRef(new Map<string, HTMLButtonElement>());
  const refocus = useRef<string | null>(null);
  useEffect(() => {
    const id = refocus.current;
    if (!id || outbox.loading) return;
    refocus.current = null;
    subjectButtons.current.get(id)?.focus();
  }, [outbox.data, outbox.loading]);

  const sendAgain = async (message: OutboxMessage) => {
    // aria-disabled rather than disabled while it runs: a disabled button would drop the focus.
    if (sending) return;
    setSending(message.id);
    try {
      await resend.mutateAsync(message.id);
      showToast(SENT_AGAIN, { variant: 'success' });
      refocus.current = message.id;
      reload();
    } catch (error) {
      showToast(withReason(OUTBOX_FAILURES.sendAgain, error), { variant: 'error' });
    } finally {
      setSending(null);
    }
  };

  return (
    <AdminPage title="Outbox">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <p className={MUTED_TEXT}>
          The e-mail the site has written to artists, newest first, and whether it went out.
        </p>
        <Button variant="secondary" size="sm" onClick={reload}>
          Refresh
        </Button>
      </div>
      <ResourceView resource={withSeedMessage(outbox, OUTBOX_FAILURES.fetch)}>
        {(data) => (
          <PagedTable
            answer={data}
            rowCount={data.messages.length}
            empty={{ list: 'No messages yet.', page: 'No messages on this page.' }}
            caption="E-mail messages, newest first"
            headings={[
              'State',
              'Recipient',
              'Subject',
              'Attempts',
              'Last error',
              'Created',
              'Sent',
              'Actions',
            ]}
            navLabel="Outbox pages"
            onGo={goTo}
          >
            {data.messages.map((message) => (
              <tr key={message.id}>
                <td className={CELL}>
                  <OutboxStatusBadge status={message.status} />
                  {message.status === 'pending' && message.attempts > 0 ? (
                    <p className={`mt-1 text-xs whitespace-nowrap ${MUTED_TEXT}`}>
                      Next try{' '}
                      <time dateTime={message.sendAfter}>{formatInstant(message.sendAfter)}</time>
                    </p>
                  ) : null}
                </td>
                <td className={CELL}>
                  <EmailAddress address={message.to} />
                </td>
                <td className={CELL}>
                  <button
                    type="button"
                    ref={(element) => {
                      if (element) subjectButtons.current.set(message.id, element);
                      else subjectButtons.current.delete(message.id);
                    }}
                    className={`rounded text-left font-semibold text-[var(--color-primary-text)] underline underline-offset-2 ${FOCUS_RING}`}
                    onClick={() => setOpened(message)}
                  >
                    {message.subject}
                  </button>
                </td>
                <td className={CELL}>{message.attempts}</td>
                <td className={`${CELL} break-words`}>{message.lastError ?? '—'}</td>
                <td className={`${CELL} whitespace-nowrap`}>
                  <time dateTime={message.createdAt}>{formatInstant(message.createdAt)}</time>
                </td>
                <td className={`${CELL} whitespace-nowrap`}>
                  {message.sentAt ? (
                    <time dateTime={message.sentAt}>{formatInstant(message.sentAt)}</time>
                  ) : (
                    '—'
                  )}
                </td>
                <td className={CELL}>
                  {SENDABLE_AGAIN.includes(message.status) ? (
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-disabled={sending === message.id || undefined}
                      onClick={() => void sendAgain(message)}
                    >
                      Send again<span className="sr-only"> {message.subject}</span>
                    </Button>
                  ) : null}
                </td>
              </tr>
            ))}
          </PagedTable>
        )}
      </ResourceView>
      <OutboxMessageDialog message={opened} onClose={() => setOpened(null)} />
    </AdminPage>
  );
}
