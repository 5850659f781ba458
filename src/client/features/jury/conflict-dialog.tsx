import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ConflictDeclarationSchema, type Work } from '../../../shared/schemas/jury.ts';
import { Button } from '../../components/button.tsx';
import { DialogActions, ModalDialog } from '../../components/modal-dialog.tsx';
import { showRequestError } from '../admin/common/forms/form-errors.ts';
import { TextAreaField } from '../admin/common/forms/form-fields.tsx';
import { FormAlert } from '../admin/common/shell/admin-page.tsx';
import { declareConflict } from './api/jury.ts';

type ConflictValues = z.input<typeof ConflictDeclarationSchema>;

/**
 * 'Declare a conflict': the juror cannot judge this work fairly (they know the artist, say). The
 * reason goes to the admin; the work passes to another juror, and `done` gets the next one.
 */
export function ConflictDialog({
  open,
  roundId,
  alias,
  onClose,
  done,
}: {
  open: boolean;
  roundId: string;
  alias: string;
  onClose: () => void;
  done: (nextAlias: string | null) => void;
}) {
  return (
    <ModalDialog open={open} title="Declare a conflict" onClose={onClose} form>
      <ConflictForm roundId={roundId} alias={alias} onClose={onClose} done={done} />
    </ModalDialog>
  );
}

function ConflictForm({
  roundId,
  alias,
  onClose,
  done,
}: {
  roundId: string;
  alias: string;
  onClose: () => void;
  done: (nextAlias: string | null) => void;
}) {
  const aboutId = useId();
  const declare = useMutation({
    mutationFn: (reason: string) => declareConflict(roundId, alias, reason),
  });
  const form = useForm<ConflictValues>({
    resolver: zodResolver(ConflictDeclarationSchema),
    defaultValues: { reason: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ reason }) => {
    try {
      done((await declare.mutateAsync(reason)).nextAlias);
    } catch (error) {
      showRequestError(form, error);
    }
  });
  return (
    <form
      noValidate
      aria-describedby={aboutId}
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-4"
    >
      <p id={aboutId}>
        If you know the artist, or cannot judge work {alias} fairly for another reason, it passes to
        another juror. Any scores you gave it are removed.
      </p>
      <FormAlert message={errors.root?.message} />
      <TextAreaField
        label="Reason"
        required
        maxLength={500}
        hint="Only the art space sees it."
        error={errors.reason?.message}
        {...form.register('reason')}
      />
      <DialogActions
        label={isSubmitting ? 'Declaring…' : 'Declare the conflict'}
        busy={isSubmitting}
        onCancel={onClose}
      />
    </form>
  );
}

/** 'Declare a conflict', offered only while the round is open. */
export function DeclareConflictButton({ work, onClick }: { work: Work; onClick: () => void }) {
  if (!work.roundOpen) return null;
  return (
    <div>
      <Button variant="outline" onClick={onClick}>
        Declare a conflict
      </Button>
    </div>
  );
}
