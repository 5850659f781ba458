import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';

export const FOCUS_RING =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[color:var(--color-primary-text)]';

const INPUT =
  'min-h-11 w-full rounded-lg border bg-white px-3 text-base text-gray-900 dark:bg-gray-900 dark:text-gray-50 ' +
  FOCUS_RING;
const CHECKBOX = `h-5 w-5 shrink-0 accent-primary ${FOCUS_RING}`;

type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  /** A rule or a tip, always shown under the input. */
  hint?: ReactNode;
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
};

/**
 * Every admin form's input: a visible label, then the hint and the error under the input, both
 * tied to it with aria-describedby (and aria-invalid while there is an error). A checkbox puts its
 * label beside it. Takes react-hook-form's register() result as props.
 */
export function Field({ label, hint, error, className = '', ...input }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const checkbox = input.type === 'checkbox';
  const control = (
    <input
      id={id}
      aria-invalid={error ? true : undefined}
      aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
      className={
        checkbox
          ? CHECKBOX
          : `${INPUT} ${error ? 'border-red-700 dark:border-red-400' : 'border-gray-500'}`
      }
      {...input}
    />
  );
  return (
    <div className={className}>
      {checkbox ? (
        <div className="flex min-h-11 items-center gap-3">
          {control}
          <label htmlFor={id} className="font-medium">
            {label}
          </label>
        </div>
      ) : (
        <>
          <label htmlFor={id} className="mb-1 block font-medium">
            {label}
          </label>
          {control}
        </>
      )}
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-gray-600 dark:text-gray-400">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-800 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}
