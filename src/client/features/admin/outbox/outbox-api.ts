/* The server routes the Outbox screen calls (with the signed-in admin's adminFetch). */

/** GET `?page=N`: the messages newest first, 50 to a page. */
export const ADMIN_OUTBOX_PATH = '/api/admin/outbox';

/** GET: one message with its text and HTML bodies. */
export const outboxMessagePath = (id: string) => `${ADMIN_OUTBOX_PATH}/${encodeURIComponent(id)}`;

/** POST: a failed or not sent message goes back in line. */
export const sendAgainPath = (id: string) => `${outboxMessagePath(id)}/send-again`;
