import type { AuditLogPage as AuditLogAnswer } from '../../../../shared/schemas/admin.ts';
import { formatInstant } from '../common/format-instant.ts';
import { PagedTable, usePageParam } from '../common/paged-table.tsx';
import { ResourceView } from '../common/resource-view.tsx';
import { AdminPage } from '../common/shell/admin-page.tsx';
import { useAdminResource } from '../common/use-admin-resource.ts';

/** A record id is long and random; its start is enough to tell entries apart at a glance. */
const SHORT_ID_LENGTH = 8;

const CELL = 'px-3 py-2 text-left align-top';

/** Issue 4 item 9: who changed what and when, newest first, one page at a time (?page=N). */
/** The name a record had when it was written (a removed admin's username, say), if recorded. */
function recordName(details: unknown): string | undefined {
  const name = (details as { username?: unknown } | null)?.username;
  return typeof name === 'string' ? name : undefined;
}

export default function AuditLogPage() {
  const [page, goTo] = usePageParam();
  const log = useAdminResource<AuditLogAnswer>(`/api/admin/audit-log?page=${page}`);

  return (
    <AdminPage title="Audit Log">
      <ResourceView resource={log}>
        {(data) => (
          <PagedTable
            answer={data}
            rowCount={data.entries.length}
            empty={{ list: 'No activity recorded yet.', page: 'No entries on this page.' }}
            caption="Admin activity, newest first"
            headings={['When', 'Who', 'What', 'Record']}
            navLabel="Audit log pages"
            onGo={goTo}
          >
            {data.entries.map((entry) => (
              <tr key={entry.id}>
                <td className={`${CELL} whitespace-nowrap`}>
                  <time dateTime={entry.createdAt}>{formatInstant(entry.createdAt)}</time>
                </td>
                <td className={CELL}>{entry.actor}</td>
                <td className={`${CELL} font-mono`}>{entry.action}</td>
                <td className={CELL}>
                  {entry.entityType ? (
                    <>
                      {entry.entityType}{' '}
                      {entry.entityId ? (
                        <span className="font-mono" title={entry.entityId}>
                          {entry.entityId.slice(0, SHORT_ID_LENGTH)}
                        </span>
                      ) : null}
                      {recordName(entry.details) ? ` (${recordName(entry.details)})` : ''}
                    </>
                  ) : (
                    '—'
                  )}
                </td>
              </tr>
            ))}
          </PagedTable>
        )}
      </ResourceView>
    </AdminPage>
  );
}
