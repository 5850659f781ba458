import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { passwordProblem } from '../../../shared/schemas/auth.ts';
import type { Invitation } from '../../../shared/schemas/jury.ts';
import { Button } from '../../components/button.tsx';
import { paths } from '../../config/paths.ts';
import { ApiError, toApiError } from '../../lib/api-client.ts';
import { usePageTitle } from '../../lib/settings.tsx';
import { showRequestError } from '../admin/common/forms/form-errors.ts';
import { Field } from '../admin/common/forms/form-fields.tsx';
import { LoadFailed } from '../admin/common/resource-view.tsx';
import { FOCUS_RING, FormAlert, MUTED_TEXT } from '../admin/common/shell/admin-page.tsx';
import { acceptInvitation, fetchInvitation } from './api/invitation.ts';
import type { RoundsPageState } from './rounds-page.tsx';

/** The admin's change-password form says the same (account/password-rule.ts). */
export const PASSWORD_RULE_HINT = 'At least 12 characters, not your username';
/** Said on the juror's rounds, where choosing a password leads: they are signed in by it. */
export const PASSWORD_SET = 'Your password is set, and you are signed in.';
export const LINK_INCOMPLETE =
  'This invitation link is not complete. Open it again from your invitation e-mail.';

/** The token of the page's address: everything after '#' (it never reaches a server's log). */
function tokenOf(hash: string): string {
  const raw = hash.replace(/^#/, '');
  try {
    return decodeURIComponent(raw).trim();
  } catch {
    return raw.trim();
  }
}

type Loaded =
  | { kind: 'loading' }
  | { kind: 'open'; invitation: Invitation }
  | { kind: 'refused'; message: string }
  | { kind: 'failed'; message: string };

/**
 * The invitation e-mail's link: whom it is for, and the juror's first password, which signs them
 * in (no second sign-in) and takes them to their rounds. A used or expired link answers 410 with
 * the server's words, and the way to the jury's sign-in.
 */
export default function InvitationPage() {
  usePageTitle('Jury invitation');
  const token = tokenOf(useLocation().hash);
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<{ key: string; state: Loaded }>({
    key: '',
    state: { kind: 'loading' },
  });
  const key = `${attempt} ${token}`;

  useEffect(() => {
    if (token === '') return;
    let cancelled = false;
    const settle = (state: Loaded) => {
      if (!cancelled) setLoaded({ key, state });
    };
    fetchInvitation(token).then(
      (invitation) => settle({ kind: 'open', invitation }),
      (error: unknown) => {
        const { status, message } = toApiError(error);
        settle({ kind: status >= 400 && status < 500 ? 'refused' : 'failed', message });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [token, key]);

  let state: Loaded = loaded.key === key ? loaded.state : { kind: 'loading' };
  if (token === '') state = { kind: 'refused', message: LINK_INCOMPLETE };

  if (state.kind === 'open') {
    return (
      <Card>
        <PasswordForm token={token} invitation={state.invitation} />
      </Card>
    );
  }
  return (
    <Card>
      <InvitationHeading>Jury invitation</InvitationHeading>
      {state.kind === 'loading' ? <p role="status">Checking your invitation…</p> : null}
      {state.kind === 'refused' ? (
        <>
          <FormAlert message={state.message} />
          <p className={MUTED_TEXT}>
            Already chose your password?{' '}
            <Link
              to={paths.jurySignIn}
              className={`font-semibold text-[var(--color-primary-text)] underline underline-offset-4 ${FOCUS_RING}`}
            >
              Jury sign-in
            </Link>
          </p>
        </>
      ) : null}
      {state.kind === 'failed' ? (
        <LoadFailed message={state.message} onRetry={() => setAttempt((n) => n + 1)} />
      ) : null}
    </Card>
  );
}

function Card({ children }: { children: ReactNode }) {
  return (
    <main
      id="main"
      className="flex min-h-screen items-center justify-center bg-gray-50 px-4 py-8 text-gray-900 dark:bg-gray-950 dark:text-gray-50"
    >
      <div className="flex w-full max-w-md flex-col gap-4 rounded-2xl bg-white p-6 shadow sm:p-8 dark:bg-gray-900">
        {children}
      </div>
    </main>
  );
}

function InvitationHeading({ children }: { children: ReactNode }) {
  return <h1 className="text-2xl font-bold">{children}</h1>;
}

function passwordForm(username: string) {
  return z
    .object({ password: z.string(), confirmPassword: z.string() })
    .superRefine(({ password, confirmPassword }, context) => {
      const problem = passwordProblem(password, username);
      if (problem) context.addIssue({ code: 'custom', message: problem, path: ['password'] });
      if (confirmPassword !== password) {
        context.addIssue({
          code: 'custom',
          message: 'The passwords do not match',
          path: ['confirmPassword'],
        });
      }
    });
}
type PasswordValues = z.infer<ReturnType<typeof passwordForm>>;

/** 'Welcome, {name}', the username to sign in with, and the new password twice. */
function PasswordForm({ token, invitation }: { token: string; invitation: Invitation }) {
  const navigate = useNavigate();
  const schema = useMemo(() => passwordForm(invitation.username), [invitation.username]);
  const form = useForm<PasswordValues>({
    resolver: zodResolver(schema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ password }) => {
    try {
      // The answer signs the juror in: on to their rounds, the used link left behind.
      await acceptInvitation(token, password);
      void navigate(paths.jury, {
        replace: true,
        state: { notice: PASSWORD_SET } satisfies RoundsPageState,
      });
    } catch (error) {
      // A link that expired while the form was open: the server's words, above the form.
      if (error instanceof ApiError && error.status === 410) {
        form.setError('root', { message: error.message });
      } else showRequestError(form, error);
    }
  });
  return (
    <>
      <InvitationHeading>Welcome, {invitation.name}</InvitationHeading>
      <p>Choose a password to sign in to the jury with. Setting it signs you in.</p>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
        <FormAlert message={errors.root?.message} />
        {/* Read-only, so a password manager files the new password under the right name. */}
        <Field label="Username" autoComplete="username" value={invitation.username} readOnly />
        <Field
          label="Password"
          type="password"
          autoComplete="new-password"
          hint={PASSWORD_RULE_HINT}
          error={errors.password?.message}
          {...form.register('password')}
        />
        <Field
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Setting your password…' : 'Set password'}
        </Button>
      </form>
    </>
  );
}
