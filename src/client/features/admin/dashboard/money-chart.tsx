import { formatRupees } from '../../../../shared/domain/money.ts';
import type { MoneyTotals } from '../../../../shared/schemas/dashboard-money.ts';
import { FOCUS_RING, TableHead } from '../common/shell/admin-page.tsx';
import { moneySummary } from './money-text.ts';

/*
 * Gross (before discounts), discounts, refunds and net as four small bars drawn here in SVG
 * (decision 023), an image whose text alternative gives the amounts; the same amounts are a real
 * table behind "Show table", where each row says what it is in full.
 */

const WIDTH = 300;
const ROW = 22;
const LABEL = 70;
const AMOUNT = 70;
const BAR_MOTION = 'motion-safe:transition-[width] motion-safe:duration-300';

const ROWS = [
  {
    key: 'gross',
    label: 'Gross',
    heading: 'Gross, before discounts',
    className: 'fill-[var(--color-primary-text)]',
  },
  {
    key: 'discounts',
    label: 'Discounts',
    heading: 'Discounts (codes)',
    className: 'fill-violet-700 dark:fill-violet-300',
  },
  {
    key: 'refunds',
    label: 'Refunds',
    heading: 'Refunds',
    className: 'fill-amber-600 dark:fill-amber-400',
  },
  {
    key: 'net',
    label: 'Net',
    heading: 'Net, after discounts and refunds',
    className: 'fill-emerald-700 dark:fill-emerald-400',
  },
] as const;

const CAPTION = 'Gross, discounts, refunds and net';

export function MoneyChart({ totals, title }: { totals: MoneyTotals; title: string }) {
  const most = Math.max(1, totals.gross, totals.discounts, totals.refunds, Math.abs(totals.net));
  const room = WIDTH - LABEL - AMOUNT;
  return (
    <figure className="flex flex-col gap-2">
      <figcaption className="font-semibold">{CAPTION}</figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${ROW * ROWS.length}`}
        className="h-auto w-full max-w-md text-gray-700 dark:text-gray-300"
        role="img"
        aria-label={moneySummary(totals)}
      >
        {ROWS.map((row, i) => {
          const amount = totals[row.key];
          // A net below zero (more refunded than taken) draws no bar; its amount says so.
          const width = (room * Math.max(0, amount)) / most;
          const y = i * ROW;
          return (
            <g key={row.key} className="text-[11px]">
              <text x={0} y={y + 15} className="fill-current">
                {row.label}
              </text>
              <rect
                x={LABEL}
                y={y + 4}
                width={width}
                height={ROW - 8}
                className={`${row.className} ${BAR_MOTION}`}
              />
              <text x={LABEL + width + 4} y={y + 15} className="fill-current">
                {formatRupees(amount)}
              </text>
            </g>
          );
        })}
      </svg>
      <details>
        <summary className={`min-h-11 cursor-pointer py-2 font-medium ${FOCUS_RING}`}>
          Show table<span className="sr-only"> of gross, discounts, refunds and net, {title}</span>
        </summary>
        <table className="w-full max-w-md text-sm">
          <TableHead caption={`${CAPTION}, ${title}`} headings={['', 'Amount']} />
          <tbody>
            {ROWS.map((row) => (
              <tr key={row.key} className="border-b border-gray-100 dark:border-gray-800">
                <th scope="row" className="px-3 py-1.5 text-left font-normal">
                  {row.heading}
                </th>
                <td className="px-3 py-1.5 text-left">{formatRupees(totals[row.key])}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
