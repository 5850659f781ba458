import { useEffect } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { paths } from '../../config/paths.ts';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';

/** Public pages: header, the page, footer. Home's hero runs under the transparent header. */
export function SiteLayout() {
  const { pathname } = useLocation();
  useScrollToTopOnNavigation(pathname);
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

/**
 * A new page starts at its top, as a full page load would; going back keeps the browser's own
 * restored position, and `?scrollToFeatured=true` scrolls the home page itself.
 */
function useScrollToTopOnNavigation(pathname: string): void {
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType === 'POP') return;
    if (new URLSearchParams(window.location.search).get('scrollToFeatured') === 'true') return;
    window.scrollTo(0, 0);
  }, [pathname, navigationType]);
}
