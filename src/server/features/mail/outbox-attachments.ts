import type { Deps } from '../../deps.ts';
import type { AttachmentRenderers, EmailAttachment } from '../feature.ts';
import type { OutboxRow } from './outbox.repository.ts';

/*
 * A message may carry one attachment, stored as what it is ({ kind, id }) rather than as bytes:
 * the outbox stays small, and the file is drawn when the message is sent, by the function the
 * feature that owns the kind registers (its description's `attachments`).
 */

/** What an outbox row names: e.g. { kind: 'receipt', id: <the receipt's id> }. */
export interface AttachmentRef {
  kind: string;
  id: string;
}

/** A message whose attachment cannot be drawn is not sent without it: it is tried again. */
export class AttachmentMissingError extends Error {}

export const attachmentColumnOf = (ref: AttachmentRef | undefined) =>
  ref ? JSON.stringify({ kind: ref.kind, id: ref.id }) : null;

/** The row's attachment, drawn now (none for a row without one). */
export async function attachmentsOf(
  row: Pick<OutboxRow, 'id' | 'attachment'>,
  renderers: AttachmentRenderers,
  deps: Pick<Deps, 'db' | 'settings'>,
): Promise<EmailAttachment[]> {
  if (row.attachment === null) return [];
  const ref = JSON.parse(row.attachment) as AttachmentRef;
  const render = Object.hasOwn(renderers, ref.kind) ? renderers[ref.kind] : undefined;
  const file = render ? await render(ref.id, deps) : undefined;
  if (!file) throw new AttachmentMissingError(`The attachment ${ref.kind} ${ref.id} is missing`);
  return [file];
}
