import { type Control, type FieldPath, useWatch } from 'react-hook-form';
import { LONG_TEXT_MAX_DEFAULT } from '../../../../shared/domain/field-answers.ts';
import type { FormField } from '../../../../shared/schemas/form-field.ts';
import { TextAreaField } from '../../../components/form-fields.tsx';
import type { RegistrationFormValues } from '../registration-form-values.ts';

/**
 * A long text: a text area with its length so far against the field's limit ("120 / 5,000"),
 * said politely to a screen reader as it changes. The limit is not enforced while typing (a
 * pasted text stays whole, to be cut by the artist); the check names it.
 */
export function LongTextField({
  field,
  name,
  control,
  input,
  error,
}: {
  field: FormField;
  name: FieldPath<RegistrationFormValues>;
  control: Control<RegistrationFormValues, unknown, unknown>;
  input: object;
  error: string | undefined;
}) {
  const value = useWatch({ control, name });
  const max = field.maxLength ?? LONG_TEXT_MAX_DEFAULT;
  const length = typeof value === 'string' ? value.length : 0;
  return (
    <TextAreaField
      rows={6}
      label={field.label}
      required={field.required}
      error={error}
      hint={
        <>
          {field.helpText ? `${field.helpText} ` : ''}
          <span aria-live="polite">
            {`${length.toLocaleString('en')} / ${max.toLocaleString('en')} characters`}
          </span>
        </>
      }
      {...input}
    />
  );
}
