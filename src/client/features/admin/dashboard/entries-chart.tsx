import { formatCalendarDate } from '../../../../shared/domain/calendar-date.ts';
import type { CompetitionMoney } from '../../../../shared/schemas/dashboard-money.ts';
import { FOCUS_RING, MUTED_TEXT, TableHead } from '../common/shell/admin-page.tsx';
import { entriesSummary, pastDays } from './money-text.ts';

/*
 * Entries per day as a small bar chart drawn here in SVG (decision 023: no charting library),
 * received entries solid and those awaiting payment paler on top, the closing date a dashed line.
 * The picture is an image whose text alternative sums it up; the same figures are a real table.
 */

const WIDTH = 300;
const HEIGHT = 96;
const TOP = 14;
const BASE = HEIGHT - 14;

/** Colours that follow the theme and dark mode; bars fade only where motion is welcome. */
const RECEIVED = 'fill-[var(--color-primary-text)]';
const AWAITING = 'fill-[var(--color-primary-text)] opacity-40';
const BAR_MOTION = 'motion-safe:transition-opacity motion-safe:duration-300';

export function EntriesChart({ competition }: { competition: CompetitionMoney }) {
  const { days } = competition;
  const most = Math.max(1, ...days.map((d) => (d.entries ?? 0) + (d.awaitingPayment ?? 0)));
  const step = WIDTH / Math.max(days.length, 1);
  const barWidth = Math.max(step * 0.7, 0.5);
  const heightOf = (n: number) => ((BASE - TOP) * n) / most;
  const closingIndex = days.findIndex((day) => day.closing);
  const first = days[0];
  const last = days.at(-1);
  return (
    <figure className="flex flex-col gap-2">
      <figcaption className="font-semibold">Entries per day</figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full max-w-xl text-gray-700 dark:text-gray-300"
        role="img"
        aria-label={entriesSummary(competition)}
      >
        <text x={0} y={10} className="fill-current text-[9px]">
          {most}
        </text>
        <line
          x1={0}
          x2={WIDTH}
          y1={TOP}
          y2={TOP}
          className="stroke-gray-200 dark:stroke-gray-800"
        />
        {days.map((day, i) => {
          const received = heightOf(day.entries ?? 0);
          const awaiting = heightOf(day.awaitingPayment ?? 0);
          const x = i * step + (step - barWidth) / 2;
          return (
            <g key={day.date} className={BAR_MOTION}>
              <rect
                x={x}
                y={BASE - received}
                width={barWidth}
                height={received}
                className={RECEIVED}
              />
              <rect
                x={x}
                y={BASE - received - awaiting}
                width={barWidth}
                height={awaiting}
                className={AWAITING}
              />
            </g>
          );
        })}
        <line x1={0} x2={WIDTH} y1={BASE} y2={BASE} className="stroke-current" />
        {closingIndex >= 0 ? (
          <g className="text-red-700 dark:text-red-300">
            <line
              x1={(closingIndex + 0.5) * step}
              x2={(closingIndex + 0.5) * step}
              y1={TOP - 4}
              y2={BASE}
              strokeDasharray="3 2"
              className="stroke-current"
            />
            <text
              x={Math.min((closingIndex + 0.5) * step, WIDTH - 2)}
              y={9}
              textAnchor="end"
              className="fill-current text-[9px]"
            >
              Closes
            </text>
          </g>
        ) : null}
        {first && last ? (
          <g className="fill-current text-[9px]">
            <text x={0} y={HEIGHT - 2}>
              {formatCalendarDate(first.date)}
            </text>
            <text x={WIDTH} y={HEIGHT - 2} textAnchor="end">
              {formatCalendarDate(last.date)}
            </text>
          </g>
        ) : null}
      </svg>
      <p className={`flex flex-wrap gap-4 text-sm ${MUTED_TEXT}`}>
        <span>
          <Swatch className={RECEIVED} /> Received
        </span>
        <span>
          <Swatch className={AWAITING} /> Awaiting payment
        </span>
        <span>
          <span aria-hidden="true" className="text-red-700 dark:text-red-300">
            ┊
          </span>{' '}
          Closing date
        </span>
      </p>
      <EntriesTable competition={competition} />
    </figure>
  );
}

function Swatch({ className }: { className: string }) {
  return (
    <svg viewBox="0 0 10 10" className="inline h-3 w-3 align-baseline" aria-hidden="true">
      <rect width={10} height={10} className={className} />
    </svg>
  );
}

const CELL = 'px-3 py-1.5 text-left';

/** The chart's figures for the days that have happened, behind a disclosure. */
function EntriesTable({ competition }: { competition: CompetitionMoney }) {
  const days = pastDays(competition.days);
  return (
    <details>
      <summary className={`min-h-11 cursor-pointer py-2 font-medium ${FOCUS_RING}`}>
        Show table<span className="sr-only"> of entries per day, {competition.title}</span>
      </summary>
      {days.length === 0 ? (
        <p className={MUTED_TEXT}>No days yet: the competition has not started.</p>
      ) : (
        <div className="max-h-80 overflow-auto">
          <table className="w-full text-sm">
            <TableHead
              caption={`Entries per day, ${competition.title}`}
              headings={['Date', 'Received', 'Awaiting payment']}
            />
            <tbody>
              {days.map((day) => (
                <tr key={day.date} className="border-b border-gray-100 dark:border-gray-800">
                  <th scope="row" className={`${CELL} font-normal`}>
                    {formatCalendarDate(day.date)}
                    {day.closing ? ' (closing date)' : ''}
                  </th>
                  <td className={CELL}>{day.entries}</td>
                  <td className={CELL}>{day.awaitingPayment}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {competition.daysLeftOut ? (
        <p className={`text-sm ${MUTED_TEXT}`}>
          Only the last year is shown; the totals count every day.
        </p>
      ) : null}
    </details>
  );
}
