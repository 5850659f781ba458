import * as z from 'zod/mini';
import { REGISTRATION_MAX_AGE, REGISTRATION_MIN_AGE } from '../domain/age-category.ts';
import { type Gender, GENDERS, needsGuardian } from '../domain/registration-answers.ts';
import { emailAddressCheck } from './email-address.ts';
import {
  FIELD_VALUE_MESSAGES,
  type FieldValues,
  fieldValuesSchema,
  oneLine,
  optionalText,
  requiredText,
} from './field-values.ts';
import { REGISTRATION_PRICING_SHAPE } from './registration-pricing.ts';
import type { FormField } from './form-field.ts';
import { askedPerWork, ONE_WORK, type WorksRange, worksSchema } from './registration-works.ts';
import {
  PUBLICATION_CONSENT_REQUIRED,
  PUBLICATION_CONSENTS,
  type PublicationConsent,
} from './publication-consent.ts';

/*
 * The registration form (seed §2, §5 "Registration form"), one schema for the browser
 * and the server. It is built from the competition's category's enabled fields, so the server
 * checks exactly what the form asked. zod/mini keeps the public page's JavaScript small.
 *
 * Files (the photo and each image field) are checked for presence here with `isFile`: a Blob in
 * the browser, the uploaded bytes on the server; their type, size and pixels are checked apart
 * (browser: checkImageFile; server: from the bytes).
 */

export const FULL_NAME_MAX = 120;
export const EMAIL_MAX = 254;
export const PHONE_MAX = 20;
export const ADDRESS_MAX = 500;
export const GUARDIAN_NAME_MAX = 120;
export {
  type FieldValues,
  LONG_TEXT_FIELD_MAX,
  TEXT_FIELD_MAX,
  URL_FIELD_MAX,
} from './field-values.ts';

// The form's choices and age rules live apart, without zod, for the registration page.
export {
  AGE_CATEGORY_LABELS,
  ageCategoryLabel,
  type Gender,
  GENDER_LABELS,
  GENDERS,
  needsGuardian,
} from '../domain/registration-answers.ts';

/** Seed §5's messages verbatim, and ours where the seed shows none. */
export const REGISTRATION_MESSAGES = {
  fullNameRequired: 'Full name is required',
  fullNameTooLong: `Full name must be at most ${FULL_NAME_MAX} characters`,
  ageRequired: 'Age is required',
  ageWhole: 'Age must be a whole number of years',
  ageMin: `Age must be at least ${REGISTRATION_MIN_AGE} year`,
  ageMax: `Age must not exceed ${REGISTRATION_MAX_AGE} years`,
  genderRequired: 'Gender is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email address',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Invalid phone number',
  addressRequired: 'Address is required',
  addressTooLong: `Address must be at most ${ADDRESS_MAX} characters`,
  pincodeRequired: 'Pincode is required',
  pincodeInvalid: 'Invalid pincode format',
  photoRequired: 'Photo is required',
  consentRequired: 'Please agree to the privacy policy to register',
  guardianNameRequired: "Parent or guardian's name is required",
  guardianConsentRequired: 'A parent or guardian must give their consent',
  ...FIELD_VALUE_MESSAGES,
} as const;
const M = REGISTRATION_MESSAGES;

/** Seed §5: digits, plus, hyphen, space and parentheses only; at least one digit. */
const PHONE_PATTERN = /^(?=.*\d)[\d+\- ()]+$/;
/** Seed §5/§9: exactly six digits. */
const PINCODE_PATTERN = /^\d{6}$/;

/** Seed §5's e-mail rule and messages, as the form and the "Lost your link?" form ask. */
export function emailSchema() {
  // Seed §5's "standard e-mail pattern", as strict as every address the site takes: exactly
  // one plain address, so the mail goes to the one stored (domain/email-address.ts).
  return requiredText(M.emailRequired, EMAIL_MAX, M.emailInvalid).check(
    emailAddressCheck(M.emailInvalid),
  );
}

/** One work's answers: the fields asked per work. */
export interface WorkValues<F> {
  fieldValues: FieldValues<F>;
}

export interface RegistrationValues<F> {
  competitionId: string;
  fullName: string;
  age: number;
  gender: Gender;
  email: string;
  phone: string;
  address: string;
  pincode: string;
  photo: F;
  /** The answers of the fields asked once per entry. */
  fieldValues: FieldValues<F>;
  works: WorkValues<F>[];
  consent: true;
  /** Whether and how a winning or shortlisted work is shown on the results page. */
  publicationConsent: PublicationConsent;
  guardianName?: string | undefined;
  guardianConsent?: boolean | undefined;
  /** The honeypot: people never see it, so it stays empty. */
  website?: string | undefined;
}

/**
 * The registration form for these fields (only the enabled ones count, in their order): the
 * fields asked once in `fieldValues`, each work's in `works`. Unknown keys are refused, at the top
 * and among the field values, so nothing the form did not ask for is stored. `isFile` tells a
 * chosen file: a Blob in the browser, a Buffer on the server.
 */
export function buildRegistrationSchema<F>(
  fields: readonly FormField[],
  isFile: (value: unknown) => value is F,
  range: WorksRange = ONE_WORK,
) {
  const enabled = fields.filter((f) => f.enabled);
  const work = z.strictObject({
    fieldValues: fieldValuesSchema(enabled.filter(askedPerWork), isFile),
  });
  return z.strictObject({
    competitionId: z
      .string({ error: 'Choose a competition' })
      .check(z.minLength(1), z.maxLength(64)),
    fullName: requiredText(M.fullNameRequired, FULL_NAME_MAX, M.fullNameTooLong).check(
      oneLine('Full name'),
    ),
    age: z.number({ error: M.ageRequired }).check(
      z.refine((n) => Number.isInteger(n), { error: M.ageWhole, abort: true }),
      z.gte(REGISTRATION_MIN_AGE, M.ageMin),
      z.lte(REGISTRATION_MAX_AGE, M.ageMax),
    ),
    gender: z.enum(GENDERS, { error: M.genderRequired }),
    email: emailSchema(),
    phone: requiredText(M.phoneRequired, PHONE_MAX, M.phoneInvalid).check(
      z.regex(PHONE_PATTERN, M.phoneInvalid),
    ),
    address: requiredText(M.addressRequired, ADDRESS_MAX, M.addressTooLong),
    pincode: requiredText(M.pincodeRequired, 6, M.pincodeInvalid).check(
      z.regex(PINCODE_PATTERN, M.pincodeInvalid),
    ),
    photo: z.custom<F>(isFile, { error: M.photoRequired }),
    fieldValues: fieldValuesSchema(
      enabled.filter((f) => !askedPerWork(f)),
      isFile,
    ),
    works: worksSchema(work, range),
    consent: z.literal(true, { error: M.consentRequired }),
    publicationConsent: z.enum(PUBLICATION_CONSENTS, { error: PUBLICATION_CONSENT_REQUIRED }),
    guardianName: optionalText(GUARDIAN_NAME_MAX, "Parent or guardian's name"),
    guardianConsent: z.optional(z.boolean()),
    website: z.optional(z.string().check(z.maxLength(200))),
    ...REGISTRATION_PRICING_SHAPE,
  }) as unknown as RegistrationSchema<F>;
}

export type RegistrationSchema<F> = z.ZodMiniType<RegistrationValues<F>, unknown>;

export type RegistrationCheck<F> =
  | { success: true; data: RegistrationValues<F> }
  | { success: false; fields: Record<string, string> };

/**
 * The form's check, in the browser and on the server: the schema's messages (one per field, the
 * first) and, for an artist under 18, the guardian's name and consent. The guardian rule is
 * checked apart from the schema so a minor sees it with every other message at once (zod skips an
 * object's own refinements while one of its fields has an error).
 */
export function checkRegistration<F>(
  schema: RegistrationSchema<F>,
  values: unknown,
): RegistrationCheck<F> {
  const result = schema.safeParse(values);
  const fields = result.success ? {} : registrationFieldErrors(result.error);
  const given = (values ?? {}) as {
    age?: unknown;
    guardianName?: unknown;
    guardianConsent?: unknown;
  };
  if (typeof given.age === 'number' && needsGuardian(given.age)) {
    if (typeof given.guardianName !== 'string' || given.guardianName.trim() === '') {
      fields.guardianName ??= M.guardianNameRequired;
    }
    if (given.guardianConsent !== true) fields.guardianConsent ??= M.guardianConsentRequired;
  }
  if (result.success && Object.keys(fields).length === 0)
    return { success: true, data: result.data };
  return { success: false, fields };
}

/**
 * The field errors of a failed parse, one message per field (the first), keyed by the path
 * joined with dots (`fieldValues.artworkTitle`): the shape of the error envelope's `fields`.
 */
export function registrationFieldErrors(error: z.core.$ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || 'form';
    fields[key] ??= issue.message;
  }
  return fields;
}

/** Seed §5 "Submission creation": what is missing when either key is absent. */
export function missingRequiredFields(body: Record<string, unknown>): string | undefined {
  const missing = ['competitionId', 'fullName'].filter(
    (key) => typeof body[key] !== 'string' || (body[key] as string).trim() === '',
  );
  return missing.length > 0 ? `Missing required fields: ${missing.join(', ')}` : undefined;
}

/**
 * The answer to a registration (201), the "receipt" the success page shows: sent again as it was
 * when the same request is repeated with the same Idempotency-Key.
 */
export const RegistrationReceiptSchema = z.object({
  id: z.string(),
  /** 'WS-2026-000123': the year in the site time zone and a counter. */
  reference: z.string(),
  competition: z.object({ id: z.string(), title: z.string() }),
  entryType: z.enum(['free', 'paid']),
  /** Whole rupees; 0 when free. */
  entryFee: z.number(),
  status: z.literal('pending'),
  /** Seed §4: paid for a free entry, pending until a paid entry's fee is received. */
  paymentStatus: z.enum(['paid', 'pending']),
  email: z.string(),
  createdAt: z.string(),
  /** The artist's key to their entry: the checkout and the entry page take it. */
  entryToken: z.string(),
});
export type RegistrationReceipt = z.infer<typeof RegistrationReceiptSchema>;
