import type { FeaturePlugin } from '../../deps.ts';
import { IMMUTABLE_CACHE } from '../../plugins/client.ts';
import { isValidKey, PUBLIC_MEDIA_PREFIX, PUBLIC_NAMESPACE } from './storage/storage.ts';

/**
 * Registered at the root (`/media/*` is outside the API): public files, from whichever storage is
 * configured (docs/decisions/009). `/media/<name>` can only ever be `public/<name>`: the name
 * arrives decoded, and a key with a '..' segment or any character outside [a-z0-9/._-] is
 * refused, so no spelling of a path reaches private/.
 */
export const publicMediaRoutes: FeaturePlugin = async (app, { deps }) => {
  app.get(`${PUBLIC_MEDIA_PREFIX}*`, { schema: { hide: true } }, async (request, reply) => {
    const name = (request.params as { '*': string })['*'];
    const key = `${PUBLIC_NAMESPACE}${name}`;
    const file = isValidKey(key) ? await deps.storage.get(key) : undefined;
    // The not-found handler answers the usual 404 envelope for /media/ paths.
    if (!file) return reply.callNotFound();
    return (
      reply
        // Content-addressed: a name never changes its bytes, so it may be cached for a year.
        .header('cache-control', IMMUTABLE_CACHE)
        .header('content-length', file.size)
        .type(file.contentType)
        .send(file.body)
    );
  });
};
