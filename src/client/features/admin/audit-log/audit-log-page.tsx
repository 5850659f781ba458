import { useAdminQuery } from '../common/admin-query.tsx';
import { formatInstant } from '../common/format-instant.ts';
import { PagedTable, usePageParam } from '../common/paged-table.tsx';
import { ResourceView } from '../common/resource-view.tsx';
import { AdminPage } from '../common/shell/admin-page.tsx';
import { auditLogQuery } from './api/audit-log.ts';

/** A record id is long and random; its start is enough to tell entries apart at a glance. */
const SHORT_ID_LENGTH = 8;

const CELL = 'px-3 py-2 text-left align-top';

/** The name a record had when it was written (a removed admin's username, say), if recorded. */
function recordName(details: unknown): string | undefined {
  const name = (details as { username?: unknown } | null)?.username;
  return typeof name === 'string' ? name : undefined;
}

/** Who changed what and when, newest first, one page at a time (?page=N). */
export default function AuditLogPage() {
  const [page, goTo] = usePageParam();
  const log = useAdminQuery(auditLogQuery(page));

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
