import { useSearchParams } from 'react-router';
import type { AuditLogPage as AuditLogAnswer } from '../../../../shared/schemas/admin.ts';
import { Button } from '../../../components/button.tsx';
import { AdminPage, MUTED_TEXT, TableHead } from '../components/admin-page.tsx';
import { ResourceView } from '../components/resource-view.tsx';
import { formatInstant } from '../lib/dates.ts';
import { useAdminResource } from '../lib/use-admin-resource.ts';

/** A record id is long and random; its start is enough to tell entries apart at a glance. */
const SHORT_ID_LENGTH = 8;

const CELL = 'px-3 py-2 text-left align-top';

function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** Issue 4 item 9: who changed what and when, newest first, one page at a time (?page=N). */
/** The name a record had when it was written (a removed admin's username, say), if recorded. */
function recordName(details: unknown): string | undefined {
  const name = (details as { username?: unknown } | null)?.username;
  return typeof name === 'string' ? name : undefined;
}

export default function AuditLogPage() {
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params.get('page'));
  const log = useAdminResource<AuditLogAnswer>(`/api/admin/audit-log?page=${page}`);
  const goTo = (next: number) => setParams(next === 1 ? {} : { page: String(next) });

  return (
    <AdminPage title="Audit Log">
      <ResourceView resource={log}>
        {(data) => {
          const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
          const current = data.page;
          return (
            <div className="flex flex-col gap-4">
              {data.entries.length === 0 ? (
                <p className={MUTED_TEXT}>
                  {data.total === 0 ? 'No activity recorded yet.' : 'No entries on this page.'}
                </p>
              ) : (
                <div className="overflow-x-auto rounded-2xl border border-gray-200 bg-white dark:border-gray-800 dark:bg-gray-900">
                  <table className="w-full text-sm">
                    <TableHead
                      caption="Admin activity, newest first"
                      headings={['When', 'Who', 'What', 'Record']}
                    />
                    <tbody className="divide-y divide-gray-200 dark:divide-gray-800">
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
                    </tbody>
                  </table>
                </div>
              )}
              <nav aria-label="Audit log pages" className="flex items-center gap-4">
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={current <= 1}
                  onClick={() => goTo(Math.min(current, pages + 1) - 1)}
                >
                  Previous
                </Button>
                <p>
                  Page {current} of {pages}
                </p>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={current >= pages}
                  onClick={() => goTo(current + 1)}
                >
                  Next
                </Button>
              </nav>
            </div>
          );
        }}
      </ResourceView>
    </AdminPage>
  );
}
