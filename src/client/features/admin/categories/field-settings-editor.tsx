import {
  HELP_TEXT_MAX,
  LONG_TEXT_MAX_DEFAULT,
  LONG_TEXT_MAX_LIMIT,
} from '../../../../shared/domain/field-answers.ts';
import { type FormFieldInput, isAskedPerWork } from '../../../../shared/schemas/form-field.ts';
import { Field } from '../common/forms/form-fields.tsx';
import { FieldOptionsEditor } from './field-options-editor.tsx';

/** The messages of one field's settings, by setting (`options.2` for an option). */
export type SettingErrors = Record<string, string | undefined>;

type Change = (changes: Partial<FormFieldInput>) => void;

/** A number typed into an input: empty is no setting, anything else a number (NaN is refused). */
const numberOf = (typed: string) => (typed.trim() === '' ? undefined : Number(typed));

/**
 * What a field says beyond its label: help text, whether it is asked once per entry or for each
 * work, and its type's settings (a long text's limit, a number's bounds, a date's, the options).
 */
export function FieldSettingsEditor({
  field,
  errors,
  onChange,
}: {
  field: FormFieldInput;
  errors: SettingErrors;
  onChange: Change;
}) {
  return (
    <div className="flex flex-col gap-3">
      <Field
        label={`Help text for ${field.label}`}
        hint="Shown under the field on the registration form."
        value={field.helpText ?? ''}
        maxLength={HELP_TEXT_MAX}
        error={errors.helpText}
        onChange={(event) => onChange({ helpText: event.target.value })}
      />
      <Field
        type="checkbox"
        label="Asked once per entry"
        hint="Otherwise each work of an entry answers it."
        checked={!isAskedPerWork(field)}
        onChange={(event) => onChange({ perWork: !event.target.checked })}
      />
      <TypeSettings field={field} errors={errors} onChange={onChange} />
    </div>
  );
}

function TypeSettings({ field, errors, onChange }: Parameters<typeof FieldSettingsEditor>[0]) {
  const bound = (
    label: string,
    key: 'min' | 'max' | 'maxLength' | 'minChoices' | 'maxChoices',
    hint?: string,
  ) => (
    <Field
      type="number"
      label={label}
      hint={hint}
      value={field[key] ?? ''}
      error={errors[key]}
      onChange={(event) => onChange({ [key]: numberOf(event.target.value) })}
    />
  );
  const date = (label: string, key: 'earliest' | 'latest') => (
    <Field
      type="date"
      label={label}
      value={field[key] ?? ''}
      error={errors[key]}
      onChange={(event) => onChange({ [key]: event.target.value || undefined })}
    />
  );
  switch (field.type) {
    case 'longText':
      return bound(
        'Most characters',
        'maxLength',
        `${LONG_TEXT_MAX_DEFAULT.toLocaleString('en')} unless set; at most ${LONG_TEXT_MAX_LIMIT.toLocaleString('en')}.`,
      );
    case 'number':
      return (
        <div className="grid gap-3 sm:grid-cols-2">
          {bound('Smallest number', 'min', 'Optional. Decimals are allowed.')}
          {bound('Largest number', 'max', 'Optional.')}
        </div>
      );
    case 'date':
      return (
        <div className="grid gap-3 sm:grid-cols-2">
          {date('Earliest date', 'earliest')}
          {date('Latest date', 'latest')}
        </div>
      );
    case 'choice':
    case 'choices':
      return (
        <>
          <FieldOptionsEditor
            fieldLabel={field.label}
            options={field.options ?? []}
            error={errors.options}
            errors={(field.options ?? []).map((_, i) => errors[`options.${i}`])}
            onChange={(options) => onChange({ options })}
          />
          {field.type === 'choices' ? (
            <div className="grid gap-3 sm:grid-cols-2">
              {bound('Fewest choices', 'minChoices', 'Optional.')}
              {bound('Most choices', 'maxChoices', 'Optional.')}
            </div>
          ) : null}
        </>
      );
    default:
      return null;
  }
}
