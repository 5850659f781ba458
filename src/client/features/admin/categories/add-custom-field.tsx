import { type RefObject, useId, useState } from 'react';
import {
  FORM_FIELD_LABEL_MAX,
  FORM_FIELD_MESSAGES,
  FORM_FIELD_TYPES,
  type FormFieldInput,
  type FormFieldType,
  FormFieldLabelSchema,
  shownToJurorsByDefault,
} from '../../../../shared/schemas/form-field.ts';
import { Button } from '../../../components/button.tsx';
import { Field } from '../common/forms/form-fields.tsx';
import { FOCUS_RING } from '../common/shell/admin-page.tsx';
import { FIELD_TYPE_NAMES } from './field-type-names.ts';

const SELECT = `min-h-11 w-full rounded-lg border border-gray-500 bg-white px-3 text-base text-gray-900 dark:bg-gray-900 dark:text-gray-50 ${FOCUS_RING}`;

/**
 * The 'Add a custom field' part of the list: a label and a type, checked before the field joins
 * the list (a valid label, not the label of a field already there). `labelRef`: its label input,
 * where focus goes after a failed add or a removed row.
 */
export function AddCustomField({
  fields,
  labelRef,
  headingId,
  onAdd,
}: {
  fields: FormFieldInput[];
  labelRef: RefObject<HTMLInputElement | null>;
  headingId: string;
  onAdd: (field: FormFieldInput) => void;
}) {
  const ids = useId();
  const [label, setLabel] = useState('');
  const [type, setType] = useState<FormFieldType>('text');
  const [error, setError] = useState<string>();

  const add = () => {
    const parsed = FormFieldLabelSchema.safeParse(label);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      labelRef.current?.focus();
      return;
    }
    const taken = fields.some((f) => f.label.trim().toLowerCase() === parsed.data.toLowerCase());
    if (taken) {
      setError(FORM_FIELD_MESSAGES.labelTaken);
      labelRef.current?.focus();
      return;
    }
    onAdd({
      label: parsed.data,
      type,
      required: false,
      enabled: true,
      shownToJurors: shownToJurorsByDefault(type),
    });
    setLabel('');
    setType('text');
    setError(undefined);
  };

  return (
    <div
      role="group"
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-xl bg-gray-50 p-4 dark:bg-gray-800/60"
    >
      <h3 id={headingId} className="font-bold">
        Add a custom field
      </h3>
      <div className="grid gap-3 sm:grid-cols-[2fr_1fr_auto] sm:items-start">
        <Field
          ref={labelRef}
          label="Field label"
          value={label}
          maxLength={FORM_FIELD_LABEL_MAX}
          error={error}
          onChange={(event) => setLabel(event.target.value)}
          onKeyDown={(event) => {
            // Enter adds the field rather than submitting the category form.
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
        />
        <div>
          <label htmlFor={`${ids}-type`} className="mb-1 block font-medium">
            Field type
          </label>
          <select
            id={`${ids}-type`}
            value={type}
            onChange={(event) => setType(event.target.value as FormFieldType)}
            className={SELECT}
          >
            {FORM_FIELD_TYPES.map((t) => (
              <option key={t} value={t}>
                {FIELD_TYPE_NAMES[t]}
              </option>
            ))}
          </select>
        </div>
        <Button variant="outline" onClick={add} className="sm:mt-7">
          Add field
        </Button>
      </div>
    </div>
  );
}
