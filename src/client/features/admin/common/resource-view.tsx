import type { ReactNode } from 'react';
import { Button } from '../../../components/button.tsx';
import type { AdminResource } from './admin-query.tsx';

/** A loaded answer, or its loading text, or its error with 'Try again'. */
export function ResourceView<T>({
  resource,
  children,
}: {
  resource: AdminResource<T>;
  children: (data: T) => ReactNode;
}) {
  const { data, error, loading, reload } = resource;
  if (error) return <LoadFailed message={error.message} onRetry={reload} />;
  if (data === undefined) return <p role="status">Loading…</p>;
  return <div aria-busy={loading}>{children(data)}</div>;
}

/** Something that did not load: why, in red, and 'Try again'. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="flex flex-col items-start gap-3">
      <p role="alert" className="font-medium text-red-800 dark:text-red-300">
        {message}
      </p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
