import { type KeyboardEvent, type MouseEvent, useId, useRef, useState } from 'react';
import {
  FORM_FIELD_LABEL_MAX,
  type FormFieldInput,
  isDefaultFormField,
  isShownToJurors,
} from '../../../../shared/schemas/form-field.ts';
import { Button } from '../../../components/button.tsx';
import { Field } from '../common/forms/form-fields.tsx';
import { FOCUS_RING, MUTED_TEXT } from '../common/shell/admin-page.tsx';
import { FieldSettingsEditor, type SettingErrors } from './field-settings-editor.tsx';
import { FIELD_TYPE_NAMES } from './field-type-names.ts';

const keepFocus = (event: MouseEvent) => event.preventDefault();

/**
 * One field of the list: its label, edited inline (Enter or leaving the input keeps it, Escape or
 * Cancel throws it away, a blank one is not saved), its type, and its Enabled, Required and
 * Shown to jurors toggles; Remove for a custom field only (`onRemove`).
 */
export function FormFieldRow({
  field,
  error,
  settingErrors = {},
  onChange,
  onRemove,
}: {
  field: FormFieldInput;
  error: string | undefined;
  settingErrors?: SettingErrors;
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
          {/* Blind judging: a hidden field's answers never reach a juror. Independent of
            'Enabled', since a field turned off may still hold answers given before. */}
          <Field
            type="checkbox"
            label="Shown to jurors"
            checked={isShownToJurors(field)}
            onChange={(event) => onChange({ shownToJurors: event.target.checked })}
          />
          {onRemove ? (
            <Button size="sm" variant="secondary" onClick={onRemove} className="ml-auto">
              Remove field<span className="sr-only"> {field.label}</span>
            </Button>
          ) : null}
        </div>
        <FieldSettingsEditor field={field} errors={settingErrors} onChange={onChange} />
      </div>
    </li>
  );
}
