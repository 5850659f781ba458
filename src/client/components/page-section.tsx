import type { ReactNode } from 'react';
import { usePageTitle } from '../lib/settings.tsx';

/** A page's one <h1>, which also names the browser tab. */
export function PageSection({ title, children }: { title: string; children?: ReactNode }) {
  usePageTitle(title);
  return (
    <section className="mx-auto max-w-4xl px-4 py-12">
      <h1 className="text-3xl font-bold sm:text-4xl">{title}</h1>
      {children ? <div className="mt-6 space-y-4 text-lg">{children}</div> : null}
    </section>
  );
}
