import type { Standing } from '../../../../shared/schemas/jury.ts';
import { FOCUS_RING, TableHead } from '../common/shell/admin-page.tsx';
import { CELL, TABLE_FRAME } from './judging-styles.ts';
import { twoDecimals } from './round-labels.ts';

/** The previous round's standings, in its order, each with a box to carry it over. */
export function ShortlistPicker({
  standings,
  picked,
  onChange,
}: {
  standings: Standing[];
  picked: Set<string>;
  onChange: (picked: Set<string>) => void;
}) {
  const toggle = (id: string, on: boolean) => {
    const next = new Set(picked);
    if (on) next.add(id);
    else next.delete(id);
    onChange(next);
  };
  return (
    <div className={TABLE_FRAME}>
      <table className="w-full text-sm">
        <TableHead
          caption="Entries to carry over"
          headings={[
            'Carry over',
            'Alias',
            'Reference',
            'Title',
            'Normalised mean',
            'Weighted mean',
          ]}
        />
        <tbody className="divide-y divide-gray-200 dark:divide-gray-800">
          {standings.map((standing) => (
            <tr key={standing.workId}>
              <td className={CELL}>
                <input
                  type="checkbox"
                  className={`h-5 w-5 accent-primary ${FOCUS_RING}`}
                  aria-label={`Carry over ${standing.alias} (${standing.reference})`}
                  checked={picked.has(standing.workId)}
                  onChange={(event) => toggle(standing.workId, event.target.checked)}
                />
              </td>
              <td className={CELL}>{standing.alias}</td>
              <td className={CELL}>{standing.reference}</td>
              <td className={CELL}>{standing.title}</td>
              <td className={CELL}>{twoDecimals(standing.normalisedMean)}</td>
              <td className={CELL}>{twoDecimals(standing.weightedMean)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
