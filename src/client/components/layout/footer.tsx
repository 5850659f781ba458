import { Link } from 'react-router';
import { todayIn } from '../../../shared/domain/competition-status.ts';
import { NAV_LINKS, paths } from '../../config/paths.ts';
import { useFirstRenderTime } from '../../lib/render-time.tsx';
import { useSettings } from '../../lib/settings.tsx';

export function Footer() {
  const { title, description, timeZone } = useSettings();
  // The year where the site is, as the server drew it: the same markup on both sides.
  const year = todayIn(timeZone, new Date(useFirstRenderTime())).slice(0, 4);
  return (
    <footer className="border-t border-gray-200 bg-gray-50 text-gray-700 dark:border-gray-800 dark:bg-gray-900 dark:text-gray-300">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2">
        <div>
          <p className="text-lg font-bold text-gray-900 dark:text-gray-50">{title}</p>
          <p className="mt-2 max-w-prose">{description}</p>
        </div>
        <nav aria-label="Footer">
          <ul className="grid grid-cols-2 gap-2">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="rounded underline-offset-4 hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
            {/* The artist's own entries: a link for those who look for it, not one more in the header. */}
            <li>
              <Link to={paths.me} className="rounded underline-offset-4 hover:underline">
                My entries
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <p className="border-t border-gray-200 px-4 py-4 text-center text-sm dark:border-gray-800">
        © {year} {title}
      </p>
    </footer>
  );
}
