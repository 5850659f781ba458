import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  TwoFactorEnableSchema,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '../../../../shared/schemas/auth.ts';
import { Button } from '../../../components/button.tsx';
import { useToast } from '../../../components/toast.tsx';
import { showRequestError } from '../common/forms/form-errors.ts';
import { Field } from '../common/forms/form-fields.tsx';
import { ResourceView } from '../common/resource-view.tsx';
import { useAdminFetch, useSession } from '../common/session.tsx';
import { FormAlert, MUTED_TEXT, Section } from '../common/shell/admin-page.tsx';
import { useAdminResource } from '../common/use-admin-resource.ts';
import { PasswordConfirmForm } from './password-confirm-form.tsx';
import { RecoveryCodes } from './recovery-codes.tsx';

const TWO_FACTOR_PATH = '/api/admin/account/two-factor';
type Codes = { recoveryCodes: string[] };

/** 'JBSWY3DPEHPK3PXP' → 'JBSW Y3DP EHPK 3PXP': easier to read and type into an app. */
export function groupInFours(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}

/**
 * Issue 4 item 4: the admin's own authenticator-app sign-in and recovery codes. `onChanged` tells
 * the rest of the screen (the admins table) when two-factor went on or off.
 */
export function TwoFactorSection({
  revision,
  onChanged,
}: {
  revision: number;
  onChanged?: () => void;
}) {
  const status = useAdminResource<TwoFactorStatus>(TWO_FACTOR_PATH, revision);
  const { refresh } = useSession();
  // Shown once, then gone: only this component ever holds them.
  const [codes, setCodes] = useState<string[] | null>(null);
  const changed = (newCodes: string[] | null) => {
    setCodes(newCodes);
    status.reload();
    onChanged?.();
    // The session says whether two-factor is on (and whether it must still be turned on).
    void refresh();
  };
  return (
    <Section title="Two-factor authentication">
      {codes ? (
        <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
      ) : (
        <ResourceView resource={status}>
          {(current) =>
            current.enabled ? (
              <TwoFactorOn status={current} onChanged={changed} />
            ) : (
              <TwoFactorOff onEnabled={changed} />
            )
          }
        </ResourceView>
      )}
    </Section>
  );
}

function TwoFactorOff({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const adminFetch = useAdminFetch();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string>();
  const start = async () => {
    setStarting(true);
    setError(undefined);
    try {
      setSetup(await adminFetch<TwoFactorSetup>(`${TWO_FACTOR_PATH}/setup`, { method: 'POST' }));
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setStarting(false);
    }
  };
  if (setup) {
    return <SetupForm setup={setup} onEnabled={onEnabled} onCancel={() => setSetup(null)} />;
  }
  return (
    <div className="flex flex-col items-start gap-4">
      <p>
        Two-factor is off. Turn it on to sign in with a code from an authenticator app as well as
        your password.
      </p>
      <FormAlert message={error} />
      <Button onClick={() => void start()} disabled={starting}>
        Turn on two-factor
      </Button>
    </div>
  );
}

/** The new secret as a QR code and as text, confirmed by a first code from the app. */
function SetupForm({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: TwoFactorSetup;
  onEnabled: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const adminFetch = useAdminFetch();
  const { showToast } = useToast();
  const form = useForm<
    z.input<typeof TwoFactorEnableSchema>,
    unknown,
    z.output<typeof TwoFactorEnableSchema>
  >({
    resolver: zodResolver(TwoFactorEnableSchema),
    defaultValues: { code: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      const { recoveryCodes } = await adminFetch<Codes>(`${TWO_FACTOR_PATH}/enable`, {
        method: 'POST',
        body: JSON.stringify(body),
      });
      showToast('Two-factor is on.', { variant: 'success' });
      onEnabled(recoveryCodes);
    } catch (error) {
      showRequestError(form, error);
    }
  });
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      <p>Scan this QR code with your authenticator app, then enter the code the app shows.</p>
      <img
        src={setup.qrCode}
        alt="QR code for your authenticator app"
        width={200}
        height={200}
        className="rounded-lg bg-white p-2"
      />
      <dl>
        <dt className="font-medium">Or enter this key</dt>
        <dd>
          <code className="font-mono text-lg break-all select-all">
            {groupInFours(setup.secret)}
          </code>
        </dd>
      </dl>
      <FormAlert message={errors.root?.message} />
      <Field
        label="Authentication code"
        inputMode="numeric"
        autoComplete="one-time-code"
        className="max-w-xs"
        hint="The 6-digit code from your authenticator app."
        error={errors.code?.message}
        {...form.register('code')}
      />
      <Field
        label="Your password"
        type="password"
        autoComplete="current-password"
        className="max-w-xs"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={isSubmitting}>
          Confirm
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function TwoFactorOn({
  status,
  onChanged,
}: {
  status: TwoFactorStatus;
  onChanged: (codes: string[] | null) => void;
}) {
  const adminFetch = useAdminFetch();
  const { showToast } = useToast();
  const [asking, setAsking] = useState<'renew' | 'disable' | null>(null);
  const left = status.recoveryCodesLeft;

  const renew = async (password: string) => {
    const { recoveryCodes } = await adminFetch<Codes>(`${TWO_FACTOR_PATH}/recovery-codes`, {
      method: 'POST',
      body: JSON.stringify({ password }),
    });
    onChanged(recoveryCodes);
  };
  const disable = async (password: string) => {
    await adminFetch(`${TWO_FACTOR_PATH}/disable`, {
      method: 'POST',
      body: JSON.stringify({ password }),
    });
    showToast('Two-factor is off.', { variant: 'success' });
    onChanged(null);
  };

  return (
    <div className="flex flex-col items-start gap-4">
      <p>Two-factor is on.</p>
      <p className={MUTED_TEXT}>
        {left} recovery {left === 1 ? 'code' : 'codes'} left
      </p>
      {status.required ? (
        <p className={MUTED_TEXT}>Two-factor is required for every admin.</p>
      ) : null}
      {asking === 'renew' ? (
        <PasswordConfirmForm
          description="Enter your password to get ten new recovery codes. The old ones stop working."
          submitLabel="Create new codes"
          onConfirm={renew}
          onCancel={() => setAsking(null)}
        />
      ) : asking === 'disable' ? (
        <PasswordConfirmForm
          description="Enter your password to turn off two-factor. Sign-in will then ask for your password only."
          submitLabel="Turn off"
          onConfirm={disable}
          onCancel={() => setAsking(null)}
        />
      ) : (
        <div className="flex flex-wrap gap-3">
          <Button variant="secondary" onClick={() => setAsking('renew')}>
            New recovery codes
          </Button>
          {status.required ? null : (
            <Button variant="secondary" onClick={() => setAsking('disable')}>
              Turn off two-factor
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
