import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { YES_NO_LABELS } from '../../../../shared/domain/field-answers.ts';
import type { FormField } from '../../../../shared/schemas/form-field.ts';
import { FOCUS_RING, RequiredMark } from '../../../components/form-fields.tsx';

/**
 * A choice field drawn as a fieldset whose legend is the field's label: radio buttons for one
 * choice or yes/no, checkboxes for several. The help text and the error are tied to every input.
 */
export function ChoiceGroup({
  field,
  input,
  error,
}: {
  field: FormField;
  input: UseFormRegisterReturn;
  error: string | undefined;
}) {
  const ids = useId();
  const helpId = field.helpText ? `${ids}-help` : undefined;
  const errorId = error ? `${ids}-error` : undefined;
  const several = field.type === 'choices';
  const choices: [value: string, label: string][] =
    field.type === 'yesNo'
      ? [
          ['yes', YES_NO_LABELS.yes],
          ['no', YES_NO_LABELS.no],
        ]
      : (field.options ?? []).map((option) => [option, option]);
  return (
    <fieldset>
      <legend className="mb-1 font-medium">
        {field.label}
        {field.required ? <RequiredMark /> : null}
      </legend>
      {helpId ? (
        <p id={helpId} className="mb-1 text-sm text-gray-600 dark:text-gray-400">
          {field.helpText}
        </p>
      ) : null}
      <div className={field.type === 'yesNo' ? 'flex flex-wrap gap-x-6' : 'flex flex-col'}>
        {choices.map(([value, label]) => (
          <label key={value} className="flex min-h-11 items-center gap-2">
            <input
              type={several ? 'checkbox' : 'radio'}
              value={value}
              aria-invalid={error ? true : undefined}
              aria-describedby={[helpId, errorId].filter(Boolean).join(' ') || undefined}
              className={`h-5 w-5 shrink-0 accent-primary ${FOCUS_RING}`}
              {...input}
            />
            {label}
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-800 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
