import { type FieldErrors, type Resolver, set, type UseFormReturn } from 'react-hook-form';
import type { FormField } from '../../../shared/schemas/form-field.ts';
import type { PublicationConsent } from '../../../shared/schemas/publication-consent.ts';
import { type Gender, needsGuardian } from '../../../shared/domain/registration-answers.ts';
import type { RegistrationValues } from '../../../shared/schemas/registration.ts';
import { isAskedPerWork as askedPerWork } from '../../../shared/domain/field-answers.ts';
import type { WorksRange } from '../../../shared/schemas/registration-works.ts';
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
  /** The fields asked once per entry, and the first work's answers. */
  fieldValues: Record<string, HeldFieldValue>;
  /** Each further work's answers (work 2 first): none unless the competition takes several. */
  moreWorks: { fieldValues: Record<string, HeldFieldValue> }[];
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

/** One work, as a competition that sets nothing takes (here, not imported: that module holds zod). */
const ONE_WORK: WorksRange = { min: 1, max: 1 };

export function isBlob(value: unknown): value is Blob {
  return value instanceof Blob;
}

/** An empty form for these fields, with what a kept draft says filled in. */
export function initialFormValues(
  fields: readonly FormField[],
  draft: RegistrationDraft | null = null,
  range: WorksRange = ONE_WORK,
): RegistrationFormValues {
  const { fieldValues: typed = {}, moreWorks: kept = [], ...text } = draft ?? {};
  // The works the draft kept, within the competition's range: at least its minimum.
  const count = Math.min(Math.max(1 + kept.length, range.min), range.max);
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
    moreWorks: Array.from({ length: count - 1 }, (_, i) => emptyWork(fields, kept[i]?.fieldValues)),
    consent: false,
    publicationConsent: '',
    guardianConsent: false,
    website: '',
    code: '',
  };
}

/** A further work's answers: empty, or what a draft kept of it. */
export function emptyWork(
  fields: readonly FormField[],
  typed: Record<string, string> = {},
): RegistrationFormValues['moreWorks'][number] {
  const perWork = fields.filter(askedPerWork);
  return {
    fieldValues: Object.fromEntries(perWork.map((f) => [f.id, initialFieldValue(f, typed[f.id])])),
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
  // The first work's answers stand beside the entry's own; each further work has its own.
  const fieldValues: Record<string, unknown> = {};
  const work: Record<string, unknown> = {};
  for (const field of fields) {
    const value = fieldInputOf(field, values.fieldValues[field.id]);
    if (value !== undefined) (askedPerWork(field) ? work : fieldValues)[field.id] = value;
  }
  const further = (values.moreWorks ?? []).map((more) => ({
    fieldValues: answersOf(fields.filter(askedPerWork), more.fieldValues),
  }));
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
    works: [{ fieldValues: work }, ...further],
    consent: values.consent,
    publicationConsent: values.publicationConsent === '' ? undefined : values.publicationConsent,
    ...(needsGuardian(age)
      ? { guardianName: values.guardianName, guardianConsent: values.guardianConsent }
      : {}),
    ...(values.website ? { website: values.website } : {}),
    ...(values.code.trim() ? { code: values.code.trim() } : {}),
  };
}

/** The answers to check and send of these fields, empty optional ones left out. */
function answersOf(fields: readonly FormField[], held: Record<string, HeldFieldValue>) {
  const answers: Record<string, unknown> = {};
  for (const field of fields) {
    const value = fieldInputOf(field, held[field.id]);
    if (value !== undefined) answers[field.id] = value;
  }
  return answers;
}

/**
 * The form's names a message can stand under, in the order the artist meets them (the schema's
 * dotted paths): with several works, the entry's own answers, then each work's.
 */
export function formNames(fields: readonly FormField[], works = 1): string[] {
  const entry = works > 1 ? fields.filter((f) => !askedPerWork(f)) : fields;
  const first = works > 1 ? fields.filter(askedPerWork) : [];
  const further = Array.from({ length: works - 1 }, (_, i) =>
    fields.filter(askedPerWork).map((f) => `moreWorks.${i}.fieldValues.${f.id}`),
  );
  return [
    ...['fullName', 'age', 'gender', 'email', 'phone', 'address', 'pincode', 'photo'],
    ...[...entry, ...first].map((f) => `fieldValues.${f.id}`),
    ...further.flat(),
    ...['consent', 'publicationConsent', 'guardianName', 'guardianConsent', 'website', 'code'],
  ];
}

const WORK_ANSWER = /^works\.(\d+)\.fieldValues\./;

/**
 * Where a message's key (the schema's or the server's: `works.<n>.fieldValues.<id>`, n from 0)
 * stands in the form: the first work's answers are `fieldValues.<id>`, work n's (n ≥ 1)
 * `moreWorks.<n - 1>.fieldValues.<id>`.
 */
export function formPathOf(key: string): string {
  return key.replace(WORK_ANSWER, (_, n: string) =>
    n === '0' ? 'fieldValues.' : `moreWorks.${Number(n) - 1}.fieldValues.`,
  );
}

/**
 * Messages keyed by dotted path (checkRegistration's, or the server's `fields`) as the form's
 * errors: each under its field, and any other under `root` (the form as a whole).
 */
export function formErrorsOf(
  messages: Record<string, string>,
  fields: readonly FormField[],
  works = 1,
): FieldErrors<RegistrationFormValues> {
  const names = new Set(formNames(fields, works));
  const errors: FieldErrors<RegistrationFormValues> = {};
  for (const [key, message] of Object.entries(messages)) {
    const path = formPathOf(key);
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
  range: WorksRange = ONE_WORK,
): RegistrationResolver {
  let resolver: RegistrationResolver | undefined;
  return async (values, context, options) => {
    resolver ??= (await loadRegistrationCheck()).registrationResolver(competitionId, fields, range);
    return resolver(values, context, options);
  };
}
