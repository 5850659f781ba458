import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { PasswordConfirmationSchema } from '../../../../../shared/schemas/auth.ts';
import { Button } from '../../../../components/button.tsx';
import { AdminForm } from '../forms/admin-form.tsx';
import { submitOrShowErrors } from '../forms/form-errors.ts';
import { Field } from '../forms/form-fields.tsx';

/** A small inline form asking for one's own password before a sensitive change. */
export function PasswordConfirmForm({
  description,
  submitLabel,
  onConfirm,
  onCancel,
}: {
  description: string;
  submitLabel: string;
  /** Rejects with the server's error, which the form then shows. */
  onConfirm: (password: string) => Promise<void>;
  onCancel: () => void;
}) {
  const form = useForm<z.infer<typeof PasswordConfirmationSchema>>({
    resolver: zodResolver(PasswordConfirmationSchema),
    defaultValues: { password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = submitOrShowErrors(form, async ({ password }) => {
    await onConfirm(password);
  });
  return (
    <AdminForm
      onSubmit={onSubmit}
      alert={errors.root?.message}
      intro={<p>{description}</p>}
      className="flex max-w-md flex-col gap-4 rounded-xl bg-gray-50 p-4 dark:bg-gray-800"
    >
      <Field
        label="Your password"
        type="password"
        autoComplete="current-password"
        autoFocus
        error={errors.password?.message}
        {...form.register('password')}
      />
      <SubmitOrCancel label={submitLabel} busy={isSubmitting} onCancel={onCancel} />
    </AdminForm>
  );
}

/** An account form's two buttons: its own action, and Cancel to close it unchanged. */
export function SubmitOrCancel({
  label,
  busy,
  onCancel,
}: {
  label: string;
  busy: boolean;
  onCancel: () => void;
}) {
  return (
    <div className="flex flex-wrap gap-3">
      <Button type="submit" disabled={busy}>
        {label}
      </Button>
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}
