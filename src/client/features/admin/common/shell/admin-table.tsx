import type { ComponentProps, ReactNode } from 'react';
import { Button } from '../../../../components/button.tsx';
import { TableHead } from './admin-page.tsx';

/** The framed, scrolling table of an admin list: its caption, headings and rows (<tr>). */
export function AdminTable({
  caption,
  headings,
  frame = 'overflow-x-auto rounded-2xl border border-gray-200 bg-white dark:border-gray-800 dark:bg-gray-900',
  table = 'w-full text-sm',
  children,
}: {
  caption: string;
  headings: string[];
  /** The classes of the box around the table. */
  frame?: string;
  /** The classes of the <table>. */
  table?: string;
  children: ReactNode;
}) {
  return (
    <div className={frame}>
      <table className={table}>
        <TableHead caption={caption} headings={headings} />
        <tbody className="divide-y divide-gray-200 dark:divide-gray-800">{children}</tbody>
      </table>
    </div>
  );
}

/**
 * A small button of a table's row: its word on screen, then the row's name for a screen reader,
 * so that every 'Remove' of the list says which row it removes.
 */
export function RowButton({
  name,
  children,
  ...props
}: ComponentProps<typeof Button> & { name: string }) {
  return (
    <Button size="sm" {...props}>
      {children}
      <span className="sr-only"> {name}</span>
    </Button>
  );
}
