import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type AdminUser, NewAdminSchema } from '../../../../shared/schemas/auth.ts';
import { Button } from '../../../components/button.tsx';
import { useToast } from '../../../components/toast.tsx';
import { ConfirmDialog } from '../common/dialogs/confirm-dialog.tsx';
import { useConfirmAction } from '../common/dialogs/use-confirm-action.ts';
import { formatInstantDate } from '../common/format-instant.ts';
import { AdminForm } from '../common/forms/admin-form.tsx';
import { submitOrShowErrors } from '../common/forms/form-errors.ts';
import { Field } from '../common/forms/form-fields.tsx';
import { useAdminQuery } from '../common/admin-query.tsx';
import { ResourceView } from '../common/resource-view.tsx';
import { addAdmin, adminUsersQuery, removeAdmin } from './api/account.ts';
import { useAdmin, useSession } from '../common/session.tsx';
import { MUTED_TEXT, Section } from '../common/shell/admin-page.tsx';
import { AdminTable, RowButton } from '../common/shell/admin-table.tsx';
import { checkNewPassword } from './password-rule.ts';

const CELL = 'px-3 py-2 text-left align-middle';

/** Every admin, removing one (never the last) and adding one. */
export function AdminsSection() {
  const users = useAdminQuery(adminUsersQuery);
  const me = useAdmin();
  const { refresh } = useSession();
  const removing = useMutation({ mutationFn: removeAdmin });
  const { showToast } = useToast();
  const removal = useConfirmAction({
    act: (user: AdminUser) => removing.mutateAsync(user.id),
    done: async (user) => {
      showToast(`Admin ${user.username} removed.`, { variant: 'success' });
      // Removing oneself ends one's own session: asking again signs out.
      if (user.username === me.username) await refresh();
      else users.reload();
    },
    failure: (error) => (error as Error).message,
  });

  return (
    <Section title="Admins">
      <ResourceView resource={users}>
        {(list) => (
          <AdminTable
            caption="Admin accounts"
            headings={['Username', 'Two-factor', 'Created', 'Actions']}
            frame="overflow-x-auto"
            table="w-full"
          >
            {list.map((user) => (
              <tr key={user.id}>
                <td className={CELL}>
                  {user.username}
                  {user.username === me.username ? (
                    <span className={MUTED_TEXT}> (you)</span>
                  ) : null}
                </td>
                <td className={CELL}>{user.twoFactor ? 'On' : 'Off'}</td>
                <td className={CELL}>
                  <time dateTime={user.createdAt}>{formatInstantDate(user.createdAt)}</time>
                </td>
                <td className={CELL}>
                  <RowButton
                    variant="secondary"
                    name={user.username}
                    onClick={() => removal.ask(user)}
                  >
                    Remove
                  </RowButton>
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </ResourceView>
      <ConfirmDialog
        {...removal.dialog}
        title={`Remove ${removal.target?.username ?? 'admin'}`}
        question="Are you sure you want to remove this admin?"
        confirmLabel="Remove"
      />
      <AddAdminForm onAdded={users.reload} />
    </Section>
  );
}

const AddAdminFormSchema = NewAdminSchema.superRefine((values, context) =>
  checkNewPassword(context, values.password, values.username, 'password'),
);

function AddAdminForm({ onAdded }: { onAdded: () => void }) {
  const adding = useMutation({ mutationFn: addAdmin });
  const { showToast } = useToast();
  const form = useForm<z.input<typeof NewAdminSchema>, unknown, z.output<typeof NewAdminSchema>>({
    resolver: zodResolver(AddAdminFormSchema),
    defaultValues: { username: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = submitOrShowErrors(form, async (values) => {
    await adding.mutateAsync(values);
    form.reset();
    showToast(`Admin ${values.username} added.`, { variant: 'success' });
    onAdded();
  });
  return (
    <AdminForm
      onSubmit={onSubmit}
      alert={errors.root?.message}
      aria-labelledby="add-admin-heading"
      className="mt-8 flex max-w-md flex-col gap-4"
      intro={
        <h3 id="add-admin-heading" className="text-lg font-bold">
          Add admin
        </h3>
      }
    >
      <Field
        label="Username"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        hint="Letters, digits, dots, dashes and underscores"
        error={errors.username?.message}
        {...form.register('username')}
      />
      <Field
        label="Password"
        type="password"
        autoComplete="new-password"
        hint="At least 12 characters, not the username"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <div>
        <Button type="submit" disabled={isSubmitting}>
          Add admin
        </Button>
      </div>
    </AdminForm>
  );
}
