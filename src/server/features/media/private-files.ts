import type { FastifyReply } from 'fastify';
import { ADMIN_API_PREFIX } from '../../plugins/admin-guard.ts';
import { PRIVATE_NAMESPACE, type StoredFile } from './storage/storage.ts';

/*
 * What other features need to link to and serve private files (registration photos and artworks)
 * the way the admin-only file route does.
 */

export const PRIVATE_FILES_PREFIX = `${ADMIN_API_PREFIX}/files/`;
/** Never kept by a browser or a proxy: a private file is one admin's view of one artist. */
export const PRIVATE_FILE_CACHE = 'private, no-store';

/** The admin URL of a private file: `private/submissions/x/photo.jpg` is `/api/admin/files/submissions/x/photo.jpg`. */
export function privateFileUrl(key: string): string {
  if (!key.startsWith(PRIVATE_NAMESPACE)) throw new Error(`Not a private key: ${key}`);
  return `${PRIVATE_FILES_PREFIX}${key.slice(PRIVATE_NAMESPACE.length)}`;
}

/** Answers with a private file: never stored on the way, a document saved rather than opened. */
export function sendPrivateFile(reply: FastifyReply, file: StoredFile) {
  // A document is saved, never opened as a page of our site.
  const disposition = file.contentType === 'application/pdf' ? 'attachment' : 'inline';
  return reply
    .header('cache-control', PRIVATE_FILE_CACHE)
    .header('content-length', file.size)
    .header('content-disposition', disposition)
    .type(file.contentType)
    .send(file.body);
}
