import {
  type KeyboardEvent,
  type MouseEvent,
  type RefObject,
  useId,
  useRef,
  useState,
} from 'react';
import {
  FORM_FIELD_LABEL_MAX,
  FORM_FIELD_MESSAGES,
  FORM_FIELD_TYPES,
  type FormFieldInput,
  type FormFieldType,
  FormFieldLabelSchema,
  isDefaultFormField,
} from '../../../../shared/schemas/form-field.ts';
import { Button } from '../../../components/button.tsx';
import { MUTED_TEXT } from './admin-page.tsx';
import { Field, FOCUS_RING } from './field.tsx';

export const FIELD_TYPE_NAMES: Record<FormFieldType, string> = {
  text: 'Text',
  image: 'Image',
  video: 'Video',
  link: 'Link',
};

/** The messages react-hook-form holds for the list: one per field, and one for the whole list. */
export interface FormFieldErrors {
  message?: string | undefined;
  rows: (string | undefined)[];
}

const keepFocus = (event: MouseEvent) => event.preventDefault();

let newRows = 0;
/** A row's React key: its id, or for a custom field not saved yet a key of its own. */
const rowKey = (field: FormFieldInput) => field.id ?? `new-${++newRows}`;

const SELECT = `min-h-11 w-full rounded-lg border border-gray-500 bg-white px-3 text-base text-gray-900 dark:bg-gray-900 dark:text-gray-50 ${FOCUS_RING}`;

/**
 * Seed §4 "Category form": a label is edited inline and saved only if not blank; a field can be
 * turned on and off; 'required' can be changed only while the field is on. The seven default
 * fields stay (they can be turned off); custom fields of type text, image, video or link can be
 * added and removed. Controlled: `fields` in, `onChange` with the whole new list out.
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
      </p>
      {errors.message ? (
        <p role="alert" className="text-sm font-medium text-red-800 dark:text-red-300">
          {errors.message}
        </p>
      ) : null}
      <ul className="flex flex-col divide-y divide-gray-200 rounded-xl border border-gray-200 dark:divide-gray-800 dark:border-gray-800">
        {fields.map((field, index) => (
          <FieldRow
            key={keys[index]}
            field={field}
            error={errors.rows[index]}
            onChange={(changes) => update(index, changes)}
            onRemove={isDefaultFormField(field.id) ? undefined : () => remove(index)}
          />
        ))}
      </ul>
      <AddCustomField fields={fields} labelRef={addLabelRef} headingId={`${ids}-add`} onAdd={add} />
    </fieldset>
  );
}

function FieldRow({
  field,
  error,
  onChange,
  onRemove,
}: {
  field: FormFieldInput;
  error: string | undefined;
  onChange: (changes: Partial<FormFieldInput>) => void;
  onRemove: (() => void) | undefined;
}) {
  const ids = useId();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(field.label);
  const editButton = useRef<HTMLButtonElement>(null);
  const errorId = error ? `${ids}-error` : undefined;

  // Ends each edit once: a blur that follows Escape or Save must not end it again.
  const active = useRef(false);
  const startEditing = () => {
    active.current = true;
    setDraft(field.label);
    setEditing(true);
  };
  /** Ends the edit; `refocus` puts focus back on 'Edit label' (not when focus went elsewhere). */
  const finish = (save: boolean, refocus = true) => {
    if (!active.current) return;
    active.current = false;
    // Seed §4: a blank label is not saved; the field keeps the one it had.
    const label = draft.trim();
    if (save && label !== '') onChange({ label });
    setEditing(false);
    // After React has put the button back.
    if (refocus) setTimeout(() => editButton.current?.focus());
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter must not submit the whole category form; Escape must not close its dialog.
    if (event.key === 'Enter' || event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      finish(event.key === 'Enter');
    }
  };

  return (
    <li className="p-4">
      <div
        role="group"
        aria-labelledby={`${ids}-label`}
        aria-describedby={errorId}
        className="flex flex-col gap-3"
      >
        <div className="flex flex-wrap items-center gap-3">
          {editing ? (
            <div
              className="flex flex-1 flex-wrap items-end gap-2"
              // Leaving the edit (to another field, or to the form's own Save) keeps what was
              // typed, as an inline edit does; only Cancel and Escape throw it away.
              onBlur={(event) => {
                if (!event.currentTarget.contains(event.relatedTarget)) finish(true, false);
              }}
            >
              <div className="min-w-48 flex-1">
                <label htmlFor={`${ids}-input`} className="mb-1 block font-medium">
                  Label<span className="sr-only"> of {field.label}</span>
                </label>
                <input
                  id={`${ids}-input`}
                  value={draft}
                  maxLength={FORM_FIELD_LABEL_MAX}
                  // Focus moves into the input the admin just asked for.
                  autoFocus
                  onChange={(event) => setDraft(event.target.value)}
                  onKeyDown={onKeyDown}
                  aria-describedby={`${ids}-hint`}
                  className={`min-h-11 w-full rounded-lg border border-gray-500 bg-white px-3 text-base text-gray-900 dark:bg-gray-900 dark:text-gray-50 ${FOCUS_RING}`}
                />
                <p id={`${ids}-hint`} className={`mt-1 text-sm ${MUTED_TEXT}`}>
                  A blank label is not saved.
                </p>
              </div>
              {/* mousedown: Safari does not focus a clicked button, so the input would lose focus
                  to nowhere (and save) before Cancel's click. */}
              <Button size="sm" onMouseDown={keepFocus} onClick={() => finish(true)}>
                Save label
              </Button>
              <Button
                size="sm"
                variant="secondary"
                onMouseDown={keepFocus}
                onClick={() => finish(false)}
              >
                Cancel
              </Button>
              {/* The group keeps its name while the label is being edited. */}
              <span id={`${ids}-label`} className="sr-only">
                {field.label}
              </span>
            </div>
          ) : (
            <>
              <span id={`${ids}-label`} className="font-semibold">
                {field.label}
              </span>
              <Button variant="secondary" size="sm" ref={editButton} onClick={startEditing}>
                Edit label<span className="sr-only"> {field.label}</span>
              </Button>
            </>
          )}
          <span className={`text-sm ${MUTED_TEXT}`}>
            {FIELD_TYPE_NAMES[field.type]}
            {isDefaultFormField(field.id) ? ' · default field' : ' · custom field'}
          </span>
        </div>
        {error ? (
          <p id={errorId} className="text-sm font-medium text-red-800 dark:text-red-300">
            {error}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
          <Field
            type="checkbox"
            label="Enabled"
            checked={field.enabled}
            onChange={(event) => onChange({ enabled: event.target.checked })}
          />
          {/* Seed §4: 'required' changes only while the field is enabled; a disabled field is
            saved as not required, and its setting comes back if it is enabled again now. */}
          <Field
            type="checkbox"
            label="Required"
            checked={field.enabled && field.required}
            disabled={!field.enabled}
            onChange={(event) => onChange({ required: event.target.checked })}
          />
          {onRemove ? (
            <Button size="sm" variant="secondary" onClick={onRemove} className="ml-auto">
              Remove field<span className="sr-only"> {field.label}</span>
            </Button>
          ) : null}
        </div>
      </div>
    </li>
  );
}

function AddCustomField({
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
    onAdd({ label: parsed.data, type, required: false, enabled: true });
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
