import { adminApiPaths } from '../../../../../shared/api-paths.ts';
import { queryOptions } from '@tanstack/react-query';
import {
  OutboxMessageDetailSchema,
  OutboxPageSchema,
} from '../../../../../shared/schemas/outbox.ts';
import { apiFetch } from '../../../../lib/api-client.ts';
import { send } from '../../common/admin-requests.ts';

/* The Outbox screen's calls. */

const ADMIN_OUTBOX_PATH = adminApiPaths.outbox;
const outboxKey = ['admin', 'outbox'] as const;
const outboxMessagePath = (id: string) => `${ADMIN_OUTBOX_PATH}/${encodeURIComponent(id)}`;

/** One page of the messages, newest first, 50 to a page. */
export const outboxPageQuery = (page: number) =>
  queryOptions({
    queryKey: [...outboxKey, 'page', page],
    queryFn: () => apiFetch(`${ADMIN_OUTBOX_PATH}?page=${page}`, {}, OutboxPageSchema),
  });

/** Every page of the list, for a refresh. */
export const outboxPagesKey = [...outboxKey, 'page'] as const;

/** One message with its text and HTML bodies. */
export const outboxMessageQuery = (id: string) =>
  queryOptions({
    queryKey: [...outboxKey, 'message', id],
    queryFn: () => apiFetch(outboxMessagePath(id), {}, OutboxMessageDetailSchema),
  });

/** A failed or not sent message goes back in line. */
export const sendAgain = (id: string) =>
  apiFetch(`${outboxMessagePath(id)}/send-again`, send('POST'));
