import { useId, useState } from 'react';
import { primaryColorContrastWarning } from '../../../../shared/domain/contrast.ts';
import { HEX_COLOR } from '../../../../shared/schemas/settings.ts';
import { borderFor, FieldFrame, useFieldWiring } from '../common/forms/form-fields.tsx';
import { FOCUS_RING } from '../common/shell/admin-page.tsx';

const HINT = 'A hex value such as #7C3AED. Buttons show white text on it.';

/**
 * The primary colour: a colour picker and the hex text it stands for, kept in step, and a warning
 * (never a block) while white text on the colour, as on the site's buttons, would fail WCAG AA.
 */
export function ColourField({
  label,
  value,
  onChange,
  onBlur,
  error,
  required = false,
}: {
  label: string;
  required?: boolean;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string | undefined;
}) {
  const warningId = `${useId()}-warning`;
  const warning = primaryColorContrastWarning(value);
  const wiring = useFieldWiring(HINT, error, warning ? warningId : '');
  // The picker only knows complete colours: while the text is half typed it keeps the last one.
  const [pickerValue, setPickerValue] = useState(value);
  if (HEX_COLOR.test(value) && value !== pickerValue) setPickerValue(value);
  return (
    <FieldFrame
      wiring={wiring}
      label={label}
      hint={HINT}
      error={error}
      required={required}
      notes={
        // Always present, so a screen reader hears the warning when it appears.
        <div aria-live="polite">
          {warning ? (
            <p
              id={warningId}
              className="mt-2 rounded-lg border-l-4 border-amber-700 bg-amber-50 p-3 text-sm font-medium text-amber-950 dark:bg-amber-950 dark:text-amber-100"
            >
              {warning}
            </p>
          ) : null}
        </div>
      }
    >
      <div className="flex items-center gap-3">
        <input
          type="color"
          aria-label={`Pick the ${label.toLowerCase()}`}
          aria-describedby={warning ? warningId : undefined}
          value={HEX_COLOR.test(pickerValue) ? pickerValue.toLowerCase() : '#000000'}
          onChange={(event) => onChange(event.target.value.toUpperCase())}
          onBlur={onBlur}
          className={`h-11 w-16 shrink-0 cursor-pointer rounded-lg border border-gray-500 bg-white p-1 dark:bg-gray-900 ${FOCUS_RING}`}
        />
        <input
          {...wiring.controlProps}
          type="text"
          required={required}
          value={value}
          onChange={(event) => onChange(event.target.value.trim())}
          onBlur={onBlur}
          autoComplete="off"
          spellCheck={false}
          maxLength={7}
          className={`min-h-11 w-36 rounded-lg border bg-white px-3 font-mono text-base text-gray-900 dark:bg-gray-900 dark:text-gray-50 ${borderFor(
            error,
          )} ${FOCUS_RING}`}
        />
      </div>
    </FieldFrame>
  );
}
