import { useId, useRef, useState } from 'react';
import { type FormFieldInput, isDefaultFormField } from '../../../../shared/schemas/form-field.ts';
import { MUTED_TEXT } from '../common/shell/admin-page.tsx';
import { AddCustomField } from './add-custom-field.tsx';
import type { SettingErrors } from './field-settings-editor.tsx';
import { FormFieldRow } from './form-field-row.tsx';

/** The messages react-hook-form holds for the list: one per field, and one for the whole list. */
export interface FormFieldErrors {
  message?: string | undefined;
  rows: (string | undefined)[];
  /** Each row's settings' messages (help text, bounds, options). */
  settings?: SettingErrors[];
}

let newRows = 0;
/** A row's React key: its id, or for a custom field not saved yet a key of its own. */
const rowKey = (field: FormFieldInput) => field.id ?? `new-${++newRows}`;

/**
 * Seed §4 "Category form": a label is edited inline and saved only if not blank; a field can be
 * turned on and off; 'required' can be changed only while the field is on. The seven default
 * fields stay (they can be turned off); custom fields of any type can be added and removed, each
 * with its type's settings. Controlled: `fields` in, `onChange` with the whole new list out.
 */
export function FormFieldEditor({
  fields,
  onChange,
  errors,
}: {
  fields: FormFieldInput[];
  onChange: (fields: FormFieldInput[]) => void;
  errors: FormFieldErrors;
}) {
  const ids = useId();
  const addLabelRef = useRef<HTMLInputElement>(null);
  // Keys that stay with their rows while labels change and rows come and go.
  const [rowKeys, setRowKeys] = useState(() => fields.map(rowKey));
  let keys = rowKeys;
  if (keys.length !== fields.length) {
    keys = fields.map(rowKey);
    setRowKeys(keys);
  }
  const update = (index: number, changes: Partial<FormFieldInput>) =>
    onChange(fields.map((field, i) => (i === index ? { ...field, ...changes } : field)));
  const add = (field: FormFieldInput) => {
    setRowKeys([...keys, rowKey(field)]);
    onChange([...fields, field]);
  };
  const remove = (index: number) => {
    setRowKeys(keys.filter((_, i) => i !== index));
    onChange(fields.filter((_, i) => i !== index));
    // The row and its button are gone: focus goes somewhere that makes sense to continue from.
    addLabelRef.current?.focus();
  };

  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-1 text-lg font-bold">Registration form fields</legend>
      <p className={`text-sm ${MUTED_TEXT}`}>
        Artists see the enabled fields on the registration form, after their personal details.
        Jurors see only the answers of fields shown to jurors; link fields start hidden, as a link
        often names its artist.
      </p>
      {errors.message ? (
        <p role="alert" className="text-sm font-medium text-red-800 dark:text-red-300">
          {errors.message}
        </p>
      ) : null}
      <ul className="flex flex-col divide-y divide-gray-200 rounded-xl border border-gray-200 dark:divide-gray-800 dark:border-gray-800">
        {fields.map((field, index) => (
          <FormFieldRow
            key={keys[index]}
            field={field}
            error={errors.rows[index]}
            settingErrors={errors.settings?.[index]}
            onChange={(changes) => update(index, changes)}
            onRemove={isDefaultFormField(field.id) ? undefined : () => remove(index)}
          />
        ))}
      </ul>
      <AddCustomField fields={fields} labelRef={addLabelRef} headingId={`${ids}-add`} onAdd={add} />
    </fieldset>
  );
}
