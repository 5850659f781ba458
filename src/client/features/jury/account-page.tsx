import { useRef } from 'react';
import { usePageTitle } from '../../lib/settings.tsx';
import { JURY_TWO_FACTOR_PATH } from '../admin/common/two-factor/two-factor-api.ts';
import { TwoFactorSection } from '../admin/common/two-factor/two-factor-section.tsx';
import { useFocusOnArrival } from './use-focus-on-arrival.ts';

/** The juror's own account: two-factor sign-in, offered as to the admins (same section). */
export default function AccountPage() {
  usePageTitle('Account');
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnArrival(heading, true);
  return (
    <div className="flex flex-col gap-8">
      <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold focus:outline-none">
        Account
      </h1>
      <TwoFactorSection path={JURY_TWO_FACTOR_PATH} />
    </div>
  );
}
