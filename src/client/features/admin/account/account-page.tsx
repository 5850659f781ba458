import { useAdmin } from '../common/session.tsx';
import { AdminPage, Notice } from '../common/shell/admin-page.tsx';
import { AdminsSection } from './admins-section.tsx';
import { ChangePasswordSection } from './change-password-section.tsx';
import { SecuritySection } from './security-section.tsx';
import { TwoFactorSection } from './two-factor-section.tsx';

/**
 * The signed-in admin's password and two-factor, the other admins and the
 * sign-in rules. While the rules require two-factor of an admin who has not turned it on, the
 * server refuses everything else, so only the two-factor part shows.
 */
export default function AccountPage() {
  const { twoFactorSetupRequired: setupOnly } = useAdmin();
  return (
    <AdminPage title="Account">
      {setupOnly ? (
        <Notice>
          Two-factor authentication is required for every admin. Turn it on below to continue.
        </Notice>
      ) : null}
      {setupOnly ? null : <ChangePasswordSection />}
      <TwoFactorSection />
      {setupOnly ? null : <AdminsSection />}
      {setupOnly ? null : <SecuritySection />}
    </AdminPage>
  );
}
