import type { RoundDetail } from '../../../../shared/schemas/jury.ts';
import { formatInstant } from '../common/format-instant.ts';
import { MUTED_TEXT, TableHead } from '../common/shell/admin-page.tsx';
import { CELL } from './judging-styles.ts';
import { ScrollFrame } from './scroll-frame.tsx';

type Progress = RoundDetail['progress'];

/** The share of assigned works scored, as a whole percentage (0 when nothing is assigned). */
export function percentDone(done: number, assigned: number): number {
  return assigned === 0 ? 0 : Math.floor((done / assigned) * 100);
}

/** A bar for the eye; the numbers beside it say the same to everyone. */
function Bar({ percent }: { percent: number }) {
  return (
    <span
      aria-hidden="true"
      className="block h-2 w-24 overflow-hidden rounded-full bg-gray-200 dark:bg-gray-700"
    >
      <span className="block h-full bg-primary" style={{ width: `${percent}%` }} />
    </span>
  );
}

/** Each juror's progress through the works assigned to them, and the whole round's. */
export function RoundProgress({ progress }: { progress: Progress }) {
  const done = progress.reduce((sum, juror) => sum + juror.done, 0);
  const assigned = progress.reduce((sum, juror) => sum + juror.assigned, 0);
  if (progress.length === 0) {
    return <p className={MUTED_TEXT}>No works are assigned yet: the round opens them.</p>;
  }
  return (
    <div className="flex flex-col gap-4">
      <p className="font-medium">
        Overall: {percentDone(done, assigned)}% scored ({done} of {assigned} works)
      </p>
      <ScrollFrame label="Progress by juror">
        <table className="w-full text-sm">
          <TableHead
            caption="Progress by juror"
            headings={['Juror', 'Scored', 'Last active', 'Conflicts declared']}
          />
          <tbody className="divide-y divide-gray-200 dark:divide-gray-800">
            {progress.map((juror) => (
              <tr key={juror.jurorId}>
                <th scope="row" className={`${CELL} font-semibold`}>
                  {juror.name}
                </th>
                <td className={CELL}>
                  <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <span className="whitespace-nowrap">
                      {juror.done} / {juror.assigned}
                    </span>
                    <Bar percent={percentDone(juror.done, juror.assigned)} />
                  </span>
                </td>
                <td className={CELL}>
                  {juror.lastActiveAt ? (
                    <time dateTime={juror.lastActiveAt}>{formatInstant(juror.lastActiveAt)}</time>
                  ) : (
                    'Not yet'
                  )}
                </td>
                <td className={CELL}>{juror.conflicts}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollFrame>
    </div>
  );
}
