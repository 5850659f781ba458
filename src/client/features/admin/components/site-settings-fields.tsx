import {
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
import { FOCUS_RING } from './field.tsx';

/*
 * A text area and a select with the same shape as Field (field.tsx): a visible label, then the
 * hint and the error under the control, both tied to it with aria-describedby.
 */

const CONTROL =
  'w-full rounded-lg border bg-white px-3 text-base text-gray-900 dark:bg-gray-900 dark:text-gray-50 ' +
  FOCUS_RING;

interface FrameProps {
  label: string;
  /** A rule or a tip, always shown under the control. */
  hint?: ReactNode;
  error?: string | undefined;
  className?: string;
}

function borderFor(error: string | undefined): string {
  return error ? 'border-red-700 dark:border-red-400' : 'border-gray-500';
}

/** The label, hint and error around a control, and the attributes that tie them to it. */
function useFrame({ label, hint, error, className = '' }: FrameProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const controlProps = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
  };
  const frame = (control: ReactNode) => (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block font-medium">
        {label}
      </label>
      {control}
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
  return { controlProps, frame };
}

export function TextAreaField({
  label,
  hint,
  error,
  className,
  ...textarea
}: FrameProps & TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  const { controlProps, frame } = useFrame({ label, hint, error, className });
  return frame(
    <textarea
      {...controlProps}
      className={`${CONTROL} py-2 ${borderFor(error)}`}
      rows={3}
      {...textarea}
    />,
  );
}

export function SelectField({
  label,
  hint,
  error,
  className,
  options,
  ...select
}: FrameProps &
  SelectHTMLAttributes<HTMLSelectElement> & {
    options: readonly { value: string; label: string }[];
    ref?: Ref<HTMLSelectElement>;
  }) {
  const { controlProps, frame } = useFrame({ label, hint, error, className });
  return frame(
    <select {...controlProps} className={`${CONTROL} min-h-11 ${borderFor(error)}`} {...select}>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>,
  );
}
