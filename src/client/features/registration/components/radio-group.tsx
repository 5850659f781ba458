import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FOCUS_RING, RequiredMark } from '../../../components/form-fields.tsx';

/**
 * A required choice as radio buttons in a fieldset: one tap on a phone, arrows on a keyboard,
 * the error tied to every button. `inline` lays short choices side by side.
 */
export function RadioGroup<Choice extends string>({
  legend,
  choices,
  labels,
  field,
  error,
  inline = false,
}: {
  legend: string;
  choices: readonly Choice[];
  labels: Record<Choice, string>;
  field: UseFormRegisterReturn;
  error: string | undefined;
  inline?: boolean;
}) {
  const errorId = useId();
  return (
    <fieldset>
      <legend className="mb-1 font-medium">
        {legend}
        <RequiredMark />
      </legend>
      <div className={inline ? 'flex flex-wrap gap-x-6' : 'flex flex-col'}>
        {choices.map((choice) => (
          <label key={choice} className="flex min-h-11 items-center gap-2">
            <input
              type="radio"
              value={choice}
              required
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className={`h-5 w-5 shrink-0 accent-primary ${FOCUS_RING}`}
              {...field}
            />
            {labels[choice]}
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
