import { Fragment, useRef } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { AccountRole } from '../../../../shared/schemas/auth.ts';
import { Button } from '../../../components/button.tsx';
import { paths } from '../../../config/paths.ts';
import { usePageTitle } from '../../../lib/settings.tsx';
import { Field } from '../common/forms/form-fields.tsx';
import { useSession } from '../common/session.tsx';
import { FormAlert, MUTED_TEXT } from '../common/shell/admin-page.tsx';
import { useSignInForm } from './use-sign-in-form.ts';

export const JURY_SIGN_IN = 'Jury sign-in';
/** The server's one answer to a request for a code (auth/sign-in-codes.ts). */
export const SIGN_IN_CODE_SENT =
  'If this account is locked and has an e-mail address, a sign-in code is on its way there. Enter it with your password.';

/**
 * Where to go after signing in: the page of the signed-in area that sent the visitor here, else
 * the area's first page (an admin's dashboard, a juror's rounds).
 */
export function destinationAfterSignIn(state: unknown, role: AccountRole = 'admin'): string {
  const from = (state as { from?: unknown } | null)?.from;
  const area = role === 'juror' ? paths.jury : paths.admin;
  if (typeof from === 'string' && from.startsWith(`${area}/`)) {
    const pathname = from.split(/[?#]/)[0];
    if (pathname !== `${area}/`) return from;
  }
  return role === 'juror' ? paths.jury : paths.adminDashboard;
}

/**
 * Seed §5 "Admin login", checked by the server. The password stays in this form's state only; a
 * second step asks for the two-factor code when the server answers TWO_FACTOR_REQUIRED, and sends
 * all three again (nothing is half signed in between the steps). The admin area's code loads
 * after sign-in; `onFirstUse` (the first focus or input in the form) may fetch it early.
 */
export default function LoginPage({
  onFirstUse,
  area = 'admin',
}: {
  onFirstUse?: () => void;
  /** Whose sign-in this is: a juror arrives at 'Jury sign-in', in the jury's own words. */
  area?: AccountRole;
}) {
  const title = area === 'juror' ? JURY_SIGN_IN : 'Admin Login';
  usePageTitle(title);
  const { state, signedIn } = useSession();
  const location = useLocation();
  const { step, values, errors, submitting, locked, field, submit, startOver, askForEmailCode } =
    useSignInForm(signedIn);
  const used = useRef(false);
  const firstUse = () => {
    if (used.current) return;
    used.current = true;
    onFirstUse?.();
  };

  if (state.status === 'signed-in') {
    return <Navigate to={destinationAfterSignIn(location.state, state.admin.role)} replace />;
  }

  return (
    <main
      id="main"
      className="flex min-h-screen items-center justify-center bg-gray-50 px-4 text-gray-900 dark:bg-gray-950 dark:text-gray-50"
    >
      <div className="w-full max-w-sm rounded-2xl bg-white p-8 shadow dark:bg-gray-900">
        <h1 className="text-2xl font-bold">{title}</h1>
        <form
          noValidate
          onSubmit={(event) => void submit(event)}
          onFocus={firstUse}
          onInput={firstUse}
          className="mt-6 flex flex-col gap-4"
        >
          <FormAlert message={errors.root} />
          {/* Keys: the second step's inputs are new elements (autofocus), not the first's reused. */}
          {step === 'password' ? (
            <Fragment key="password">
              <Field
                label="Username"
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                {...field('username')}
              />
              <Field
                label="Password"
                type="password"
                autoComplete="current-password"
                {...field('password')}
              />
              <Button type="submit" disabled={submitting}>
                {submitting ? 'Signing in…' : area === 'juror' ? 'Sign in' : 'Login'}
              </Button>
              {locked ? (
                <Button
                  variant="secondary"
                  onClick={() => void askForEmailCode()}
                  disabled={submitting || values.username.trim() === ''}
                >
                  E-mail me a sign-in code
                </Button>
              ) : null}
            </Fragment>
          ) : step === 'email-code' ? (
            <Fragment key="email-code">
              <p className={MUTED_TEXT}>{SIGN_IN_CODE_SENT}</p>
              <Field
                label="Code from the e-mail"
                inputMode="numeric"
                autoComplete="one-time-code"
                autoFocus
                spellCheck={false}
                {...field('emailCode')}
              />
              <Button type="submit" disabled={submitting}>
                {submitting ? 'Verifying…' : 'Sign in'}
              </Button>
              <Button variant="secondary" onClick={startOver} disabled={submitting}>
                Use a different account
              </Button>
            </Fragment>
          ) : (
            <Fragment key="code">
              <p className={MUTED_TEXT}>Signing in as {values.username}</p>
              <Field
                label="Authentication code"
                // Not a number keypad: the field takes recovery codes, which have letters, too.
                autoCapitalize="none"
                autoComplete="one-time-code"
                autoFocus
                spellCheck={false}
                hint="Enter the 6-digit code from your authenticator app, or one of your recovery codes."
                {...field('code')}
              />
              <Button type="submit" disabled={submitting}>
                {submitting ? 'Verifying…' : 'Verify'}
              </Button>
              <Button variant="secondary" onClick={startOver} disabled={submitting}>
                Use a different account
              </Button>
            </Fragment>
          )}
        </form>
      </div>
    </main>
  );
}
