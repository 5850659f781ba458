import type { ReactNode } from 'react';

/*
 * What a public page shows in place of its data: while it loads, and when it cannot be shown
 * (what happened, the ways on, and 'Try again' unless trying again cannot help, as for a 404).
 */

export function PageProblem({
  heading,
  message,
  onRetry,
  children,
}: {
  heading: string;
  message?: string | undefined;
  /** Omitted when nothing would change on a second try. */
  onRetry?: (() => void) | undefined;
  /** The links on: home, the competition… */
  children: ReactNode;
}) {
  return (
    <section className="mx-auto flex max-w-3xl flex-col items-start gap-6 px-4 pt-8 pb-16 sm:pt-12">
      <h1 className="text-3xl font-bold">{heading}</h1>
      {message ? <p className="text-lg">{message}</p> : null}
      <div className="flex flex-wrap gap-4">
        {children}
        {onRetry ? (
          <button
            type="button"
            onClick={onRetry}
            className="min-h-11 rounded-lg px-5 font-semibold underline"
          >
            Try again
          </button>
        ) : null}
      </div>
    </section>
  );
}

export function PageLoading({
  children,
  narrow = false,
}: {
  children: ReactNode;
  narrow?: boolean;
}) {
  return (
    <div
      role="status"
      className={`mx-auto ${narrow ? 'max-w-3xl' : 'max-w-5xl'} px-4 pt-8 pb-16 sm:pt-12 text-lg`}
    >
      {children}
    </div>
  );
}
