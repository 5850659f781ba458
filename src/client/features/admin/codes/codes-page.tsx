import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminCode } from '../../../../shared/schemas/codes.ts';
import { Button } from '../../../components/button.tsx';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { useToast } from '../../../components/toast.tsx';
import { useAdminQuery } from '../common/admin-query.tsx';
import { ConfirmDialog } from '../common/dialogs/confirm-dialog.tsx';
import { useConfirmAction } from '../common/dialogs/use-confirm-action.ts';
import { withReason, withSeedMessage } from '../common/failure-messages.ts';
import { ResourceView } from '../common/resource-view.tsx';
import { AdminPage, MUTED_TEXT } from '../common/shell/admin-page.tsx';
import { competitionsQuery } from '../competitions/api/competitions.ts';
import { codesQuery, deactivateCode } from './api/codes.ts';
import { CodeForm } from './code-form.tsx';
import { CodeList } from './code-list.tsx';

export const CODES_FAILURES = {
  fetch: 'Failed to fetch codes',
  deactivate: 'Failed to deactivate code',
} as const;

/**
 * Discount and waiver codes: each with what it takes off, where, its uses (entry, artist,
 * discount, date); 'Add Code' and Deactivate. A code is never deleted: its uses stay listed.
 */
export default function CodesPage() {
  const queryClient = useQueryClient();
  const codes = useAdminQuery(codesQuery);
  const competitions = useAdminQuery(competitionsQuery);
  const deactivation = useMutation({ mutationFn: deactivateCode });
  const { showToast } = useToast();
  const [adding, setAdding] = useState(false);
  const reload = () => void queryClient.invalidateQueries({ queryKey: codesQuery.queryKey });

  const confirm = useConfirmAction({
    act: (code: AdminCode) => deactivation.mutateAsync(code.id),
    done: (code) => {
      showToast(`Code ${code.code} deactivated`, { variant: 'success' });
      reload();
    },
    failure: (error) => withReason(CODES_FAILURES.deactivate, error),
  });

  return (
    <AdminPage title="Codes">
      <p className={MUTED_TEXT}>
        Codes take a percentage or an amount off an entry&apos;s fee, or waive it. An entry whose
        fee a code takes to ₹0 is received without a payment.
      </p>
      <Button className="self-start" onClick={() => setAdding(true)}>
        Add Code
      </Button>
      <ModalDialog open={adding} title="Add Code" onClose={() => setAdding(false)} form>
        <CodeForm
          competitions={competitions.data ?? []}
          onSaved={() => {
            setAdding(false);
            reload();
          }}
          onCancel={() => setAdding(false)}
        />
      </ModalDialog>
      <ResourceView resource={withSeedMessage(codes, CODES_FAILURES.fetch)}>
        {(list) =>
          list.length === 0 ? (
            <p className={MUTED_TEXT}>No codes yet.</p>
          ) : (
            <CodeList codes={list} onDeactivate={confirm.ask} />
          )
        }
      </ResourceView>
      <ConfirmDialog
        {...confirm.dialog}
        title={`Deactivate ${confirm.target?.code ?? 'code'}`}
        question="Artists will no longer be able to use this code. Its uses stay listed."
        confirmLabel="Deactivate"
      />
    </AdminPage>
  );
}
