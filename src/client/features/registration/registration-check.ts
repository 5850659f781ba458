/*
 * The registration form's check: the shared zod schema, loaded when the artist first touches the
 * form (loadRegistrationCheck in registration-form-values.ts), not with the page.
 */
import type { Resolver } from 'react-hook-form';
import type { FormField } from '../../../shared/schemas/form-field.ts';
import {
  buildRegistrationSchema,
  checkRegistration,
  type RegistrationValues,
} from '../../../shared/schemas/registration.ts';
import { ONE_WORK, type WorksRange } from '../../../shared/schemas/registration-works.ts';
import {
  formErrorsOf,
  isBlob,
  registrationInput,
  type RegistrationFormValues,
} from './registration-form-values.ts';

/**
 * react-hook-form's resolver over the shared check: the browser shows exactly
 * the messages the server would give, and hands the submit the checked values.
 */
export function registrationResolver(
  competitionId: string,
  fields: readonly FormField[],
  range: WorksRange = ONE_WORK,
): Resolver<RegistrationFormValues, unknown, RegistrationValues<Blob>> {
  const schema = buildRegistrationSchema(fields, isBlob, range);
  return (values) => {
    const result = checkRegistration(schema, registrationInput(values, competitionId, fields));
    const works = 1 + (values.moreWorks?.length ?? 0);
    return result.success
      ? { values: result.data, errors: {} }
      : { values: {}, errors: formErrorsOf(result.fields, fields, works) };
  };
}
