import { FOCUS_RING } from '../../../../components/form-fields.tsx';
import { type ReactNode, useId } from 'react';
import { usePageTitle } from '../../../../lib/settings.tsx';

/** An admin screen: its one <h1>, which also names the browser tab. */
export function AdminPage({ title, children }: { title: string; children?: ReactNode }) {
  usePageTitle(title);
  return (
    <div className="flex flex-col gap-8">
      <h1 className="text-3xl font-bold">{title}</h1>
      {children}
    </div>
  );
}

/** A titled part of a screen: a region named by its <h2>. */
export function Section({
  title,
  children,
  className = '',
}: {
  title: string;
  children: ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className={`rounded-2xl border border-gray-200 p-6 dark:border-gray-800 ${className}`}
    >
      <h2 id={id} className="mb-4 text-xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A failed request's message; role="alert" so it is read out when it appears. */
export function FormAlert({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="rounded-lg border-l-4 border-red-700 bg-red-50 p-3 font-medium text-red-900 dark:bg-red-950 dark:text-red-100"
    >
      {message}
    </p>
  );
}

/** Text that matters before anything else on the page (not an error). */
export function Notice({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-lg border-l-4 border-amber-700 bg-amber-50 p-4 font-medium text-amber-950 dark:bg-amber-950 dark:text-amber-100">
      {children}
    </p>
  );
}

export const MUTED_TEXT = 'text-gray-600 dark:text-gray-400';

/** The keyboard focus mark, shared with the public forms. */
export { FOCUS_RING };

/** A link inside text. */
export const TEXT_LINK = `font-medium text-[var(--color-primary-text)] underline ${FOCUS_RING}`;

/** A table's caption (for screen readers) and column headings, the same on every admin table. */
export function TableHead({
  caption,
  headings,
  className = '',
}: {
  caption: string;
  headings: string[];
  /** More classes for the <thead>: a table that stacks on a phone hides it there. */
  className?: string;
}) {
  return (
    <>
      <caption className="sr-only">{caption}</caption>
      <thead className={`border-b border-gray-200 dark:border-gray-800 ${className}`.trim()}>
        <tr>
          {headings.map((heading) => (
            <th key={heading} scope="col" className="px-3 py-2 text-left font-semibold">
              {heading}
            </th>
          ))}
        </tr>
      </thead>
    </>
  );
}
