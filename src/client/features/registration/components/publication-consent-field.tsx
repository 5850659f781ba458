import type { UseFormRegister } from 'react-hook-form';
import {
  PUBLICATION_CONSENT_LABELS,
  PUBLICATION_CONSENT_LEGEND,
  PUBLICATION_CONSENTS,
} from '../../../../shared/schemas/publication-consent.ts';
import type { RegistrationFormValues } from '../registration-form-values.ts';
import { RadioGroup } from './radio-group.tsx';

/**
 * How a winning or shortlisted work may be shown on the results page: one required
 * choice of three, none preselected, so the artist decides rather than a default.
 */
export function PublicationConsentField({
  register,
  error,
}: {
  register: UseFormRegister<RegistrationFormValues>;
  error: string | undefined;
}) {
  return (
    <RadioGroup
      legend={PUBLICATION_CONSENT_LEGEND}
      choices={PUBLICATION_CONSENTS}
      labels={PUBLICATION_CONSENT_LABELS}
      field={register('publicationConsent')}
      error={error}
    />
  );
}
