import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import type { AdminErasureRequest } from '../../../../shared/schemas/personal-data.ts';
import { ERASURE_DAYS } from '../../../../shared/schemas/personal-data.ts';
import { Button } from '../../../components/button.tsx';
import { useToast } from '../../../components/toast.tsx';
import { useAdminQuery } from '../common/admin-query.tsx';
import { ConfirmDialog } from '../common/dialogs/confirm-dialog.tsx';
import { useConfirmAction } from '../common/dialogs/use-confirm-action.ts';
import { withReason, withSeedMessage } from '../common/failure-messages.ts';
import { formatInstantDate } from '../common/format-instant.ts';
import { ResourceView } from '../common/resource-view.tsx';
import { AdminPage, MUTED_TEXT, TableHead } from '../common/shell/admin-page.tsx';
import { completeErasure, erasureRequestsQuery } from './api/erasure.ts';

export const ERASURE_FAILURES = {
  fetch: 'Failed to fetch erasure requests',
  complete: 'Failed to complete the erasure',
} as const;

const CELL = 'px-3 py-2 text-left align-top';

/**
 * Artists' requests to be erased, each with its deadline (30 days after it was made), and
 * "Complete erasure", confirmed first; completed ones stay listed without the address.
 */
export default function ErasureRequestsPage() {
  const queryClient = useQueryClient();
  const requests = useAdminQuery(erasureRequestsQuery);
  const completion = useMutation({ mutationFn: completeErasure });
  const { showToast } = useToast();
  const heading = useRef<HTMLHeadingElement>(null);

  const confirm = useConfirmAction({
    act: (request: AdminErasureRequest) => completion.mutateAsync(request.id),
    done: (request) => {
      showToast(`Erasure of ${request.email} completed`, { variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: erasureRequestsQuery.queryKey });
    },
    failure: (error) => withReason(ERASURE_FAILURES.complete, error),
    focusAfter: heading,
  });

  return (
    <AdminPage title="Erasure Requests">
      <p className={MUTED_TEXT}>
        An artist who signed in on My entries may ask to be erased. Complete each request within{' '}
        {ERASURE_DAYS} days: entries to competitions still open are withdrawn (refunded as the
        withdrawal setting says), finished ones keep their result as &ldquo;Name withheld&rdquo;,
        the artist&apos;s details, files and e-mails are deleted, and receipts keep no name.
      </p>
      <h2 ref={heading} tabIndex={-1} className="text-xl font-semibold">
        Requests
      </h2>
      <ResourceView resource={withSeedMessage(requests, ERASURE_FAILURES.fetch)}>
        {({ requests: list }) =>
          list.length === 0 ? (
            <p className={MUTED_TEXT}>No erasure requests.</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-sm">
                <TableHead
                  caption="Erasure requests"
                  headings={['Artist', 'Asked on', 'Due by', 'State']}
                />
                <tbody>
                  {list.map((request) => (
                    <tr key={request.id} className="border-b border-gray-100 dark:border-gray-800">
                      <td className={`${CELL} break-all`}>
                        {request.completedAt ? <em>Erased</em> : request.email}
                      </td>
                      <td className={CELL}>{formatInstantDate(request.requestedAt)}</td>
                      <td className={CELL}>{formatInstantDate(request.dueAt)}</td>
                      <td className={CELL}>
                        {request.completedAt ? (
                          `Completed on ${formatInstantDate(request.completedAt)} (${request.entries ?? 0} entries)`
                        ) : (
                          <Button
                            size="sm"
                            onClick={() => confirm.ask(request)}
                            aria-label={`Complete erasure of ${request.email}`}
                          >
                            Complete erasure
                          </Button>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </ResourceView>
      <ConfirmDialog
        {...confirm.dialog}
        title="Complete this erasure?"
        question={`Every entry of ${confirm.target?.email ?? 'this artist'} will be withdrawn or anonymised and their files deleted. This cannot be undone.`}
        confirmLabel="Complete erasure"
      />
    </AdminPage>
  );
}
