import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { TwoFactorEnableSchema, type TwoFactorSetup } from '../../../../../shared/schemas/auth.ts';
import { useToast } from '../../../../components/toast.tsx';
import { submitOrShowErrors } from '../forms/form-errors.ts';
import { Field } from '../forms/form-fields.tsx';
import { FormAlert } from '../shell/admin-page.tsx';
import { SubmitOrCancel } from './password-confirm-form.tsx';
import type { TwoFactorRequests } from './two-factor-api.ts';

/** 'JBSWY3DPEHPK3PXP' → 'JBSW Y3DP EHPK 3PXP': easier to read and type into an app. */
export function groupInFours(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}

/** The new secret as a QR code and as text, confirmed by a first code from the app. */
export function SetupForm({
  setup,
  enable: enableTwoFactor,
  onEnabled,
  onCancel,
}: {
  setup: TwoFactorSetup;
  /** The area's request that turns two-factor on. */
  enable: TwoFactorRequests['enable'];
  onEnabled: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const enable = useMutation({ mutationFn: enableTwoFactor });
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
  const onSubmit = submitOrShowErrors(form, async (body) => {
    const { recoveryCodes } = await enable.mutateAsync(body);
    showToast('Two-factor is on.', { variant: 'success' });
    onEnabled(recoveryCodes);
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
      <SubmitOrCancel label="Confirm" busy={isSubmitting} onCancel={onCancel} />
    </form>
  );
}
