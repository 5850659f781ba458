import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { NAV_LINKS, paths } from '../../config/paths.ts';
import { useSettings } from '../../lib/settings.tsx';
import { ButtonLink } from '../button.tsx';
import { MenuIcon } from '../menu-icon.tsx';

/** Seed §9: on the home page the header is transparent until the page scrolls past 50 px. */
export const HEADER_TRANSPARENCY_THRESHOLD_PX = 50;

function useScrolledPast(threshold: number): boolean {
  // The server knows no scroll position: it draws the top of the page, and so does hydration.
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return past;
}

export function Header() {
  const { title, logo } = useSettings();
  const { pathname } = useLocation();
  // The menu belongs to the page it was opened on: following a link closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;
  const setMenuOpen = (open: boolean) => setMenuOpenOn(open ? pathname : null);
  const scrolled = useScrolledPast(HEADER_TRANSPARENCY_THRESHOLD_PX);
  const transparent = pathname === paths.home && !scrolled && !menuOpen;

  // Escape closes the menu too.
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpenOn(null);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `rounded px-2 py-2 font-medium xl:text-sm 2xl:text-base underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-current ${
      isActive ? 'underline' : ''
    }`;

  return (
    <header
      data-transparent={transparent}
      className={`fixed inset-x-0 top-0 z-40 transition-colors duration-300 ${
        transparent
          ? 'bg-transparent text-white'
          : 'bg-white/95 text-gray-900 shadow-sm backdrop-blur dark:bg-gray-950/95 dark:text-gray-50'
      }`}
    >
      <a
        href="#main"
        className="sr-only rounded bg-white px-3 py-2 text-gray-900 focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4">
        <Link
          to={paths.home}
          className="flex min-w-0 items-center gap-2 rounded text-base leading-tight font-bold focus-visible:outline-2 focus-visible:outline-current sm:text-lg"
        >
          {logo ? (
            <img src={logo} alt="" width={32} height={32} className="h-8 w-8 rounded" />
          ) : null}
          {/* Whole, on two lines if it must: a phone never cuts it short. */}
          <span className="line-clamp-2 text-balance break-words">{title}</span>
        </Link>
        <nav aria-label="Main" className="hidden xl:block">
          <ul className="flex items-center">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <HeaderLink link={link} className={linkClass} />
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          <ButtonLink to={paths.contact} size="sm" className="shrink-0 max-sm:hidden">
            Contact Us
          </ButtonLink>
          <button
            type="button"
            className="inline-flex h-11 w-11 items-center justify-center rounded-lg focus-visible:outline-2 focus-visible:outline-current xl:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen(!menuOpen)}
          >
            <span className="sr-only">{menuOpen ? 'Close menu' : 'Open menu'}</span>
            <MenuIcon open={menuOpen} />
          </button>
        </div>
      </div>
      {menuOpen ? (
        <nav
          id="mobile-menu"
          aria-label="Mobile"
          className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-gray-200 bg-white px-4 pb-4 text-gray-900 xl:hidden dark:border-gray-800 dark:bg-gray-950 dark:text-gray-50"
        >
          {/* The menu's own Contact link is its one way there: no second 'Contact Us'. */}
          <ul className="flex flex-col py-2">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <HeaderLink link={link} className={(s) => `block ${linkClass(s)}`} />
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </header>
  );
}

/** A header link: a page shows when it is the one open; a part of another page never does. */
function HeaderLink({
  link,
  className,
}: {
  link: (typeof NAV_LINKS)[number];
  className: (state: { isActive: boolean }) => string;
}) {
  if (link.section) {
    return (
      <Link to={link.to} className={className({ isActive: false })}>
        {link.label}
      </Link>
    );
  }
  return (
    <NavLink to={link.to} end className={className}>
      {link.label}
    </NavLink>
  );
}
