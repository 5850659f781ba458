import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ResponsiveImageSchema } from '../../../shared/schemas/image.ts';
import type { FeaturePlugin } from '../../deps.ts';
import { AppError, invalidField } from '../../errors.ts';
import { requireAdmin } from '../../plugins/admin-guard.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { IMAGE_MAX_BYTES, IMAGE_TOO_LARGE } from '../../../shared/domain/image-upload.ts';
import { checkImage } from './image-check.ts';
import { describeImages, storeResponsiveImage } from './responsive-images.ts';

/** The answer to a body that is multipart but not one file in the field `file`. */
const ONE_IMAGE_EXPECTED = 'Send one image in the field "file".';

/** The bytes of the one file in the field `file`, read into memory. */
async function readImage(request: FastifyRequest): Promise<Buffer> {
  try {
    const file = await request.file();
    if (!file || file.fieldname !== 'file') {
      throw invalidField('file', 'Choose an image to upload.');
    }
    return await file.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, 'FILE_TOO_LARGE', IMAGE_TOO_LARGE);
    }
    // Any other failure to read it is the body's: a field before the file or more parts than the
    // limits allow (@fastify/multipart's 413 'reach fields limit'), a body cut short or malformed.
    throw invalidField('file', ONE_IMAGE_EXPECTED);
  }
}

/**
 * Admin scope (/api/admin): POST /uploads/images, one image in the multipart field `file`,
 * checked from its bytes, re-encoded into its display sizes and stored as public files. The body
 * is read into memory (10 MB at most), so nothing is ever left in a temporary folder; it is read
 * only when the image queue has room, and all decoding (the check too) waits its turn in that
 * queue. Multipart is registered in this plugin only: every other route still refuses it (415).
 */
export const imageUploadsAdminRoutes: FeaturePlugin = async (app, { deps }) => {
  await app.register(multipart, {
    limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 0, parts: 1 },
  });
  app.withTypeProvider<ZodTypeProvider>().post(
    '/uploads/images',
    {
      schema: {
        summary: 'Stores an image (JPEG, PNG or WebP, up to 10 MB) in its display sizes',
        consumes: ['multipart/form-data'],
        response: { 201: ResponsiveImageSchema },
      },
    },
    async (request, reply) => {
      const admin = requireAdmin(request);
      if (!request.isMultipart()) {
        throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the image as multipart/form-data.');
      }
      // A full queue answers before 10 MB are read into memory for nothing.
      deps.imageQueue.refuseWhenFull();
      const data = await readImage(request);
      const { db } = deps;
      const url = await deps.imageQueue.run(async () => {
        await checkImage(deps.imageWorker, data);
        const now = deps.clock.now();
        // The audit entry is kept with the media row or neither is.
        return storeResponsiveImage(db, deps.storage, data, {
          worker: deps.imageWorker,
          now,
          log: deps.log,
          alsoRecord: (trx, stored) =>
            recordAudit(
              trx,
              {
                adminUserId: admin.adminUserId,
                actor: admin.username,
                action: 'media.upload',
                entityType: 'media',
                entityId: stored,
              },
              now,
            ),
        });
      });
      const [image] = (await describeImages(db, [url])).values();
      if (!image) throw new Error(`the image just stored at ${url} has no record`);
      return reply.status(201).send(image);
    },
  );
};
