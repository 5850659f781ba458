import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  type SecuritySettings,
  SecuritySettingsSchema,
} from '../../../../shared/schemas/security-settings.ts';
import { Button } from '../../../components/button.tsx';
import { useToast } from '../../../components/toast.tsx';
import { showRequestError } from '../common/forms/form-errors.ts';
import { Field } from '../common/forms/form-fields.tsx';
import { ResourceView } from '../common/resource-view.tsx';
import { useAdminFetch } from '../common/session.tsx';
import { FormAlert, Section } from '../common/shell/admin-page.tsx';
import { useAdminResource } from '../common/use-admin-resource.ts';

const SECURITY_PATH = '/api/admin/security-settings';

/** Issue 4 items 2 and 4: the sign-in rules an admin can change. */
export function SecuritySection({ onSaved }: { onSaved: () => void }) {
  const settings = useAdminResource<SecuritySettings>(SECURITY_PATH);
  return (
    <Section title="Security settings">
      <ResourceView resource={settings}>
        {(initial) => <SecurityForm initial={initial} onSaved={onSaved} />}
      </ResourceView>
    </Section>
  );
}

function SecurityForm({ initial, onSaved }: { initial: SecuritySettings; onSaved: () => void }) {
  const adminFetch = useAdminFetch();
  const { showToast } = useToast();
  const form = useForm<z.input<typeof SecuritySettingsSchema>, unknown, SecuritySettings>({
    resolver: zodResolver(SecuritySettingsSchema),
    defaultValues: initial,
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await adminFetch<SecuritySettings>(SECURITY_PATH, {
        method: 'PUT',
        body: JSON.stringify(values),
      });
      form.reset(saved);
      showToast('Security settings saved.', { variant: 'success' });
      onSaved();
    } catch (error) {
      showRequestError(form, error);
    }
  });
  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="flex max-w-md flex-col gap-4"
    >
      <FormAlert message={errors.root?.message} />
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
    </form>
  );
}
