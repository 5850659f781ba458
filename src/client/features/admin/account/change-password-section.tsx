import { useMutation } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ChangePasswordSchema } from '../../../../shared/schemas/auth.ts';
import { Button } from '../../../components/button.tsx';
import { useToast } from '../../../components/toast.tsx';
import { AdminForm } from '../common/forms/admin-form.tsx';
import { submitOrShowErrors } from '../common/forms/form-errors.ts';
import { Field } from '../common/forms/form-fields.tsx';
import { useAdmin, useSession } from '../common/session.tsx';
import { changePassword } from './api/account.ts';
import { Section } from '../common/shell/admin-page.tsx';
import { checkNewPassword, PASSWORD_RULE_HINT } from './password-rule.ts';

export const PASSWORD_CHANGED = 'Password changed. Your other sessions have been signed out.';

function changePasswordForm(username: string) {
  return ChangePasswordSchema.extend({ confirmNewPassword: z.string() }).superRefine(
    (values, context) => {
      checkNewPassword(context, values.newPassword, username, 'newPassword');
      if (values.confirmNewPassword !== values.newPassword) {
        context.addIssue({
          code: 'custom',
          message: 'The passwords do not match',
          path: ['confirmNewPassword'],
        });
      }
    },
  );
}
type ChangePasswordValues = z.infer<ReturnType<typeof changePasswordForm>>;

/** The current password, then the new one twice. */
export function ChangePasswordSection() {
  const { username } = useAdmin();
  // The session says whether the password is still the generated one: asked again after a change.
  const { refresh } = useSession();
  const change = useMutation({ mutationFn: changePassword });
  const { showToast } = useToast();
  const schema = useMemo(() => changePasswordForm(username), [username]);
  const form = useForm<ChangePasswordValues>({
    resolver: zodResolver(schema),
    defaultValues: { currentPassword: '', newPassword: '', confirmNewPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = submitOrShowErrors(
    form,
    async ({ currentPassword, newPassword }) => {
      await change.mutateAsync({ currentPassword, newPassword });
      form.reset();
      showToast(PASSWORD_CHANGED, { variant: 'success' });
      await refresh();
    },
    { password: 'newPassword' },
  );

  return (
    <Section title="Change password">
      <AdminForm onSubmit={onSubmit} alert={errors.root?.message}>
        <Field
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...form.register('currentPassword')}
        />
        <Field
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={PASSWORD_RULE_HINT}
          error={errors.newPassword?.message}
          {...form.register('newPassword')}
        />
        <Field
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmNewPassword?.message}
          {...form.register('confirmNewPassword')}
        />
        <div>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Changing password…' : 'Change password'}
          </Button>
        </div>
      </AdminForm>
    </Section>
  );
}
