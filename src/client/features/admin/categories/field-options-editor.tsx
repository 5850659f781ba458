import { useId } from 'react';
import { FIELD_OPTION_MAX, FIELD_OPTIONS_MAX } from '../../../../shared/domain/field-answers.ts';
import { Button } from '../../../components/button.tsx';
import { Field } from '../common/forms/form-fields.tsx';
import { MUTED_TEXT } from '../common/shell/admin-page.tsx';

/** After React has drawn the list again: focus the control marked with this key, if it is there. */
const focusLater = (key: string) =>
  setTimeout(() => document.querySelector<HTMLElement>(`[data-focus-key="${key}"]`)?.focus());

/**
 * A choice field's options, in the order artists see them: each renamed in place, moved up or
 * down, or removed; one added at the end. Every button names its option, so a screen reader's list
 * of buttons says which is which; focus follows a moved option and lands somewhere sensible after
 * a removal. `errors` by option index, `error` for the list.
 */
export function FieldOptionsEditor({
  fieldLabel,
  options,
  errors,
  error,
  onChange,
}: {
  fieldLabel: string;
  options: string[];
  errors: (string | undefined)[];
  error: string | undefined;
  onChange: (options: string[]) => void;
}) {
  const ids = useId();
  const inputId = (index: number) => `${ids}-option-${index}`;
  const move = (from: number, to: number, button: 'up' | 'down') => {
    const next = [...options];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved as string);
    onChange(next);
    // At the list's end the button is gone: focus the option's own input instead.
    const still = button === 'up' ? to > 0 : to < options.length - 1;
    focusLater(still ? `${ids}-${button}-${to}` : inputId(to));
  };
  const remove = (index: number) => {
    onChange(options.filter((_, i) => i !== index));
    focusLater(options.length > 1 ? inputId(Math.max(0, index - 1)) : `${ids}-add`);
  };
  const add = () => {
    onChange([...options, '']);
    focusLater(inputId(options.length));
  };
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="font-medium">Options of {fieldLabel}</legend>
      <p className={`text-sm ${MUTED_TEXT}`}>
        Artists choose among these, in this order. An entry keeps the options it was made with.
      </p>
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-800 dark:text-red-300">
          {error}
        </p>
      ) : null}
      <ol className="flex flex-col gap-2">
        {options.map((option, index) => (
          <li key={index} className="flex flex-wrap items-start gap-2">
            <Field
              data-focus-key={inputId(index)}
              label={`Option ${index + 1}`}
              value={option}
              maxLength={FIELD_OPTION_MAX}
              error={errors[index]}
              className="min-w-48 flex-1"
              onChange={(event) =>
                onChange(options.map((o, i) => (i === index ? event.target.value : o)))
              }
              onKeyDown={(event) => {
                // Enter adds the next option rather than submitting the category form.
                if (event.key === 'Enter') {
                  event.preventDefault();
                  if (options.length < FIELD_OPTIONS_MAX) add();
                }
              }}
            />
            <div className="flex gap-1 sm:mt-7">
              {index > 0 ? (
                <Button
                  data-focus-key={`${ids}-up-${index}`}
                  size="sm"
                  variant="secondary"
                  onClick={() => move(index, index - 1, 'up')}
                >
                  Move up<span className="sr-only"> {option || `option ${index + 1}`}</span>
                </Button>
              ) : null}
              {index < options.length - 1 ? (
                <Button
                  data-focus-key={`${ids}-down-${index}`}
                  size="sm"
                  variant="secondary"
                  onClick={() => move(index, index + 1, 'down')}
                >
                  Move down<span className="sr-only"> {option || `option ${index + 1}`}</span>
                </Button>
              ) : null}
              <Button size="sm" variant="secondary" onClick={() => remove(index)}>
                Remove<span className="sr-only"> {option || `option ${index + 1}`}</span>
              </Button>
            </div>
          </li>
        ))}
      </ol>
      {options.length < FIELD_OPTIONS_MAX ? (
        <Button
          data-focus-key={`${ids}-add`}
          size="sm"
          variant="outline"
          onClick={add}
          className="self-start"
        >
          Add option<span className="sr-only"> to {fieldLabel}</span>
        </Button>
      ) : null}
    </fieldset>
  );
}
