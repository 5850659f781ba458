import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { VOTE_MESSAGES } from '../../../../shared/schemas/votes.ts';
import { DialogActions, ModalDialog } from '../../../components/modal-dialog.tsx';
import { Field } from '../../../components/form-fields.tsx';
import { toApiError } from '../../../lib/api-client.ts';
import { FormAlert } from '../common/shell/admin-page.tsx';
import { adminVotesQuery, voidVotes } from './api/votes.ts';

/** What is being voided: one vote or a cluster, described for the dialog's title. */
export interface VoidSubject {
  label: string;
  voteIds: string[];
}

/** Voids the subject's votes with a reason (required; recorded in the audit log). */
export function VoidDialog({
  competitionId,
  subject,
  onClose,
  onVoided,
}: {
  competitionId: string;
  subject: VoidSubject | null;
  onClose: () => void;
  onVoided: (message: string) => void;
}) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const mutation = useMutation({ mutationFn: voidVotes });
  const close = () => {
    setReason('');
    setProblem(undefined);
    mutation.reset();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!subject) return;
    if (reason.trim() === '') return setProblem(VOTE_MESSAGES.reasonRequired);
    setProblem(undefined);
    mutation.mutate(
      { competitionId, voteIds: subject.voteIds, reason: reason.trim() },
      {
        onSuccess: ({ voided }) => {
          void queryClient.invalidateQueries({ queryKey: adminVotesQuery(competitionId).queryKey });
          onVoided(`${voided} vote${voided === 1 ? '' : 's'} voided.`);
          close();
        },
      },
    );
  };
  return (
    <ModalDialog
      open={subject !== null}
      title={`Void ${subject?.label ?? ''}`}
      onClose={close}
      form
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <p>
          Voided votes are not counted and not given back to the voter. The reason is kept in the
          audit log.
        </p>
        <Field
          label="Reason"
          required
          value={reason}
          maxLength={500}
          onChange={(event) => setReason(event.target.value)}
          error={problem ?? mutation.error?.fields?.reason}
        />
        <FormAlert message={mutation.error ? toApiError(mutation.error).message : undefined} />
        <DialogActions label="Void votes" busy={mutation.isPending} onCancel={close} />
      </form>
    </ModalDialog>
  );
}
