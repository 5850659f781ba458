import { type FieldErrors, type Resolver, set, type UseFormReturn } from 'react-hook-form';
import type { FormField } from '../../../shared/schemas/form-field.ts';
import type { PublicationConsent } from '../../../shared/schemas/publication-consent.ts';
import { type Gender, needsGuardian } from '../../../shared/domain/registration-answers.ts';
import type { RegistrationValues } from '../../../shared/schemas/registration.ts';
import { askedPerWork } from '../../../shared/schemas/registration-works.ts';
import type * as RegistrationCheck from './registration-check.ts';
import type { RegistrationDraft } from './registration-draft.ts';
import { fieldInputOf, type HeldFieldValue, initialFieldValue } from './field-input.ts';

/** What the form holds while the artist fills it: text as typed, pictures as prepared JPEGs. */
export interface RegistrationFormValues {
  fullName: string;
  /** As typed: the check turns it into a number. */
  age: string;
  gender: Gender | '';
  email: string;
  phone: string;
  address: string;
  pincode: string;
  photo: Blob | null;
  fieldValues: Record<string, HeldFieldValue>;
  consent: boolean;
  /** None chosen until the artist picks one: nothing is preselected. */
  publicationConsent: PublicationConsent | '';
  guardianName: string;
  guardianConsent: boolean;
  /** The honeypot: hidden from people, so only a bot fills it. */
  website: string;
  /** A discount or waiver code, as typed ('' for none). */
  code: string;
}

/** The form as react-hook-form runs it: the values as held, checked into what is sent. */
export type RegistrationFormApi = UseFormReturn<
  RegistrationFormValues,
  unknown,
  RegistrationValues<Blob>
>;

export function isBlob(value: unknown): value is Blob {
  return value instanceof Blob;
}

/** An empty form for these fields, with what a kept draft says filled in. */
export function initialFormValues(
  fields: readonly FormField[],
  draft: RegistrationDraft | null = null,
): RegistrationFormValues {
  const { fieldValues: typed = {}, ...text } = draft ?? {};
  return {
    fullName: '',
    age: '',
    email: '',
    phone: '',
    address: '',
    pincode: '',
    guardianName: '',
    ...text,
    gender: (text.gender ?? '') as Gender | '',
    photo: null,
    fieldValues: Object.fromEntries(fields.map((f) => [f.id, initialFieldValue(f, typed[f.id])])),
    consent: false,
    publicationConsent: '',
    guardianConsent: false,
    website: '',
    code: '',
  };
}

/** '' → undefined (the "required" message), anything else as a number ('abc' is NaN). */
function ageOf(typed: string): number | undefined {
  return typed.trim() === '' ? undefined : Number(typed);
}

/**
 * The body the shared schema checks: the age as a number, only the fields the form shows, empty
 * optional answers left out, and the guardian's part only for an artist under 18.
 */
export function registrationInput(
  values: RegistrationFormValues,
  competitionId: string,
  fields: readonly FormField[],
): Record<string, unknown> {
  const age = ageOf(values.age);
  // The form asks one work: the fields asked per work are its answers.
  const fieldValues: Record<string, unknown> = {};
  const work: Record<string, unknown> = {};
  for (const field of fields) {
    const value = fieldInputOf(field, values.fieldValues[field.id]);
    if (value !== undefined) (askedPerWork(field) ? work : fieldValues)[field.id] = value;
  }
  return {
    competitionId,
    fullName: values.fullName,
    age,
    gender: values.gender === '' ? undefined : values.gender,
    email: values.email,
    phone: values.phone,
    address: values.address,
    pincode: values.pincode,
    photo: values.photo ?? undefined,
    fieldValues,
    works: [{ fieldValues: work }],
    consent: values.consent,
    publicationConsent: values.publicationConsent === '' ? undefined : values.publicationConsent,
    ...(needsGuardian(age)
      ? { guardianName: values.guardianName, guardianConsent: values.guardianConsent }
      : {}),
    ...(values.website ? { website: values.website } : {}),
    ...(values.code.trim() ? { code: values.code.trim() } : {}),
  };
}

/** The form's names a message can stand under, in the form's order (the schema's dotted paths). */
export function formNames(fields: readonly FormField[]): string[] {
  return [
    ...['fullName', 'age', 'gender', 'email', 'phone', 'address', 'pincode', 'photo'],
    ...fields.map((f) => `fieldValues.${f.id}`),
    ...['consent', 'publicationConsent', 'guardianName', 'guardianConsent', 'website', 'code'],
  ];
}

/**
 * Messages keyed by dotted path (checkRegistration's, or the server's `fields`) as the form's
 * errors: each under its field, and any other under `root` (the form as a whole).
 */
export function formErrorsOf(
  messages: Record<string, string>,
  fields: readonly FormField[],
): FieldErrors<RegistrationFormValues> {
  const names = new Set(formNames(fields));
  const errors: FieldErrors<RegistrationFormValues> = {};
  for (const [key, message] of Object.entries(messages)) {
    // The one work's answers stand under the form's own fields.
    const path = key.replace(/^works\.0\.fieldValues\./, 'fieldValues.');
    if (names.has(path)) set(errors, path, { type: 'validate', message });
    else errors.root ??= { type: 'validate', message } as NonNullable<typeof errors.root>;
  }
  return errors;
}

type RegistrationResolver = Resolver<RegistrationFormValues, unknown, RegistrationValues<Blob>>;

let registrationCheck: Promise<typeof RegistrationCheck> | undefined;

/**
 * Loads the form's check (the shared zod schema) once: when the artist first touches the form,
 * not with the page, whose first paint needs none of it.
 */
export function loadRegistrationCheck(): Promise<typeof RegistrationCheck> {
  registrationCheck ??= import('./registration-check.ts');
  return registrationCheck;
}

/**
 * react-hook-form's resolver for these fields, the check loaded on first use: a send before it
 * arrived waits for it, and is checked all the same.
 */
export function lazyRegistrationResolver(
  competitionId: string,
  fields: readonly FormField[],
): RegistrationResolver {
  let resolver: RegistrationResolver | undefined;
  return async (values, context, options) => {
    resolver ??= (await loadRegistrationCheck()).registrationResolver(competitionId, fields);
    return resolver(values, context, options);
  };
}
