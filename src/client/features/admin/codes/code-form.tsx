import { useMutation } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { instantOfWallClock } from '../../../../shared/domain/wall-clock.ts';
import type { CodeFormValues } from '../../../../shared/schemas/codes.ts';
import { DialogActions } from '../../../components/modal-dialog.tsx';
import { useToast } from '../../../components/toast.tsx';
import { useSettings } from '../../../lib/settings.tsx';
import { Field, RequiredNote, SelectField } from '../common/forms/form-fields.tsx';
import { submitOrShowErrors } from '../common/forms/form-errors.ts';
import { FormAlert } from '../common/shell/admin-page.tsx';
import { createCode } from './api/codes.ts';

export const CODE_KIND_OPTIONS = [
  { value: 'percent', label: 'Percent off' },
  { value: 'fixed', label: 'Amount off (₹)' },
  { value: 'waiver', label: 'Fee waived' },
] as const;

interface Values {
  code: string;
  kind: 'percent' | 'fixed' | 'waiver';
  value: string;
  competitionId: string;
  maxUses: string;
  expiresAt: string;
}

/** What the form sends: numbers as numbers, the expiry read in the site's time zone. */
function inputOf(values: Values, timeZone: string): CodeFormValues {
  const number = (text: string) => (text.trim() === '' ? undefined : Number(text));
  const expiry = values.expiresAt.trim();
  return {
    code: values.code,
    kind: values.kind,
    value: values.kind === 'waiver' ? undefined : number(values.value),
    competitionId: values.competitionId || null,
    maxUses: number(values.maxUses) ?? null,
    // A value the browser could not read goes as typed, for the server to refuse by name.
    expiresAt: expiry === '' ? null : (instantOfWallClock(expiry, timeZone) ?? expiry),
  };
}

/** A new code: its text, what it takes off, where, how often and until when. */
export function CodeForm({
  competitions,
  onSaved,
  onCancel,
}: {
  competitions: readonly { id: string; title: string }[];
  onSaved: () => void;
  onCancel: () => void;
}) {
  const { timeZone } = useSettings();
  const { showToast } = useToast();
  const save = useMutation({ mutationFn: createCode });
  const form = useForm<Values>({
    defaultValues: {
      code: '',
      kind: 'percent',
      value: '',
      competitionId: '',
      maxUses: '',
      expiresAt: '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const kind = useWatch({ control: form.control, name: 'kind' });
  const onSubmit = submitOrShowErrors(form, async (values) => {
    await save.mutateAsync(inputOf(values, timeZone));
    showToast('Code added', { variant: 'success' });
    onSaved();
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-5">
      <FormAlert message={errors.root?.message} />
      <RequiredNote />
      <Field
        label="Code"
        required
        autoComplete="off"
        hint="Letters, digits, - or _; artists may type it in any case"
        error={errors.code?.message}
        {...form.register('code')}
      />
      <SelectField
        label="Kind"
        required
        options={CODE_KIND_OPTIONS}
        error={errors.kind?.message}
        {...form.register('kind')}
      />
      {kind === 'waiver' ? null : (
        <Field
          label={kind === 'percent' ? 'Percent off' : 'Amount off (₹)'}
          type="number"
          inputMode="numeric"
          required
          error={errors.value?.message}
          {...form.register('value')}
        />
      )}
      <SelectField
        label="Competition"
        options={competitions.map((c) => ({ value: c.id, label: c.title }))}
        placeholder="All competitions"
        error={errors.competitionId?.message}
        {...form.register('competitionId')}
      />
      <Field
        label="Use limit"
        type="number"
        inputMode="numeric"
        hint="Empty: no limit. Each artist e-mail may use a code once."
        error={errors.maxUses?.message}
        {...form.register('maxUses')}
      />
      <Field
        label="Expires"
        type="datetime-local"
        hint={`Empty: never. Date and time in the site's time zone (${timeZone})`}
        error={errors.expiresAt?.message}
        {...form.register('expiresAt')}
      />
      <DialogActions label="Save Code" busy={isSubmitting} onCancel={onCancel} />
    </form>
  );
}
