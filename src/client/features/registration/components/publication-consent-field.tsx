import { useId } from 'react';
import type { UseFormRegister } from 'react-hook-form';
import {
  PUBLICATION_CONSENT_LABELS,
  PUBLICATION_CONSENT_LEGEND,
  PUBLICATION_CONSENTS,
} from '../../../../shared/schemas/publication-consent.ts';
import { FOCUS_RING, RequiredMark } from '../../../components/form-fields.tsx';
import type { RegistrationFormValues } from '../registration-form-values.ts';

/**
 * How a winning or shortlisted work may be shown on the results page (issue 23): one required
 * choice of three, none preselected, so the artist decides rather than a default.
 */
export function PublicationConsentField({
  register,
  error,
}: {
  register: UseFormRegister<RegistrationFormValues>;
  error: string | undefined;
}) {
  const errorId = useId();
  return (
    <fieldset>
      <legend className="mb-1 font-medium">
        {PUBLICATION_CONSENT_LEGEND}
        <RequiredMark />
      </legend>
      <div className="flex flex-col">
        {PUBLICATION_CONSENTS.map((choice) => (
          <label key={choice} className="flex min-h-11 items-center gap-2">
            <input
              type="radio"
              value={choice}
              required
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className={`h-5 w-5 shrink-0 accent-primary ${FOCUS_RING}`}
              {...register('publicationConsent')}
            />
            {PUBLICATION_CONSENT_LABELS[choice]}
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
