import { useQuery } from '@tanstack/react-query';
import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import type { ArtistSession } from '../../../../shared/schemas/artist.ts';
import { Button } from '../../../components/button.tsx';
import { ApiError, ERROR_MESSAGES } from '../../../lib/api-client.ts';
import { ApiCacheContext } from '../../../lib/api-cache.ts';
import { usePageTitle } from '../../../lib/settings.tsx';
import { artistSessionQuery, ME_KEY, myEntriesQuery } from '../api/me-queries.ts';
import { MyEntryCard } from '../components/my-entry-card.tsx';
import { SignInForm } from '../components/sign-in-form.tsx';
import { YourDataSection } from '../components/your-data-section.tsx';
import { MyWorksForSale } from '../../exhibitions/components/my-works-for-sale.tsx';
import { signOut } from '../me-api.ts';

const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.message : ERROR_MESSAGES.UNKNOWN_ERROR;
const signedOut = (error: unknown) => error instanceof ApiError && error.status === 401;

/**
 * "My entries": every entry made with the address the artist signed in with. Signed out, the
 * sign-in form. The session and the entries are queries in the tab's cache (api/me-queries.ts).
 */
export default function MyEntriesPage() {
  usePageTitle('My entries');
  const cache = useContext(ApiCacheContext);
  const session = useQuery(artistSessionQuery, cache);
  // Signed out: nothing of the artist's is kept.
  const onSignedOut = useCallback(() => {
    cache.setQueryData(artistSessionQuery.queryKey, null);
    // The page watches the session's query: every other one of the artist's goes.
    cache.removeQueries({
      queryKey: ME_KEY,
      predicate: (query) => query.queryKey[1] !== artistSessionQuery.queryKey[1],
    });
  }, [cache]);
  const isSignedOut = session.data === null;

  return (
    <section className="mx-auto min-h-screen max-w-3xl px-4 pt-8 pb-16 sm:pt-12">
      <h1 className="text-3xl font-bold sm:text-4xl">My entries</h1>
      {session.isPending ? (
        <p role="status" className="mt-6 text-gray-700 dark:text-gray-300">
          Loading…
        </p>
      ) : null}
      {session.isError ? (
        <Problem message={messageOf(session.error)} onRetry={() => void session.refetch()} />
      ) : null}
      {isSignedOut ? (
        <div className="mt-6">
          <SignInForm
            onSignedIn={(found) => cache.setQueryData(artistSessionQuery.queryKey, found)}
          />
        </div>
      ) : null}
      {session.data ? <SignedIn session={session.data} onSignedOut={onSignedOut} /> : null}
    </section>
  );
}

function Problem({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="mt-6 flex flex-col items-start gap-4">
      <p className="text-lg">{message}</p>
      <Button onClick={onRetry}>Try again</Button>
    </div>
  );
}

function SignedIn({ session, onSignedOut }: { session: ArtistSession; onSignedOut: () => void }) {
  const cache = useContext(ApiCacheContext);
  const entries = useQuery(myEntriesQuery, cache);
  const [signOutFailure, setSignOutFailure] = useState<string | undefined>();
  // What was just done: said, and given the focus, as the button pressed may be gone.
  const [done, setDone] = useState<{ text: string } | null>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);
  // The session ended meanwhile (expired, signed out elsewhere): the form again.
  const ended = entries.isError && signedOut(entries.error);
  useEffect(() => {
    if (ended) onSignedOut();
  }, [ended, onSignedOut]);
  const reload = () => void cache.invalidateQueries({ queryKey: myEntriesQuery.queryKey });

  const leave = () => {
    setSignOutFailure(undefined);
    signOut().then(onSignedOut, (error: unknown) =>
      signedOut(error) ? onSignedOut() : setSignOutFailure(messageOf(error)),
    );
  };

  return (
    <div className="mt-4 flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="break-all">
          Signed in as <strong>{session.email}</strong>
        </p>
        <Button variant="outline" size="sm" onClick={leave}>
          Sign out
        </Button>
      </div>
      {signOutFailure ? <p role="alert">{signOutFailure}</p> : null}
      <p
        ref={doneRef}
        role="status"
        tabIndex={-1}
        className="rounded font-semibold text-green-800 empty:hidden dark:text-green-300"
      >
        {done?.text}
      </p>
      {entries.isPending ? (
        <p role="status" className="text-gray-700 dark:text-gray-300">
          Loading your entries…
        </p>
      ) : null}
      {entries.isError && !ended ? (
        <Problem message={messageOf(entries.error)} onRetry={() => void entries.refetch()} />
      ) : null}
      {entries.data?.entries.length === 0 ? (
        <p className="text-lg">There are no entries made with this address yet.</p>
      ) : null}
      {entries.data && entries.data.entries.length > 0 ? (
        <ul className="flex flex-col gap-6">
          {entries.data.entries.map((entry) => (
            <li key={entry.id}>
              {/* After an edit or a withdrawal the list loads again; the one shown stays meanwhile. */}
              <MyEntryCard
                entry={entry}
                onChanged={(text) => {
                  setDone({ text });
                  reload();
                }}
              />
            </li>
          ))}
        </ul>
      ) : null}
      <MyWorksForSale />
      <YourDataSection />
    </div>
  );
}
