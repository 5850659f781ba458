import type { ReactNode } from 'react';

/** Labelled values, as the entry page and My entries sum an entry up. */
export function SummaryList({
  items,
  className,
}: {
  items: readonly (readonly [string, ReactNode])[];
  className: string;
}) {
  return (
    <dl className={className}>
      {items.map(([label, value]) => (
        <div key={label}>
          <dt className="text-sm font-medium text-gray-700 dark:text-gray-300">{label}</dt>
          <dd className="text-lg font-semibold break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
