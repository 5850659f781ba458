import type { OutboxMessage } from '../../../../shared/schemas/outbox.ts';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { withSeedMessage } from '../common/failure-messages.ts';
import { formatInstant } from '../common/format-instant.ts';
import { MessageBodies } from '../common/message-bodies.tsx';
import { useAdminQuery } from '../common/admin-query.tsx';
import { ResourceView } from '../common/resource-view.tsx';
import { outboxMessageQuery } from './api/outbox.ts';
import { OutboxStatusBadge } from './outbox-status.tsx';
import { EmailAddress } from '../../../components/email-address.tsx';

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
  const resource = useAdminQuery(outboxMessageQuery(id));
  return (
    <ResourceView resource={withSeedMessage(resource, MESSAGE_FETCH_FAILED)}>
      {(message) => (
        <div className="flex flex-col gap-6">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="font-semibold">To</dt>
            <dd>
              <EmailAddress address={message.to} />
            </dd>
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
          <MessageBodies text={message.text} html={message.html} />
        </div>
      )}
    </ResourceView>
  );
}
