import {
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
/*
 * The labelled form fields of the site's forms, public and admin alike: a visible label, the hint
 * and the error under the control, tied to it for screen readers.
 */

/** The keyboard focus mark, on every control that draws its own (links, fields, icons). */
export const FOCUS_RING =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[color:var(--color-primary-text)]';

const CONTROL =
  'w-full rounded-lg border bg-white px-3 text-base text-gray-900 dark:bg-gray-900 dark:text-gray-50 ' +
  FOCUS_RING;
const CHECKBOX = `h-5 w-5 shrink-0 accent-primary ${FOCUS_RING}`;

/** A control's border: red while it has an error. */
export function borderFor(error: string | undefined): string {
  return error ? 'border-red-700 dark:border-red-400' : 'border-gray-500';
}

/**
 * The visible mark of a required field, after its label: hidden from screen readers, which hear
 * 'required' from the control itself (its `required`, or aria-required).
 */
export function RequiredMark() {
  return <span aria-hidden="true"> *</span>;
}

/** What the mark means, said once at the top of a form (only to those who see the mark). */
export function RequiredNote() {
  return (
    <p aria-hidden="true" className="text-sm text-gray-600 dark:text-gray-400">
      Fields marked * are required.
    </p>
  );
}

interface Labelled {
  label: string;
  /** Marked after the label, and set on the control (so screen readers say it). */
  required?: boolean | undefined;
  /** A rule or a tip, always shown under the control. */
  hint?: ReactNode;
  error?: string | undefined;
  className?: string;
}

/**
 * The id of a control and the attributes that tie it to its hint, to `alsoDescribedBy` (another
 * note under it) and to its error, with aria-invalid while there is an error.
 */
export function useFieldWiring(hint: ReactNode, error: string | undefined, alsoDescribedBy = '') {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return {
    id,
    hintId,
    errorId,
    controlProps: {
      id,
      'aria-invalid': error ? (true as const) : undefined,
      'aria-describedby': [hintId, alsoDescribedBy, errorId].filter(Boolean).join(' ') || undefined,
    },
  };
}

type Wiring = ReturnType<typeof useFieldWiring>;

/** A field's props, split into what its frame shows and what goes on the control itself. */
function splitLabelled<P extends Labelled>(props: P) {
  const { label, hint, error, required, className, ...control } = props;
  return [{ label, hint, error, required, className }, control] as const;
}

/**
 * A control's frame: the visible label (above it, or beside a checkbox), then the hint, `notes`
 * and the error under it, with the ids `useFieldWiring` gave the control.
 */
export function FieldFrame({
  wiring,
  label,
  hint,
  error,
  required = false,
  className = '',
  beside = false,
  notes,
  children,
}: Labelled & { wiring: Wiring; beside?: boolean; notes?: ReactNode; children: ReactNode }) {
  const mark = required ? <RequiredMark /> : null;
  return (
    <div className={className}>
      {beside ? (
        <div className="flex min-h-11 items-center gap-3">
          {children}
          <label htmlFor={wiring.id} className="font-medium">
            {label}
            {mark}
          </label>
        </div>
      ) : (
        <>
          <label htmlFor={wiring.id} className="mb-1 block font-medium">
            {label}
            {mark}
          </label>
          {children}
        </>
      )}
      {hint ? (
        <p id={wiring.hintId} className="mt-1 text-sm text-gray-600 dark:text-gray-400">
          {hint}
        </p>
      ) : null}
      {notes}
      {error ? (
        <p id={wiring.errorId} className="mt-1 text-sm font-medium text-red-800 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Every form's input: a visible label, then the hint and the error under the input, both
 * tied to it with aria-describedby (and aria-invalid while there is an error). A checkbox puts its
 * label beside it. Takes react-hook-form's register() result as props.
 */
export function Field(
  props: Labelled & InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> },
) {
  const [frame, input] = splitLabelled(props);
  const wiring = useFieldWiring(frame.hint, frame.error);
  const checkbox = input.type === 'checkbox';
  return (
    <FieldFrame wiring={wiring} beside={checkbox} {...frame}>
      <input
        {...wiring.controlProps}
        className={checkbox ? CHECKBOX : `${CONTROL} min-h-11 ${borderFor(frame.error)}`}
        required={frame.required}
        {...input}
      />
    </FieldFrame>
  );
}

/** Field's text area: three rows unless told. */
export function TextAreaField(
  props: Labelled &
    TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> },
) {
  const [frame, textarea] = splitLabelled(props);
  const wiring = useFieldWiring(frame.hint, frame.error);
  return (
    <FieldFrame wiring={wiring} {...frame}>
      <textarea
        {...wiring.controlProps}
        className={`${CONTROL} py-2 ${borderFor(frame.error)}`}
        rows={3}
        required={frame.required}
        {...textarea}
      />
    </FieldFrame>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

/** Field's select: `options`, after a `placeholder` option (value '') when one is given. */
export function SelectField(
  props: Labelled &
    SelectHTMLAttributes<HTMLSelectElement> & {
      options: readonly SelectOption[];
      placeholder?: string;
      ref?: Ref<HTMLSelectElement>;
    },
) {
  const [frame, { options, placeholder, ...select }] = splitLabelled(props);
  const wiring = useFieldWiring(frame.hint, frame.error);
  return (
    <FieldFrame wiring={wiring} {...frame}>
      <select
        {...wiring.controlProps}
        className={`${CONTROL} min-h-11 ${borderFor(frame.error)}`}
        required={frame.required}
        {...select}
      >
        {placeholder === undefined ? null : <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
