import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import {
  ARTIST_SIGN_IN_MESSAGES,
  type ArtistSession,
  ArtistSignInRequestSchema,
} from '../../../../shared/schemas/artist.ts';
import { Button } from '../../../components/button.tsx';
import { Field } from '../../../components/form-fields.tsx';
import { ApiError, ERROR_MESSAGES } from '../../../lib/api-client.ts';
import { requestSignIn, signIn } from '../me-api.ts';

/** The code's own check, as the server's schema makes it: trimmed, then 6 digits. */
export function codeProblem(code: string): string | undefined {
  const trimmed = code.trim();
  if (trimmed === '') return ARTIST_SIGN_IN_MESSAGES.codeRequired;
  return /^\d{6}$/.test(trimmed) ? undefined : ARTIST_SIGN_IN_MESSAGES.codeInvalid;
}

function emailProblem(email: string): string | undefined {
  const checked = ArtistSignInRequestSchema.safeParse({ email });
  return checked.success
    ? undefined
    : (checked.error.issues[0]?.message ?? 'Invalid email address');
}

const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.message : ERROR_MESSAGES.UNKNOWN_ERROR;

/**
 * The artist's sign-in: their e-mail address, then the 6-digit code e-mailed to it (or the
 * e-mail's link, which signs in on its own). `notice`: why the form is shown (a link refused).
 */
export function SignInForm({
  onSignedIn,
  notice,
}: {
  onSignedIn: (session: ArtistSession) => void;
  notice?: string;
}) {
  const headingId = useId();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState<string | undefined>();
  const [errors, setErrors] = useState<{ email?: string; code?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  // The step just shown takes the focus once it is drawn: the code's field, or the address again.
  const [focusOn, setFocusOn] = useState<{ field: 'email' | 'code' } | null>(null);
  useEffect(() => {
    if (focusOn) (focusOn.field === 'code' ? codeRef : emailRef).current?.focus();
  }, [focusOn]);

  async function ask(event?: FormEvent) {
    event?.preventDefault();
    const problem = emailProblem(email);
    if (problem) {
      setErrors({ email: problem });
      emailRef.current?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const { message } = await requestSignIn(email.trim());
      setSent(message);
      setCode('');
      setFocusOn({ field: 'code' });
    } catch (error) {
      const field = error instanceof ApiError ? error.fields?.email : undefined;
      setErrors(field ? { email: field } : { form: messageOf(error) });
    } finally {
      setBusy(false);
    }
  }

  async function submitCode(event: FormEvent) {
    event.preventDefault();
    const problem = codeProblem(code);
    if (problem) {
      setErrors({ code: problem });
      codeRef.current?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      onSignedIn(await signIn({ email: email.trim(), code: code.trim() }));
    } catch (error) {
      // A refused code, too many tries or the field's own message: all said under the code.
      const field = error instanceof ApiError ? (error.fields?.code ?? error.message) : undefined;
      setErrors(field ? { code: field } : { form: messageOf(error) });
      codeRef.current?.focus();
    } finally {
      setBusy(false);
    }
  }

  function changeAddress() {
    setSent(undefined);
    setErrors({});
    setFocusOn({ field: 'email' });
  }

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-gray-200 p-6 dark:border-gray-800"
    >
      <h2 id={headingId} className="text-xl font-semibold">
        Sign in to see your entries
      </h2>
      {notice ? (
        <p role="alert" className="mt-3 font-medium text-red-800 dark:text-red-300">
          {notice}
        </p>
      ) : null}
      {sent === undefined ? (
        <form noValidate onSubmit={(event) => void ask(event)} className="mt-4 flex flex-col gap-4">
          <p className="text-gray-700 dark:text-gray-300">
            Enter the e-mail address you registered with. We will e-mail you a link and a code to
            sign in: no password needed.
          </p>
          <Field
            ref={emailRef}
            label="Email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={errors.email}
          />
          <div>
            <Button type="submit" disabled={busy}>
              {busy ? 'Sending…' : 'Send me a sign-in e-mail'}
            </Button>
          </div>
        </form>
      ) : (
        <form
          noValidate
          onSubmit={(event) => void submitCode(event)}
          className="mt-4 flex flex-col gap-4"
        >
          <p role="status" className="font-medium text-green-800 dark:text-green-300">
            {sent}
          </p>
          <Field
            ref={codeRef}
            label="6-digit code"
            hint={`Sent to ${email.trim()}`}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            required
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={errors.code}
          />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={busy}>
              {busy ? 'Signing in…' : 'Sign in'}
            </Button>
            <Button variant="secondary" disabled={busy} onClick={() => void ask()}>
              Send a new e-mail
            </Button>
            <Button variant="outline" disabled={busy} onClick={changeAddress}>
              Use another address
            </Button>
          </div>
        </form>
      )}
      {errors.form ? (
        <p role="alert" className="mt-4 font-medium text-red-800 dark:text-red-300">
          {errors.form}
        </p>
      ) : null}
    </section>
  );
}
