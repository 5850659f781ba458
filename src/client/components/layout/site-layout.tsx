import { Outlet, useLocation } from 'react-router';
import { paths } from '../../config/paths.ts';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';

/** Public pages: header, the page, footer. Home's hero runs under the transparent header. */
export function SiteLayout() {
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-screen flex-col bg-white text-gray-900 dark:bg-gray-950 dark:text-gray-50">
      <Header />
      <main id="main" tabIndex={-1} className={`flex-1 ${pathname === paths.home ? '' : 'pt-16'}`}>
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
