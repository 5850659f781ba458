import type { AdminCode } from '../../../../shared/schemas/codes.ts';
import { formatRupees } from '../../../../shared/domain/money.ts';
import { formatInstant } from '../common/format-instant.ts';
import { AdminTable, RowButton } from '../common/shell/admin-table.tsx';
import { MUTED_TEXT } from '../common/shell/admin-page.tsx';

/** What a code takes off, in words. */
export function discountText(code: Pick<AdminCode, 'kind' | 'value'>): string {
  if (code.kind === 'waiver') return 'Fee waived';
  return code.kind === 'percent' ? `${code.value}% off` : `${formatRupees(code.value)} off`;
}

const CELL = 'px-3 py-2 align-top';

/** The codes, each with its uses (entry, artist, discount, date) and a way to take it out of use. */
export function CodeList({
  codes,
  onDeactivate,
}: {
  codes: readonly AdminCode[];
  onDeactivate: (code: AdminCode) => void;
}) {
  return (
    <AdminTable
      caption="Codes"
      headings={['Code', 'Discount', 'Competition', 'Uses', 'Expires', 'Status', 'Actions']}
    >
      {codes.map((code) => (
        <tr key={code.id}>
          <td className={`${CELL} font-mono font-semibold`}>{code.code}</td>
          <td className={CELL}>{discountText(code)}</td>
          <td className={CELL}>{code.competitionTitle ?? 'All competitions'}</td>
          <td className={CELL}>
            <CodeUses code={code} />
          </td>
          <td className={CELL}>{code.expiresAt ? formatInstant(code.expiresAt) : 'Never'}</td>
          <td className={CELL}>{code.active ? 'Active' : 'Deactivated'}</td>
          <td className={CELL}>
            {code.active ? (
              <RowButton variant="secondary" name={code.code} onClick={() => onDeactivate(code)}>
                Deactivate
              </RowButton>
            ) : null}
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}

function CodeUses({ code }: { code: AdminCode }) {
  const count = `${code.uses.length}${code.maxUses === null ? '' : ` of ${code.maxUses}`}`;
  if (code.uses.length === 0) return <span>{count}</span>;
  return (
    <details>
      <summary className="cursor-pointer">
        {count}
        <span className="sr-only"> uses of {code.code}</span>
      </summary>
      <ul className="mt-2 flex flex-col gap-1">
        {code.uses.map((use) => (
          <li key={`${use.email}-${use.createdAt}`}>
            <span className="font-mono">{use.reference ?? 'Entry removed'}</span> · {use.email} ·{' '}
            {formatRupees(use.discount)} off{' '}
            <span className={MUTED_TEXT}>· {formatInstant(use.createdAt)}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}
