import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import type { Juror } from '../../../../shared/schemas/jury.ts';
import { Button } from '../../../components/button.tsx';
import { useToast } from '../../../components/toast.tsx';
import { useAdminQuery } from '../common/admin-query.tsx';
import { ConfirmDialog } from '../common/dialogs/confirm-dialog.tsx';
import { useConfirmAction } from '../common/dialogs/use-confirm-action.ts';
import { withReason, withSeedMessage } from '../common/failure-messages.ts';
import { ResourceView } from '../common/resource-view.tsx';
import { AdminPage, MUTED_TEXT, Section } from '../common/shell/admin-page.tsx';
import { AdminTable, RowButton } from '../common/shell/admin-table.tsx';
import { jurorsQuery, reinviteJuror, removeJuror } from './api/jurors.ts';
import { InviteJurorForm } from './invite-juror-form.tsx';
import { TABLE_FRAME } from './judging-styles.ts';
import { EmailAddress } from '../../../components/email-address.tsx';

export const JUROR_FAILURES = {
  fetch: 'Failed to fetch jurors',
  reinvite: 'Failed to send the invitation again',
  remove: 'Failed to remove juror',
} as const;

export const INVITATION_STATES: Record<Juror['invitation'], string> = {
  pending: 'Pending',
  expired: 'Expired',
  accepted: 'Accepted',
};

const CELL = 'px-3 py-2 text-left align-top';

/** The jurors: their invitations (sent again while not accepted), removal, and inviting one. */
export default function JurorsPage() {
  const queryClient = useQueryClient();
  const jurors = useAdminQuery(jurorsQuery);
  const { showToast } = useToast();
  const reinvite = useMutation({ mutationFn: reinviteJuror });
  const removing = useMutation({ mutationFn: removeJuror });
  const nameInput = useRef<HTMLInputElement>(null);
  const reload = () => void queryClient.invalidateQueries({ queryKey: jurorsQuery.queryKey });

  const sendAgain = async (juror: Juror) => {
    try {
      await reinvite.mutateAsync(juror.id);
      showToast(`Invitation sent again to ${juror.name}.`, { variant: 'success' });
      reload();
    } catch (error) {
      showToast(withReason(JUROR_FAILURES.reinvite, error), { variant: 'error' });
    }
  };
  const removal = useConfirmAction({
    act: (juror: Juror) => removing.mutateAsync(juror.id),
    done: (juror) => {
      showToast(`Juror ${juror.name} removed.`, { variant: 'success' });
      reload();
    },
    failure: (error) => withReason(JUROR_FAILURES.remove, error),
    // The row and its Remove button are about to go.
    focusAfter: nameInput,
  });

  return (
    <AdminPage title="Jurors">
      <ResourceView resource={withSeedMessage(jurors, JUROR_FAILURES.fetch)}>
        {(list) =>
          list.length === 0 ? (
            <p className={MUTED_TEXT}>No jurors yet. Invite the first one below.</p>
          ) : (
            <JurorTable
              jurors={list}
              busy={reinvite.isPending}
              onSendAgain={(juror) => void sendAgain(juror)}
              onRemove={removal.ask}
            />
          )
        }
      </ResourceView>
      <Section title="Invite juror">
        <InviteJurorForm
          nameRef={nameInput}
          onInvited={(juror) => {
            showToast(`Juror ${juror.name} invited. The invitation is on its way.`, {
              variant: 'success',
            });
            reload();
          }}
        />
      </Section>
      <ConfirmDialog
        {...removal.dialog}
        title={`Remove ${removal.target?.name ?? 'juror'}`}
        question="Are you sure you want to remove this juror? Their account and the scores they gave are removed with them."
        confirmLabel="Remove"
      />
    </AdminPage>
  );
}

interface RowActions {
  busy: boolean;
  onSendAgain: (juror: Juror) => void;
  onRemove: (juror: Juror) => void;
}

function JurorTable({ jurors, ...actions }: RowActions & { jurors: Juror[] }) {
  return (
    <AdminTable
      caption="Jurors, by name"
      headings={['Name', 'Username', 'E-mail', 'Invitation', 'Two-factor', 'Actions']}
      frame={TABLE_FRAME}
    >
      {jurors.map((juror) => (
        <JurorRow key={juror.id} juror={juror} {...actions} />
      ))}
    </AdminTable>
  );
}

function JurorRow({ juror, busy, onSendAgain, onRemove }: RowActions & { juror: Juror }) {
  return (
    <tr>
      <th scope="row" className={`${CELL} font-semibold`}>
        {juror.name}
      </th>
      <td className={CELL}>{juror.username}</td>
      <td className={CELL}>
        <EmailAddress address={juror.email} />
      </td>
      <td className={CELL}>{INVITATION_STATES[juror.invitation]}</td>
      <td className={CELL}>{juror.twoFactor ? 'On' : 'Off'}</td>
      <td className={CELL}>
        <div className="flex flex-wrap gap-2">
          {juror.invitation === 'accepted' ? null : (
            <Button
              variant="secondary"
              size="sm"
              disabled={busy}
              onClick={() => onSendAgain(juror)}
            >
              Send invitation again<span className="sr-only"> to {juror.name}</span>
            </Button>
          )}
          <RowButton variant="outline" name={juror.name} onClick={() => onRemove(juror)}>
            Remove
          </RowButton>
        </div>
      </td>
    </tr>
  );
}
