import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  type SecuritySettings,
  SecuritySettingsSchema,
} from '../../../../shared/schemas/security-settings.ts';
import { Button } from '../../../components/button.tsx';
import { useToast } from '../../../components/toast.tsx';
import { AdminForm } from '../common/forms/admin-form.tsx';
import { submitOrShowErrors } from '../common/forms/form-errors.ts';
import { Field } from '../common/forms/form-fields.tsx';
import { useAdminQuery } from '../common/admin-query.tsx';
import { ResourceView } from '../common/resource-view.tsx';
import {
  saveSecuritySettings,
  securitySettingsQuery,
  twoFactorStatusQuery,
} from './api/account.ts';
import { Section } from '../common/shell/admin-page.tsx';

/** The sign-in rules an admin can change. */
export function SecuritySection() {
  const settings = useAdminQuery(securitySettingsQuery);
  const queryClient = useQueryClient();
  // Saving the rules changes whether two-factor may be turned off.
  const onSaved = () =>
    void queryClient.invalidateQueries({ queryKey: twoFactorStatusQuery.queryKey });
  return (
    <Section title="Security settings">
      <ResourceView resource={settings}>
        {(initial) => <SecurityForm initial={initial} onSaved={onSaved} />}
      </ResourceView>
    </Section>
  );
}

function SecurityForm({ initial, onSaved }: { initial: SecuritySettings; onSaved: () => void }) {
  const save = useMutation({ mutationFn: saveSecuritySettings });
  const { showToast } = useToast();
  const form = useForm<z.input<typeof SecuritySettingsSchema>, unknown, SecuritySettings>({
    resolver: zodResolver(SecuritySettingsSchema),
    defaultValues: initial,
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = submitOrShowErrors(form, async (values) => {
    const saved = await save.mutateAsync(values);
    form.reset(saved);
    showToast('Security settings saved.', { variant: 'success' });
    onSaved();
  });
  return (
    <AdminForm onSubmit={onSubmit} alert={errors.root?.message}>
      <Field
        label="Require two-factor for every admin"
        type="checkbox"
        hint="Admins without it can only turn it on until they do. Turn on your own first."
        error={errors.requireTwoFactor?.message}
        {...form.register('requireTwoFactor')}
      />
      <Field
        label="Sign out after inactivity (minutes)"
        type="number"
        inputMode="numeric"
        min={5}
        max={1440}
        step={1}
        hint="Between 5 and 1440 minutes."
        error={errors.sessionIdleMinutes?.message}
        {...form.register('sessionIdleMinutes', { valueAsNumber: true })}
      />
      <Field
        label="Sign out after (hours)"
        type="number"
        inputMode="numeric"
        min={1}
        max={168}
        step={1}
        hint="Between 1 and 168 hours, however active the admin is."
        error={errors.sessionAbsoluteHours?.message}
        {...form.register('sessionAbsoluteHours', { valueAsNumber: true })}
      />
      <div>
        <Button type="submit" disabled={isSubmitting}>
          Save security settings
        </Button>
      </div>
    </AdminForm>
  );
}
