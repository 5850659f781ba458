import { useQueryClient } from '@tanstack/react-query';
import { useAdmin } from '../common/session.tsx';
import { AdminPage, Notice } from '../common/shell/admin-page.tsx';
import { ADMIN_TWO_FACTOR_PATH } from '../common/two-factor/two-factor-api.ts';
import { TwoFactorSection } from '../common/two-factor/two-factor-section.tsx';
import { AdminsSection } from './admins-section.tsx';
import { adminUsersQuery } from './api/account.ts';
import { ChangePasswordSection } from './change-password-section.tsx';
import { EmailSection } from './email-section.tsx';
import { SecuritySection } from './security-section.tsx';

/**
 * The signed-in admin's password, e-mail address and two-factor, the other admins and the
 * sign-in rules. While the rules require two-factor of an admin who has not turned it on, the
 * server refuses everything else, so only the two-factor part shows.
 */
export default function AccountPage() {
  const { twoFactorSetupRequired: setupOnly } = useAdmin();
  const queryClient = useQueryClient();
  // The admins table shows whether each admin's two-factor is on.
  const twoFactorChanged = () =>
    void queryClient.invalidateQueries({ queryKey: adminUsersQuery.queryKey });
  return (
    <AdminPage title="Account">
      {setupOnly ? (
        <Notice>
          Two-factor authentication is required for every admin. Turn it on below to continue.
        </Notice>
      ) : null}
      {setupOnly ? null : <ChangePasswordSection />}
      {setupOnly ? null : <EmailSection />}
      <TwoFactorSection path={ADMIN_TWO_FACTOR_PATH} onChanged={twoFactorChanged} />
      {setupOnly ? null : <AdminsSection />}
      {setupOnly ? null : <SecuritySection />}
    </AdminPage>
  );
}
