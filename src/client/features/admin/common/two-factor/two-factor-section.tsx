import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { TwoFactorSetup, TwoFactorStatus } from '../../../../../shared/schemas/auth.ts';
import { Button } from '../../../../components/button.tsx';
import { useToast } from '../../../../components/toast.tsx';
import { useAdminQuery } from '../admin-query.tsx';
import { ResourceView } from '../resource-view.tsx';
import { useSession } from '../session.tsx';
import { FormAlert, MUTED_TEXT, Section } from '../shell/admin-page.tsx';
import { PasswordConfirmForm } from './password-confirm-form.tsx';
import { RecoveryCodes } from './recovery-codes.tsx';
import { type TwoFactorPath, type TwoFactorRequests, twoFactorRequests } from './two-factor-api.ts';
import { SetupForm } from './two-factor-setup-form.tsx';

/**
 * One's own authenticator-app sign-in and recovery codes, through the signed-in area's two-factor
 * routes at `path`. `onChanged` tells the page that two-factor was turned on or off.
 */
export function TwoFactorSection({
  path,
  onChanged,
}: {
  path: TwoFactorPath;
  onChanged?: () => void;
}) {
  const api = useMemo(() => twoFactorRequests(path), [path]);
  const status = useAdminQuery(api.status);
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
              <TwoFactorOn api={api} status={current} onChanged={changed} />
            ) : (
              <TwoFactorOff api={api} onEnabled={changed} />
            )
          }
        </ResourceView>
      )}
    </Section>
  );
}

function TwoFactorOff({
  api,
  onEnabled,
}: {
  api: TwoFactorRequests;
  onEnabled: (codes: string[]) => void;
}) {
  const setupStart = useMutation({ mutationFn: api.startSetup });
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string>();
  const start = async () => {
    setStarting(true);
    setError(undefined);
    try {
      setSetup(await setupStart.mutateAsync());
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setStarting(false);
    }
  };
  if (setup) {
    return (
      <SetupForm
        setup={setup}
        enable={api.enable}
        onEnabled={onEnabled}
        onCancel={() => setSetup(null)}
      />
    );
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

function TwoFactorOn({
  api,
  status,
  onChanged,
}: {
  api: TwoFactorRequests;
  status: TwoFactorStatus;
  onChanged: (codes: string[] | null) => void;
}) {
  const renewing = useMutation({ mutationFn: api.renewRecoveryCodes });
  const disabling = useMutation({ mutationFn: api.disable });
  const { showToast } = useToast();
  const [asking, setAsking] = useState<'renew' | 'disable' | null>(null);
  const left = status.recoveryCodesLeft;

  const renew = async (password: string) => {
    const { recoveryCodes } = await renewing.mutateAsync(password);
    onChanged(recoveryCodes);
  };
  const disable = async (password: string) => {
    await disabling.mutateAsync(password);
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
