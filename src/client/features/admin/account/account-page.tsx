import { useState } from 'react';
import { useAdmin } from '../common/session.tsx';
import { AdminPage, Notice } from '../common/shell/admin-page.tsx';
import { AdminsSection } from './admins-section.tsx';
import { ChangePasswordSection } from './change-password-section.tsx';
import { SecuritySection } from './security-section.tsx';
import { TwoFactorSection } from './two-factor-section.tsx';

/**
 * Issue 4 items 1 and 4: the signed-in admin's password and two-factor, the other admins and the
 * sign-in rules. While the rules require two-factor of an admin who has not turned it on, the
 * server refuses everything else, so only the two-factor part shows.
 */
export default function AccountPage() {
  const { twoFactorSetupRequired: setupOnly } = useAdmin();
  // Saving the security settings changes whether two-factor may be turned off.
  const [securityRevision, setSecurityRevision] = useState(0);
  // Turning one's own two-factor on or off changes the admins table's column (issue 20 item 8).
  const [twoFactorRevision, setTwoFactorRevision] = useState(0);
  return (
    <AdminPage title="Account">
      {setupOnly ? (
        <Notice>
          Two-factor authentication is required for every admin. Turn it on below to continue.
        </Notice>
      ) : null}
      {setupOnly ? null : <ChangePasswordSection />}
      <TwoFactorSection
        revision={securityRevision}
        onChanged={() => setTwoFactorRevision((n) => n + 1)}
      />
      {setupOnly ? null : <AdminsSection revision={twoFactorRevision} />}
      {setupOnly ? null : <SecuritySection onSaved={() => setSecurityRevision((n) => n + 1)} />}
    </AdminPage>
  );
}
