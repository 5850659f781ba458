import { useCallback, useEffect, useRef, useState } from 'react';
import type { ArtistSession, MyEntry } from '../../../../shared/schemas/artist.ts';
import { Button } from '../../../components/button.tsx';
import { ApiError, ERROR_MESSAGES } from '../../../lib/api-client.ts';
import { usePageTitle } from '../../../lib/settings.tsx';
import { MyEntryCard } from '../components/my-entry-card.tsx';
import { SignInForm } from '../components/sign-in-form.tsx';
import { currentArtist, listMyEntries, signOut } from '../me-api.ts';

type Session =
  | { kind: 'loading' }
  | { kind: 'signed-out' }
  | { kind: 'signed-in'; session: ArtistSession }
  | { kind: 'failed'; message: string };

type Entries =
  { kind: 'loading' } | { kind: 'list'; entries: MyEntry[] } | { kind: 'failed'; message: string };

const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.message : ERROR_MESSAGES.UNKNOWN_ERROR;
const signedOut = (error: unknown) => error instanceof ApiError && error.status === 401;

/**
 * "My entries": every entry made with the address the artist signed in with. Signed out, the
 * sign-in form.
 */
export default function MyEntriesPage() {
  usePageTitle('My entries');
  const [attempt, setAttempt] = useState(0);
  const [session, setSession] = useState<Session>({ kind: 'loading' });
  const onSignedOut = useCallback(() => setSession({ kind: 'signed-out' }), []);

  useEffect(() => {
    let cancelled = false;
    currentArtist().then(
      (found) => !cancelled && setSession({ kind: 'signed-in', session: found }),
      (error: unknown) =>
        !cancelled &&
        setSession(
          signedOut(error) ? { kind: 'signed-out' } : { kind: 'failed', message: messageOf(error) },
        ),
    );
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  return (
    <section className="mx-auto min-h-screen max-w-3xl px-4 pt-8 pb-16 sm:pt-12">
      <h1 className="text-3xl font-bold sm:text-4xl">My entries</h1>
      {session.kind === 'loading' ? (
        <p role="status" className="mt-6 text-gray-700 dark:text-gray-300">
          Loading…
        </p>
      ) : null}
      {session.kind === 'failed' ? (
        <Problem message={session.message} onRetry={() => setAttempt((n) => n + 1)} />
      ) : null}
      {session.kind === 'signed-out' ? (
        <div className="mt-6">
          <SignInForm onSignedIn={(found) => setSession({ kind: 'signed-in', session: found })} />
        </div>
      ) : null}
      {session.kind === 'signed-in' ? (
        <SignedIn session={session.session} onSignedOut={onSignedOut} />
      ) : null}
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
  const [entries, setEntries] = useState<Entries>({ kind: 'loading' });
  const [signOutFailure, setSignOutFailure] = useState<string | undefined>();
  // What was just done: said, and given the focus, as the button pressed may be gone.
  const [done, setDone] = useState<{ text: string } | null>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  const load = useCallback(() => {
    let cancelled = false;
    listMyEntries().then(
      ({ entries: list }) => !cancelled && setEntries({ kind: 'list', entries: list }),
      (error: unknown) => {
        if (cancelled) return;
        // The session ended meanwhile (expired, signed out elsewhere): the form again.
        if (signedOut(error)) onSignedOut();
        else setEntries({ kind: 'failed', message: messageOf(error) });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [onSignedOut]);
  useEffect(() => load(), [load]);

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
      {entries.kind === 'loading' ? (
        <p role="status" className="text-gray-700 dark:text-gray-300">
          Loading your entries…
        </p>
      ) : null}
      {entries.kind === 'failed' ? (
        <Problem
          message={entries.message}
          onRetry={() => {
            setEntries({ kind: 'loading' });
            load();
          }}
        />
      ) : null}
      {entries.kind === 'list' && entries.entries.length === 0 ? (
        <p className="text-lg">There are no entries made with this address yet.</p>
      ) : null}
      {entries.kind === 'list' && entries.entries.length > 0 ? (
        <ul className="flex flex-col gap-6">
          {entries.entries.map((entry) => (
            <li key={entry.id}>
              {/* After an edit or a withdrawal the list loads again; the one shown stays meanwhile. */}
              <MyEntryCard
                entry={entry}
                onChanged={(text) => {
                  setDone({ text });
                  load();
                }}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
