import { AdminPage } from '../common/shell/admin-page.tsx';

/**
 * Seed §2 "Competition Submissions": the review screen arrives with its own issue and grows in
 * this folder; its place and heading are already real.
 */
export default function SubmissionsPage() {
  return (
    <AdminPage title="Competition Submissions">
      <p>This screen arrives in a later release.</p>
    </AdminPage>
  );
}
