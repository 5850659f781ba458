import { Navigate, Route, Routes } from 'react-router';
import { paths } from '../../config/paths.ts';
import { usePageTitle } from '../../lib/settings.tsx';

/*
 * The admin area is its own chunk (loaded by React.lazy in the router), so public pages never
 * download it. Sign-in and the admin screens arrive with the admin issues; until then every
 * admin path leads to the sign-in page, as it does for a visitor who is not signed in.
 */

function AdminLoginPage() {
  usePageTitle('Admin Login');
  return (
    <main
      id="main"
      className="flex min-h-screen items-center justify-center bg-gray-50 px-4 dark:bg-gray-950"
    >
      <div className="w-full max-w-sm rounded-2xl bg-white p-8 shadow dark:bg-gray-900">
        <h1 className="text-2xl font-bold">Admin Login</h1>
      </div>
    </main>
  );
}

export default function AdminArea() {
  return (
    <Routes>
      <Route index element={<AdminLoginPage />} />
      <Route path="*" element={<Navigate to={paths.admin} replace />} />
    </Routes>
  );
}
