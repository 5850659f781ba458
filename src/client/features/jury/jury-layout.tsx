import type { ReactNode } from 'react';
import { Button } from '../../components/button.tsx';
import { paths } from '../../config/paths.ts';
import { useSettings } from '../../lib/settings.tsx';
import { useAdmin, useSignOut } from '../admin/common/session.tsx';
import { FOCUS_RING, MUTED_TEXT } from '../admin/common/shell/admin-page.tsx';
import { GuardedLink, useLeave } from './leave-guard.tsx';

const NAV_LINK = `inline-flex min-h-11 items-center rounded-lg px-2 font-medium underline-offset-4 hover:underline ${FOCUS_RING}`;

/**
 * The jury's signed-in pages: one narrow bar (the site, the way back to the rounds, one's account,
 * who is signed in, sign out) over a page made for a phone first.
 */
export function JuryLayout({ children }: { children: ReactNode }) {
  const { title } = useSettings();
  const { username } = useAdmin();
  return (
    <div className="min-h-screen bg-gray-50 text-gray-900 dark:bg-gray-950 dark:text-gray-50">
      <a
        href="#main"
        className="sr-only rounded bg-white px-3 py-2 text-gray-900 focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50"
      >
        Skip to content
      </a>
      <header className="border-b border-gray-200 bg-white dark:border-gray-800 dark:bg-gray-900">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-2">
          <p className="min-w-0 font-bold text-balance break-words">{title}</p>
          <nav aria-label="Jury" className="flex gap-2">
            <GuardedLink to={paths.jury} className={NAV_LINK}>
              Your rounds
            </GuardedLink>
            <GuardedLink to={paths.juryAccount} className={NAV_LINK}>
              Account
            </GuardedLink>
          </nav>
          <div className="flex items-center gap-3">
            <p className={`text-sm ${MUTED_TEXT}`}>Signed in as {username}</p>
            <SignOutButton />
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="px-4 py-6 focus:outline-none sm:py-8">
        <div className="mx-auto max-w-6xl">{children}</div>
      </main>
    </div>
  );
}

/** Ends the session; the jury's guard then shows the sign-in page. */
function SignOutButton() {
  const leave = useLeave();
  const { busy, signOut } = useSignOut();
  return (
    <Button
      variant="secondary"
      size="sm"
      disabled={busy}
      onClick={() => leave(() => void signOut())}
    >
      Sign out
    </Button>
  );
}
