import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type RefObject, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  type ConflictAdded,
  ConflictInputSchema,
  type Judging,
  type Juror,
} from '../../../../shared/schemas/jury.ts';
import { Button } from '../../../components/button.tsx';
import { useToast } from '../../../components/toast.tsx';
import type { AdminResource } from '../common/admin-query.tsx';
import { withReason } from '../common/failure-messages.ts';
import { showRequestError } from '../common/forms/form-errors.ts';
import { Field, SelectField } from '../common/forms/form-fields.tsx';
import { FormAlert, MUTED_TEXT } from '../common/shell/admin-page.tsx';
import { AdminTable } from '../common/shell/admin-table.tsx';
import { addConflict, judgingQuery, removeConflict } from './api/judging.ts';
import { CELL, TABLE_FRAME } from './judging-styles.ts';
import { EmailAddress } from '../../../components/email-address.tsx';

type Conflict = Judging['conflicts'][number];

/**
 * Conflicts the admin knows of: a juror never gets the entries of an artist with this e-mail. One
 * added while a round is open takes those works from the juror at once; the toast says where each
 * went.
 */
export function ConflictsSection({
  competitionId,
  judging,
  jurors,
}: {
  competitionId: string;
  judging: Judging;
  jurors: AdminResource<Juror[]>;
}) {
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const removing = useMutation({ mutationFn: removeConflict });
  const jurorSelect = useRef<HTMLSelectElement>(null);
  const update = (saved: Judging) =>
    queryClient.setQueryData(judgingQuery(competitionId).queryKey, saved);

  const remove = async (conflict: Conflict) => {
    try {
      update(await removing.mutateAsync({ competitionId, conflictId: conflict.id }));
      showToast(`Conflict of ${conflict.jurorName} with ${conflict.email} removed.`, {
        variant: 'success',
      });
      // Its row and the button that removed it are gone.
      jurorSelect.current?.focus();
    } catch (error) {
      showToast(withReason('Failed to remove the conflict', error), { variant: 'error' });
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <p className={`text-sm ${MUTED_TEXT}`}>
        A juror never gets the entries of an artist they know. Added while a round is open, a
        conflict takes the artist’s works from that juror at once: their scores for them are
        removed, and each work passes to another juror or is marked short of jurors. Jurors can also
        declare a conflict on a work themselves.
      </p>
      {judging.conflicts.length === 0 ? (
        <p className={MUTED_TEXT}>No conflicts declared.</p>
      ) : (
        <AdminTable
          caption="Declared conflicts"
          headings={['Juror', 'Artist’s e-mail', 'Actions']}
          frame={TABLE_FRAME}
        >
          {judging.conflicts.map((conflict) => (
            <tr key={conflict.id}>
              <td className={CELL}>{conflict.jurorName}</td>
              <td className={CELL}>
                <EmailAddress address={conflict.email} />
              </td>
              <td className={CELL}>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={removing.isPending}
                  onClick={() => void remove(conflict)}
                >
                  Remove
                  <span className="sr-only">
                    {' '}
                    conflict of {conflict.jurorName} with {conflict.email}
                  </span>
                </Button>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      <AddConflictForm
        competitionId={competitionId}
        jurors={jurors.data ?? []}
        selectRef={jurorSelect}
        onAdded={(saved, values) => {
          update(saved);
          showToast([`Conflict added: ${values.email}`, ...saved.taken.map(takenText)].join(' '), {
            variant: 'success',
          });
        }}
      />
    </div>
  );
}

/** What became of a work the conflict took from the juror in an open round. */
export function takenText({ round, alias, reassigned }: ConflictAdded['taken'][number]): string {
  return reassigned
    ? `Work ${alias} of round ${round} passed to another juror.`
    : `Work ${alias} of round ${round} is now short of a juror.`;
}

/** The server's rule, with the browser's word for a juror not chosen yet. */
const ConflictFormSchema = ConflictInputSchema.extend({
  jurorId: z.string().min(1, 'Choose a juror'),
});
type ConflictValues = z.input<typeof ConflictFormSchema>;

function AddConflictForm({
  competitionId,
  jurors,
  selectRef,
  onAdded,
}: {
  competitionId: string;
  jurors: Juror[];
  selectRef: RefObject<HTMLSelectElement | null>;
  onAdded: (saved: ConflictAdded, values: ConflictValues) => void;
}) {
  const adding = useMutation({ mutationFn: addConflict });
  const form = useForm<ConflictValues, unknown, z.output<typeof ConflictFormSchema>>({
    resolver: zodResolver(ConflictFormSchema),
    defaultValues: { jurorId: '', email: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await adding.mutateAsync({ competitionId, conflict: values });
      form.reset();
      onAdded(saved, values);
    } catch (error) {
      showRequestError(form, error);
    }
  });
  const jurorId = form.register('jurorId');

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-label="Add a conflict"
      className="flex flex-col gap-4"
    >
      <h3 className="text-lg font-bold">Add a conflict</h3>
      <FormAlert message={errors.root?.message} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Juror"
          required
          placeholder="Choose a juror"
          options={jurors.map((juror) => ({ value: juror.id, label: juror.name }))}
          error={errors.jurorId?.message}
          {...jurorId}
          ref={(element) => {
            jurorId.ref(element);
            selectRef.current = element;
          }}
        />
        <Field
          label="Artist’s e-mail"
          type="email"
          required
          autoComplete="off"
          error={errors.email?.message}
          {...form.register('email')}
        />
      </div>
      <div>
        <Button type="submit" variant="secondary" disabled={isSubmitting}>
          {isSubmitting ? 'Adding…' : 'Add conflict'}
        </Button>
      </div>
    </form>
  );
}
