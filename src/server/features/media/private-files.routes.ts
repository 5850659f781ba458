import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FeaturePlugin } from '../../deps.ts';
import { notFound } from '../../errors.ts';
import { ADMIN_API_PREFIX, requireAdmin } from '../../plugins/admin-guard.ts';
import { isValidKey, PRIVATE_NAMESPACE } from './storage/storage.ts';
import { PRIVATE_FILES_PREFIX, sendPrivateFile } from './private-files.ts';

const FILE_NOT_FOUND = 'File not found';

/**
 * Admin scope (/api/admin): private files (registration photos and artworks) are read only here:
 * no session, no file. `/api/admin/files/<name>` can only ever be `private/<name>`; the key check
 * refuses '..' segments and anything outside [a-z0-9/._-].
 */
export const privateFilesAdminRoutes: FeaturePlugin = async (app, { deps }) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    `${PRIVATE_FILES_PREFIX.slice(ADMIN_API_PREFIX.length)}*`,
    {
      schema: {
        summary: 'A private file (a registration photo or artwork), for signed-in admins only',
        description:
          'The path after /api/admin/files/ names the file, as submissions store it without its `private/` prefix. Served with `cache-control: private, no-store`.',
        params: z.object({ '*': z.string() }),
      },
    },
    async (request, reply) => {
      requireAdmin(request);
      const key = `${PRIVATE_NAMESPACE}${request.params['*']}`;
      const file = isValidKey(key) ? await deps.storage.get(key) : undefined;
      if (!file) throw notFound(FILE_NOT_FOUND);
      return sendPrivateFile(reply, file);
    },
  );
};
