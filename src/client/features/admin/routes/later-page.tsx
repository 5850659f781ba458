import { AdminPage } from '../components/admin-page.tsx';

/** A screen whose tools arrive with a later issue; its place and heading are already real. */
export function LaterPage({ title }: { title: string }) {
  return (
    <AdminPage title={title}>
      <p>This screen arrives in a later release.</p>
    </AdminPage>
  );
}
