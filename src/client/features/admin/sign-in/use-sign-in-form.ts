import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { AdminSession } from '../../../../shared/schemas/auth.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { requestSignInCode, signIn } from '../common/api/session.ts';
import { placeRequestError } from '../common/forms/form-errors.ts';
import type * as SignInSchemaModule from './sign-in-schema.ts';

/*
 * The sign-in form's state, without a form library: the page is the admin area's only screen
 * before sign-in and loads alone. It checks what react-hook-form with the shared schema checked,
 * alike: every field at each submit, focusing the first with an error, and then each field again
 * as it changes.
 */

export type SignInStep = 'password' | 'code' | 'email-code';
type FieldName = 'username' | 'password' | 'code' | 'emailCode';
type SignInValues = Record<FieldName, string>;
type SignInErrors = { [name in FieldName | 'root']?: string | undefined };

const EMPTY: SignInValues = { username: '', password: '', code: '', emailCode: '' };
/** The fields of each step, in the form's order; the first sends no code. */
const FIELDS: Record<SignInStep, FieldName[]> = {
  password: ['username', 'password'],
  code: ['username', 'password', 'code'],
  'email-code': ['username', 'password', 'emailCode'],
};

/** The step's fields, with the e-mailed code kept when two-factor is asked for after it. */
const fieldsOf = (step: SignInStep, values: SignInValues): FieldName[] =>
  step === 'code' && values.emailCode !== '' ? [...FIELDS.code, 'emailCode'] : FIELDS[step];

type AuthSchemas = typeof SignInSchemaModule;
/*
 * The shared schema, imported at the first submit: zod stays out of the sign-in page's download.
 * It is usually there already, with the admin area fetched while the form is filled in.
 */
const loadSchemas = (): Promise<AuthSchemas> => import('./sign-in-schema.ts');

/** The step's check, with each field's first message; the second step requires the code. */
function check({ SignInSchema }: AuthSchemas, step: SignInStep, values: SignInValues) {
  const schema =
    step === 'code'
      ? SignInSchema.required({ code: true })
      : step === 'email-code'
        ? SignInSchema.required({ emailCode: true })
        : SignInSchema;
  const result = schema.safeParse(
    Object.fromEntries(fieldsOf(step, values).map((n) => [n, values[n]])),
  );
  const errors: SignInErrors = {};
  for (const { path, message } of result.error?.issues ?? []) {
    const name = path[0] as FieldName;
    errors[name] ??= message;
  }
  return { credentials: result.data, errors };
}

/**
 * Seed §5's two steps: the password, then (when the server answers TWO_FACTOR_REQUIRED) the
 * two-factor code, sending all three again. `onSignedIn` gets the new session.
 */
export function useSignInForm(onSignedIn: (admin: AdminSession) => void) {
  const [step, setStep] = useState<SignInStep>('password');
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<SignInErrors>({});
  const [submitting, setSubmitting] = useState(false);
  /** The server answered that unknown browsers are locked out: a code by e-mail is offered. */
  const [locked, setLocked] = useState(false);
  /** Once submitted, each change is checked again (until the admin starts over). */
  const [submitted, setSubmitted] = useState(false);
  const schemas = useRef<AuthSchemas | undefined>(undefined);
  const inputs = useRef<Partial<Record<FieldName, HTMLInputElement | null>>>({});
  const focus = (name: FieldName | undefined) => {
    if (name) inputs.current[name]?.focus();
  };

  const field = (name: FieldName) => ({
    name,
    value: values[name],
    error: errors[name],
    ref: (input: HTMLInputElement | null) => {
      inputs.current[name] = input;
    },
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const next = { ...values, [name]: event.target.value };
      setValues(next);
      if (submitted && schemas.current) {
        const message = check(schemas.current, step, next).errors[name];
        setErrors((shown) => ({ ...shown, [name]: message }));
      }
    },
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitting(true);
    setSubmitted(true);
    try {
      schemas.current ??= await loadSchemas();
      const { credentials, errors: invalid } = check(schemas.current, step, values);
      setErrors(invalid);
      if (credentials) onSignedIn(await signIn(credentials));
      else focus(fieldsOf(step, values).find((name) => invalid[name]));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'TOO_MANY_ATTEMPTS') setLocked(true);
      if (error instanceof ApiError && error.code === 'TWO_FACTOR_REQUIRED') {
        setValues((current) => ({ ...current, code: '' }));
        setStep('code');
        return;
      }
      const { fields, root } = placeRequestError(error, fieldsOf(step, values));
      setErrors({ ...Object.fromEntries(fields), root });
      focus(fields[0]?.[0] as FieldName | undefined);
    } finally {
      setSubmitting(false);
    }
  };

  /** Asks for a code e-mailed to the locked account, then asks for it. */
  const askForEmailCode = async () => {
    setSubmitting(true);
    try {
      await requestSignInCode(values.username);
      setErrors({});
      setValues((current) => ({ ...current, emailCode: '' }));
      setStep('email-code');
    } catch (error) {
      setErrors({ root: placeRequestError(error, []).root });
    } finally {
      setSubmitting(false);
    }
  };

  const startOver = () => {
    setValues(EMPTY);
    setErrors({});
    setLocked(false);
    setSubmitted(false);
    // The button that had focus is gone with the code step: focus goes to the first field.
    flushSync(() => setStep('password'));
    focus('username');
  };

  return { step, values, errors, submitting, locked, field, submit, startOver, askForEmailCode };
}
