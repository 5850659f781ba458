import { zodResolver } from '@hookform/resolvers/zod';
import { Fragment, useState } from 'react';
import { flushSync } from 'react-dom';
import { useForm } from 'react-hook-form';
import { Navigate, useLocation } from 'react-router';
import type { z } from 'zod';
import { type AccountRole, SignInSchema } from '../../../../shared/schemas/auth.ts';
import { Button } from '../../../components/button.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { signIn } from '../common/api/session.ts';
import { usePageTitle } from '../../../lib/settings.tsx';
import { showRequestError } from '../common/forms/form-errors.ts';
import { Field } from '../common/forms/form-fields.tsx';
import { useSession } from '../common/session.tsx';
import { FormAlert, MUTED_TEXT } from '../common/shell/admin-page.tsx';

/** The second step requires the code the first one leaves out. */
const CodeStepSchema = SignInSchema.required({ code: true });
type SignInValues = z.input<typeof SignInSchema>;

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
 * all three again (nothing is half signed in between the steps).
 */
export default function LoginPage() {
  usePageTitle('Admin Login');
  const { state, signedIn } = useSession();
  const location = useLocation();
  const [step, setStep] = useState<'password' | 'code'>('password');
  const form = useForm<SignInValues, unknown, z.output<typeof SignInSchema>>({
    resolver: zodResolver(step === 'code' ? CodeStepSchema : SignInSchema),
    // No code until the second step: the first sends none.
    defaultValues: { username: '', password: '' },
  });
  const { register, handleSubmit, formState } = form;
  const { errors, isSubmitting } = formState;

  if (state.status === 'signed-in') {
    return <Navigate to={destinationAfterSignIn(location.state, state.admin.role)} replace />;
  }

  const onSubmit = handleSubmit(async ({ username, password, code }) => {
    try {
      const body = step === 'code' ? { username, password, code } : { username, password };
      signedIn(await signIn(body));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'TWO_FACTOR_REQUIRED') {
        form.resetField('code', { defaultValue: '' });
        setStep('code');
        return;
      }
      showRequestError(form, error);
    }
  });

  const startOver = () => {
    form.reset();
    // The button that had focus is gone with the code step: focus goes to the first field.
    flushSync(() => setStep('password'));
    form.setFocus('username');
  };

  return (
    <main
      id="main"
      className="flex min-h-screen items-center justify-center bg-gray-50 px-4 text-gray-900 dark:bg-gray-950 dark:text-gray-50"
    >
      <div className="w-full max-w-sm rounded-2xl bg-white p-8 shadow dark:bg-gray-900">
        <h1 className="text-2xl font-bold">Admin Login</h1>
        <form
          noValidate
          onSubmit={(event) => void onSubmit(event)}
          className="mt-6 flex flex-col gap-4"
        >
          <FormAlert message={errors.root?.message} />
          {/* Keys: the second step's inputs are new elements (autofocus), not the first's reused. */}
          {step === 'password' ? (
            <Fragment key="password">
              <Field
                label="Username"
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                error={errors.username?.message}
                {...register('username')}
              />
              <Field
                label="Password"
                type="password"
                autoComplete="current-password"
                error={errors.password?.message}
                {...register('password')}
              />
              <Button type="submit" disabled={isSubmitting}>
                {isSubmitting ? 'Signing in…' : 'Login'}
              </Button>
            </Fragment>
          ) : (
            <Fragment key="code">
              <p className={MUTED_TEXT}>Signing in as {form.getValues('username')}</p>
              <Field
                label="Authentication code"
                // Not a number keypad: the field takes recovery codes, which have letters, too.
                autoCapitalize="none"
                autoComplete="one-time-code"
                autoFocus
                spellCheck={false}
                hint="Enter the 6-digit code from your authenticator app, or one of your recovery codes."
                error={errors.code?.message}
                {...register('code')}
              />
              <Button type="submit" disabled={isSubmitting}>
                {isSubmitting ? 'Verifying…' : 'Verify'}
              </Button>
              <Button variant="secondary" onClick={startOver} disabled={isSubmitting}>
                Use a different account
              </Button>
            </Fragment>
          )}
        </form>
      </div>
    </main>
  );
}
