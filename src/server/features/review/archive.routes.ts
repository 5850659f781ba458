import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ARCHIVE_PATH, ArchiveQuerySchema } from '../../../shared/schemas/archive.ts';
import type { FeaturePlugin } from '../../deps.ts';
import { ADMIN_API_PREFIX, requireAdmin } from '../../plugins/admin-guard.ts';
import { PRIVATE_FILE_CACHE } from '../media/media.service.ts';
import { buildArtworksArchive } from './archive.service.ts';
import { attachmentHeader } from './download-name.ts';

/** The archive's address, as the admin scope (/api/admin) serves it. */
const ARCHIVE_ROUTE = ARCHIVE_PATH.slice(ADMIN_API_PREFIX.length);

/** Admin scope (/api/admin): a competition's artworks as one ZIP, streamed from storage. */
export const archiveAdminRoutes: FeaturePlugin = async (app, { deps }) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    ARCHIVE_ROUTE,
    {
      schema: {
        summary: "A competition's artworks as one ZIP (every entry, or the approved), streamed",
        description:
          'A HEAD tells the length without reading a file. Each file is the original of an image field, named `<reference>_<artist>_<field>.<ext>`, oldest entry first; files missing from storage are listed in `missing.txt`. Stored uncompressed, so `Content-Length` is exact. 404 for an unknown competition or one without artworks.',
        querystring: ArchiveQuerySchema,
      },
    },
    async (request, reply) => {
      requireAdmin(request);
      // The response closing before it finished is the client gone: stop reading storage.
      const gone = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) gone.abort();
      });
      // Fastify answers a HEAD by reading the body and dropping it: measured only, nothing read.
      const archive = await buildArtworksArchive(deps, request.query, gone.signal, {
        measureOnly: request.method === 'HEAD',
      });
      if (archive.size !== undefined) reply.header('content-length', archive.size);
      return reply
        .header('cache-control', PRIVATE_FILE_CACHE)
        .header('content-disposition', attachmentHeader(archive.name))
        .type('application/zip')
        .send(archive.body);
    },
  );
};
