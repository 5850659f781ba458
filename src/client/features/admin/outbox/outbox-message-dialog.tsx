import { useState } from 'react';
import type { OutboxMessage, OutboxMessageDetail } from '../../../../shared/schemas/outbox.ts';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { withSeedMessage } from '../common/failure-messages.ts';
import { formatInstant } from '../common/format-instant.ts';
import { ResourceView } from '../common/resource-view.tsx';
import { FOCUS_RING, MUTED_TEXT } from '../common/shell/admin-page.tsx';
import { useAdminResource } from '../common/use-admin-resource.ts';
import { outboxMessagePath } from './outbox-api.ts';
import { OutboxStatusBadge } from './outbox-status.tsx';

export const MESSAGE_FETCH_FAILED = 'Failed to fetch message';

/** One message as the artist reads it: opened from the list, closed with Escape or Close. */
export function OutboxMessageDialog({
  message,
  onClose,
}: {
  message: OutboxMessage | null;
  onClose: () => void;
}) {
  return (
    <ModalDialog
      open={message !== null}
      title={message?.subject ?? 'Message'}
      onClose={onClose}
      form
    >
      {message ? <MessageView id={message.id} /> : null}
    </ModalDialog>
  );
}

function MessageView({ id }: { id: string }) {
  const resource = useAdminResource<OutboxMessageDetail>(outboxMessagePath(id));
  const [htmlShown, setHtmlShown] = useState(false);
  return (
    <ResourceView resource={withSeedMessage(resource, MESSAGE_FETCH_FAILED)}>
      {(message) => (
        <div className="flex flex-col gap-6">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="font-semibold">To</dt>
            <dd className="break-all">{message.to}</dd>
            <dt className="font-semibold">State</dt>
            <dd>
              <OutboxStatusBadge status={message.status} />
            </dd>
            <dt className="font-semibold">Attempts</dt>
            <dd>{message.attempts}</dd>
            <dt className="font-semibold">Created</dt>
            <dd>
              <time dateTime={message.createdAt}>{formatInstant(message.createdAt)}</time>
            </dd>
            <dt className="font-semibold">Sent</dt>
            <dd>
              {message.sentAt ? (
                <time dateTime={message.sentAt}>{formatInstant(message.sentAt)}</time>
              ) : (
                '—'
              )}
            </dd>
            {message.lastError ? (
              <>
                <dt className="font-semibold">Last error</dt>
                <dd className="break-words">{message.lastError}</dd>
              </>
            ) : null}
          </dl>
          <section aria-label="Message text">
            {/* The text body, shown as text: whatever the artist typed stays words on the page. */}
            <pre className="rounded-lg border border-gray-200 bg-gray-50 p-4 font-sans text-sm break-words whitespace-pre-wrap dark:border-gray-800 dark:bg-gray-950">
              {message.text}
            </pre>
          </section>
          {/* The frame is made only once opened: nothing parses the HTML unless asked. */}
          <details
            onToggle={(event) => setHtmlShown(event.currentTarget.open)}
            className="rounded-lg border border-gray-200 dark:border-gray-800"
          >
            <summary className={`cursor-pointer rounded-lg px-4 py-3 font-semibold ${FOCUS_RING}`}>
              HTML version
            </summary>
            <div className="flex flex-col gap-2 px-4 pb-4">
              <p className={`text-sm ${MUTED_TEXT}`}>
                As an e-mail program shows it, with scripts and links turned off.
              </p>
              {/* sandbox="": no scripts, no forms, no navigation, an origin of its own. */}
              {htmlShown ? (
                <iframe
                  title="HTML version of the message"
                  sandbox=""
                  srcDoc={message.html}
                  className="h-96 w-full rounded border border-gray-200 bg-white dark:border-gray-800"
                />
              ) : null}
            </div>
          </details>
        </div>
      )}
    </ResourceView>
  );
}
