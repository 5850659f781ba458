import {
  type Control,
  type FieldErrors,
  type FieldPath,
  type UseFormRegister,
  useWatch,
} from 'react-hook-form';
import {
  REGISTRATION_MAX_AGE,
  REGISTRATION_MIN_AGE,
} from '../../../../shared/domain/age-category.ts';
import type { FormField } from '../../../../shared/schemas/form-field.ts';
import {
  ageCategoryLabel,
  GENDER_LABELS,
  GENDERS,
} from '../../../../shared/domain/registration-answers.ts';
import { Field, FOCUS_RING, TextAreaField } from '../../../components/form-fields.tsx';
import { paths } from '../../../config/paths.ts';
import type { RegistrationFormValues } from '../registration-form-values.ts';
import { PublicationConsentField } from './publication-consent-field.tsx';
import { ChoiceGroup } from './choice-fields.tsx';
import { LongTextField } from './long-text-field.tsx';
import { RadioGroup } from './radio-group.tsx';

type Register = UseFormRegister<RegistrationFormValues>;
type Errors = FieldErrors<RegistrationFormValues>;

/** Full name to pincode (seed §2), with what phones need to fill them fast: keyboards, autofill. */
export function PersonalFields({
  register,
  errors,
  control,
}: {
  register: Register;
  errors: Errors;
  control: Control<RegistrationFormValues, unknown, unknown>;
}) {
  return (
    <>
      <Field
        label="Full Name"
        required
        autoComplete="name"
        error={errors.fullName?.message}
        {...register('fullName')}
      />
      <AgeField register={register} control={control} error={errors.age?.message} />
      <GenderField register={register} error={errors.gender?.message} />
      <Field
        label="Email"
        type="email"
        inputMode="email"
        required
        autoComplete="email"
        hint="Your confirmation and results are sent here."
        error={errors.email?.message}
        {...register('email')}
      />
      <Field
        label="Phone Number"
        type="tel"
        required
        autoComplete="tel"
        error={errors.phone?.message}
        {...register('phone')}
      />
      <TextAreaField
        label="Address"
        required
        autoComplete="street-address"
        error={errors.address?.message}
        {...register('address')}
      />
      <Field
        label="Pincode"
        required
        inputMode="numeric"
        autoComplete="postal-code"
        hint="Six digits."
        error={errors.pincode?.message}
        {...register('pincode')}
      />
    </>
  );
}

/** The age, and the age category it falls in, said as the artist types (seed §3). */
function AgeField({
  register,
  control,
  error,
}: {
  register: Register;
  control: Control<RegistrationFormValues, unknown, unknown>;
  error: string | undefined;
}) {
  const age = useWatch({ control, name: 'age' });
  const category = ageCategoryLabel(age.trim() === '' ? undefined : Number(age));
  return (
    <Field
      label="Age"
      type="number"
      inputMode="numeric"
      min={REGISTRATION_MIN_AGE}
      max={REGISTRATION_MAX_AGE}
      step={1}
      required
      hint={
        <>
          {`From ${REGISTRATION_MIN_AGE} to ${REGISTRATION_MAX_AGE} years.`}{' '}
          <span aria-live="polite">{category ? `Age category: ${category}.` : ''}</span>
        </>
      }
      error={error}
      {...register('age')}
    />
  );
}

/** Seed §3's three genders, as radio buttons: one tap on a phone. */
function GenderField({ register, error }: { register: Register; error: string | undefined }) {
  return (
    <RadioGroup
      legend="Gender"
      choices={GENDERS}
      labels={GENDER_LABELS}
      field={register('gender')}
      error={error}
      inline
    />
  );
}

/** The help text and a type's own rule, as one hint under the control. */
const hintOf = (field: FormField, rule?: string) =>
  [field.helpText, rule].filter(Boolean).join(' ') || undefined;

/** A number's rule, from its bounds: 'From 0 to 12.5.', 'At least 0.', or none. */
function numberRule({ min, max }: FormField): string | undefined {
  if (min !== undefined && max !== undefined) return `From ${min} to ${max}.`;
  if (min !== undefined) return `At least ${min}.`;
  return max === undefined ? undefined : `At most ${max}.`;
}

/**
 * A category's field that is not a file (pictures and documents have their pickers), drawn as its
 * type asks, its help text under it. `name` is its path in the form (`fieldValues.<id>`, or a
 * work's own), so the same field can be drawn once for each work.
 */
export function DynamicField({
  field,
  name,
  control,
  register,
  error,
}: {
  field: FormField;
  name: FieldPath<RegistrationFormValues>;
  control: Control<RegistrationFormValues, unknown, unknown>;
  register: Register;
  error: string | undefined;
}) {
  const input = register(name);
  const props = { label: field.label, required: field.required, error, ...input };
  switch (field.type) {
    case 'longText':
      return (
        <LongTextField field={field} name={name} control={control} input={input} error={error} />
      );
    case 'choice':
    case 'choices':
    case 'yesNo':
      return <ChoiceGroup field={field} input={input} error={error} />;
    case 'number':
      return (
        <Field
          type="number"
          inputMode="decimal"
          step="any"
          min={field.min}
          max={field.max}
          hint={hintOf(field, numberRule(field))}
          {...props}
        />
      );
    case 'date':
      return (
        <Field
          type="date"
          min={field.earliest}
          max={field.latest}
          hint={hintOf(field)}
          {...props}
        />
      );
    case 'video':
    case 'link':
      return (
        <Field
          type="url"
          inputMode="url"
          placeholder="https://"
          hint={hintOf(
            field,
            field.type === 'video'
              ? 'A link to your video, such as a YouTube link.'
              : 'A web address starting with https://',
          )}
          {...props}
        />
      );
    default:
      return field.id === 'description' ? (
        <TextAreaField rows={5} hint={hintOf(field)} {...props} />
      ) : (
        <Field hint={hintOf(field)} {...props} />
      );
  }
}

/**
 * The privacy policy's consent, how a winning work may be shown and, for an artist under 18, a
 * parent's or guardian's name and consent. The policy opens in a new tab, so the chosen pictures
 * stay here.
 */
export function ConsentFields({
  register,
  errors,
  minor,
}: {
  register: Register;
  errors: Errors;
  minor: boolean;
}) {
  return (
    <section aria-labelledby="consent-heading" className="flex flex-col gap-5">
      <h2 id="consent-heading" className="text-xl font-semibold">
        Consent
      </h2>
      <Field
        type="checkbox"
        label="I have read the privacy policy and agree to my details being used for this competition."
        required
        hint={
          <a
            href={paths.privacy}
            target="_blank"
            rel="noopener"
            className={`text-[var(--color-primary-text)] underline ${FOCUS_RING}`}
          >
            Read the privacy policy (opens in a new tab)
          </a>
        }
        error={errors.consent?.message}
        {...register('consent')}
      />
      <PublicationConsentField register={register} error={errors.publicationConsent?.message} />
      {minor ? (
        <div className="flex flex-col gap-5 rounded-lg border border-gray-300 p-4 dark:border-gray-700">
          <h3 className="font-semibold">Parent or guardian</h3>
          <p className="text-gray-700 dark:text-gray-300">
            Artists under 18 register with the consent of a parent or guardian.
          </p>
          <Field
            label="Parent or Guardian's Full Name"
            required
            error={errors.guardianName?.message}
            {...register('guardianName')}
          />
          <Field
            type="checkbox"
            label="I am the artist's parent or guardian and I agree to this registration."
            required
            error={errors.guardianConsent?.message}
            {...register('guardianConsent')}
          />
        </div>
      ) : null}
    </section>
  );
}

/** A field only bots fill in, out of sight, out of reach and out of speech. */
export function Honeypot({ register }: { register: Register }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label>
        Website
        <input type="text" tabIndex={-1} autoComplete="off" {...register('website')} />
      </label>
    </div>
  );
}
