import { type ReactNode, useEffect, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { Button } from '../../../../components/button.tsx';
import { MenuIcon } from '../../../../components/menu-icon.tsx';
import { paths } from '../../../../config/paths.ts';

import { useSettings } from '../../../../lib/settings.tsx';
import { useAdmin, useSignOut } from '../session.tsx';
import { FOCUS_RING, MUTED_TEXT } from './admin-page.tsx';

/** The side navigation (seed §2). Labels live here, out of the public bundle. */
export const ADMIN_NAV_LINKS = [
  { to: paths.adminDashboard, label: 'Dashboard' },
  { to: paths.adminCompetitions, label: 'Competitions' },
  { to: paths.adminCategories, label: 'Categories' },
  { to: paths.adminSubmissions, label: 'Submissions' },
  { to: paths.adminCodes, label: 'Codes' },
  { to: paths.adminJurors, label: 'Jurors' },
  { to: paths.adminJudging, label: 'Judging' },
  { to: paths.adminExhibitions, label: 'Exhibitions' },
  { to: paths.adminVotes, label: 'Votes' },
  { to: paths.adminOutbox, label: 'Outbox' },
  { to: paths.adminEmailTemplates, label: 'E-mail Templates' },
  { to: paths.adminVideoSettings, label: 'Video Settings' },
  { to: paths.adminBannerSettings, label: 'Banner Settings' },
  { to: paths.adminSiteSettings, label: 'Site Settings' },
  { to: paths.adminAccount, label: 'Account' },
  { to: paths.adminAuditLog, label: 'Audit Log' },
] as const;

const NAV_ID = 'admin-nav';

/** Shown on every admin page while the password is the one printed at the first start. */
export const GENERATED_PASSWORD_PROMPT =
  'You are signed in with the password generated when the site was first started. Choose your own.';

/** Signed-in pages: side navigation (behind a menu button on narrow screens) and the page. */
export function AdminLayout({ children }: { children: ReactNode }) {
  const { title } = useSettings();
  const { username, passwordChangeRequired } = useAdmin();
  const { pathname } = useLocation();
  // The menu belongs to the page it was opened on: following a link closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;

  const menuButton = useRef<HTMLButtonElement>(null);
  const main = useRef<HTMLElement>(null);

  // After following a link, focus starts at the new page, not at the top of the document (the
  // link that had it may be gone with the closed menu). Not on the first page: focus stays put.
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    main.current?.focus();
  }, [pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpenOn(null);
      menuButton.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `block rounded-lg px-3 py-2 font-medium ${FOCUS_RING} ${
      isActive
        ? 'bg-primary/10 font-semibold text-[var(--color-primary-text)]'
        : 'hover:bg-gray-100 dark:hover:bg-gray-800'
    }`;

  return (
    <div className="min-h-screen bg-gray-50 text-gray-900 lg:flex dark:bg-gray-950 dark:text-gray-50">
      <a
        href="#main"
        className="sr-only rounded bg-white px-3 py-2 text-gray-900 focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50"
      >
        Skip to content
      </a>
      {/* The column is as tall as the page, so its background and border reach the bottom of a
          long one; its content stays in view while the page scrolls. */}
      <header className="border-b border-gray-200 bg-white lg:w-64 lg:shrink-0 lg:border-r lg:border-b-0 dark:border-gray-800 dark:bg-gray-900">
        <div className="lg:sticky lg:top-0 lg:max-h-screen lg:overflow-y-auto">
          <div className="flex h-16 items-center justify-between gap-4 px-4">
            <p className="line-clamp-2 min-w-0 text-base leading-tight font-bold text-balance break-words sm:text-lg">
              {title}
            </p>
            <button
              ref={menuButton}
              type="button"
              className={`inline-flex min-h-11 items-center gap-2 rounded-lg px-3 font-medium lg:hidden ${FOCUS_RING}`}
              aria-expanded={menuOpen}
              aria-controls={NAV_ID}
              onClick={() => setMenuOpenOn(menuOpen ? null : pathname)}
            >
              <MenuIcon open={menuOpen} />
              Menu
            </button>
          </div>
          <nav
            id={NAV_ID}
            aria-label="Admin"
            className={`${menuOpen ? 'block' : 'hidden'} px-3 pb-6 lg:block`}
          >
            <ul className="flex flex-col gap-1">
              {ADMIN_NAV_LINKS.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} className={linkClass}>
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
            <div className="mt-6 border-t border-gray-200 px-3 pt-4 dark:border-gray-800">
              <p className={`mb-3 text-sm ${MUTED_TEXT}`}>Signed in as {username}</p>
              <LogoutButton />
            </div>
          </nav>
        </div>
      </header>
      <main
        ref={main}
        id="main"
        tabIndex={-1}
        className="min-w-0 flex-1 px-4 py-8 focus:outline-none lg:px-10"
      >
        <div className="mx-auto max-w-5xl">
          {passwordChangeRequired ? (
            <p
              role="status"
              className="mb-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
            >
              {GENERATED_PASSWORD_PROMPT}{' '}
              <NavLink to={paths.adminAccount} className={`font-semibold underline ${FOCUS_RING}`}>
                Change it now
              </NavLink>
            </p>
          ) : null}
          {children}
        </div>
      </main>
    </div>
  );
}

/** Ends the session on the server; the admin guard then shows the sign-in page at /admin. */
function LogoutButton() {
  const { busy, signOut } = useSignOut();
  return (
    <Button
      variant="secondary"
      size="sm"
      className="w-full"
      disabled={busy}
      onClick={() => void signOut()}
    >
      Logout
    </Button>
  );
}
