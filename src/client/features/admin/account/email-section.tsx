import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type Account, AccountEmailSchema } from '../../../../shared/schemas/auth.ts';
import { Button } from '../../../components/button.tsx';
import { useToast } from '../../../components/toast.tsx';
import { useAdminQuery } from '../common/admin-query.tsx';
import { AdminForm } from '../common/forms/admin-form.tsx';
import { submitOrShowErrors } from '../common/forms/form-errors.ts';
import { Field } from '../common/forms/form-fields.tsx';
import { ResourceView } from '../common/resource-view.tsx';
import { MUTED_TEXT, Section } from '../common/shell/admin-page.tsx';
import { accountQuery, setAccountEmail } from './api/account.ts';

export const EMAIL_SAVED = 'E-mail address saved.';
export const NO_EMAIL =
  'No e-mail address is set. Without one, a locked account cannot be entered from a new browser.';

type EmailValues = z.output<typeof AccountEmailSchema>;

/**
 * The admin's own e-mail address: where a one-time sign-in code goes when the account is locked
 * on browsers it does not know. The password is asked again, as the server asks it.
 */
export function EmailSection() {
  const account = useAdminQuery(accountQuery);
  return (
    <Section title="E-mail address">
      <ResourceView resource={account}>{(current) => <EmailForm current={current} />}</ResourceView>
    </Section>
  );
}

function EmailForm({ current }: { current: Account }) {
  const queryClient = useQueryClient();
  const save = useMutation({ mutationFn: setAccountEmail });
  const { showToast } = useToast();
  const form = useForm<z.input<typeof AccountEmailSchema>, unknown, EmailValues>({
    resolver: zodResolver(AccountEmailSchema),
    defaultValues: { email: current.email ?? '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = submitOrShowErrors(form, async (values) => {
    await save.mutateAsync(values);
    form.reset({ email: values.email, password: '' });
    showToast(EMAIL_SAVED, { variant: 'success' });
    await queryClient.invalidateQueries({ queryKey: accountQuery.queryKey });
  });
  return (
    <>
      <p className={`text-sm ${MUTED_TEXT}`}>
        {current.email ? (
          <>
            Sign-in codes go to <strong className="break-words">{current.email}</strong> when your
            account is locked on a new browser.
          </>
        ) : (
          NO_EMAIL
        )}
      </p>
      <AdminForm onSubmit={onSubmit} alert={errors.root?.message}>
        <Field
          label="E-mail address"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <Field
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <div>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Saving e-mail address…' : 'Save e-mail address'}
          </Button>
        </div>
      </AdminForm>
    </>
  );
}
