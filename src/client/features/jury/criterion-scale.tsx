import { type KeyboardEvent, useId } from 'react';
import type { Criterion } from '../../../shared/schemas/jury.ts';
import { Button } from '../../components/button.tsx';
import { Field, RequiredMark } from '../admin/common/forms/form-fields.tsx';
import { MUTED_TEXT } from '../admin/common/shell/admin-page.tsx';

/** Up to this many scores are buttons side by side; a wider scale (0 to 100) is a number field. */
const MOST_BUTTONS = 11;

interface ScaleProps {
  criterion: Criterion;
  score: number | undefined;
  error: string | undefined;
  readOnly: boolean;
  onChange: (score: number | undefined) => void;
}

/** One criterion: its name, what it means, its scale, and the juror's score on it. */
export function CriterionScale(props: ScaleProps) {
  const { scaleMin, scaleMax } = props.criterion;
  return scaleMax - scaleMin + 1 <= MOST_BUTTONS ? (
    <ScoreButtons {...props} />
  ) : (
    <ScoreNumber {...props} />
  );
}

/** 'From 1 (lowest) to 10 (highest)' */
const scaleText = ({ scaleMin, scaleMax }: Criterion) =>
  `From ${scaleMin} (lowest) to ${scaleMax} (highest)`;

/**
 * The scale as a group of radio buttons drawn as large buttons: arrows move within it (as every
 * radio group does), and a number key gives that score to the criterion in focus ('0' is 10 on a
 * scale that has 10 and no 0).
 */
function ScoreButtons({ criterion, score, error, readOnly, onChange }: ScaleProps) {
  const id = useId();
  const scores = Array.from(
    { length: criterion.scaleMax - criterion.scaleMin + 1 },
    (_, i) => criterion.scaleMin + i,
  );
  const onKeyDown = (event: KeyboardEvent<HTMLFieldSetElement>) => {
    if (readOnly || event.altKey || event.ctrlKey || event.metaKey || !/^\d$/.test(event.key))
      return;
    const digit = Number(event.key);
    const tenOnZero = digit === 0 && criterion.scaleMin > 0 && criterion.scaleMax >= 10;
    const value = tenOnZero ? 10 : digit;
    if (value < criterion.scaleMin || value > criterion.scaleMax) return;
    event.preventDefault();
    onChange(value);
    event.currentTarget.querySelector<HTMLInputElement>(`input[value="${value}"]`)?.focus();
  };
  const describedBy = [
    `${id}-scale`,
    criterion.description ? `${id}-about` : '',
    error ? `${id}-error` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <fieldset aria-describedby={describedBy} onKeyDown={onKeyDown} className="flex flex-col gap-2">
      <legend className="mb-1 text-lg font-semibold">
        {criterion.name}
        {criterion.required ? <RequiredMark /> : null}
      </legend>
      {criterion.description ? <p id={`${id}-about`}>{criterion.description}</p> : null}
      <p id={`${id}-scale`} className={`text-sm ${MUTED_TEXT}`}>
        {scaleText(criterion)}
      </p>
      <div className="grid grid-cols-[repeat(auto-fill,minmax(2.75rem,1fr))] gap-2">
        {scores.map((value) => (
          <label key={value} className="relative">
            <input
              type="radio"
              name={`score-${criterion.id}`}
              value={value}
              checked={score === value}
              disabled={readOnly}
              required={criterion.required}
              aria-invalid={error ? true : undefined}
              onChange={() => onChange(value)}
              className="peer sr-only"
            />
            <span
              className={`flex min-h-11 min-w-11 items-center justify-center rounded-lg border-2 bg-white text-lg font-semibold text-gray-900 peer-checked:border-primary peer-checked:bg-primary peer-checked:text-white peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-[color:var(--color-primary-text)] dark:bg-gray-900 dark:text-gray-50 ${
                readOnly ? '' : 'cursor-pointer hover:bg-gray-100 dark:hover:bg-gray-800'
              } ${error ? 'border-red-700 dark:border-red-400' : 'border-gray-500'}`}
            >
              {value}
            </span>
          </label>
        ))}
      </div>
      <ClearScore criterion={criterion} score={score} readOnly={readOnly} onChange={onChange} />
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-800 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** A wide scale: the score typed as a number (number keys, as in any field). */
function ScoreNumber({ criterion, score, error, readOnly, onChange }: ScaleProps) {
  const about = criterion.description ? `${criterion.description} ` : '';
  return (
    <div className="flex flex-col gap-2">
      <Field
        label={criterion.name}
        required={criterion.required}
        type="number"
        inputMode="numeric"
        min={criterion.scaleMin}
        max={criterion.scaleMax}
        step={1}
        readOnly={readOnly}
        value={score ?? ''}
        hint={`${about}${scaleText(criterion)}.`}
        error={error}
        onChange={(event) => {
          const typed = event.target.value;
          onChange(typed === '' ? undefined : Math.round(Number(typed)));
        }}
        className="max-w-48"
      />
      <ClearScore criterion={criterion} score={score} readOnly={readOnly} onChange={onChange} />
    </div>
  );
}

/** A criterion that may be left unscored can be cleared again. */
function ClearScore({ criterion, score, readOnly, onChange }: Omit<ScaleProps, 'error'>) {
  if (criterion.required || readOnly || score === undefined) return null;
  return (
    <div>
      <Button variant="secondary" size="sm" onClick={() => onChange(undefined)}>
        Clear the score for {criterion.name}
      </Button>
    </div>
  );
}
