import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MyDetailsSchema, MyEntriesSchema } from '../../../shared/schemas/artist.ts';
import { ErrorEnvelopeSchema } from '../../../shared/schemas/error.ts';
import type { FeaturePlugin } from '../../deps.ts';
import { requireArtist } from '../../plugins/artist-guard.ts';
import { sendPrivateFile } from '../media/media.service.ts';
import { sendReceiptPdf } from '../receipts/receipts.service.ts';
import {
  findMyDetails,
  findMyFile,
  findMyReceiptPdf,
  listMyEntries,
} from './my-entries.service.ts';

const refusals = { 401: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema };

/**
 * Artist scope (/api/me): the signed-in artist's own entries, files, receipts and details, found
 * by their session's e-mail address alone. Every answer is theirs: never stored on the way.
 */
export const myEntriesRoutes: FeaturePlugin = async (app, { deps }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/entries',
    {
      schema: {
        summary: "The signed-in artist's entries, in every competition, the newest first",
        response: { 200: MyEntriesSchema, 401: ErrorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const { email } = requireArtist(request);
      reply.header('cache-control', 'private, no-store');
      return listMyEntries(deps, email);
    },
  );

  api.get(
    '/details',
    {
      schema: {
        summary: "The signed-in artist's details from their latest entry, for the next one",
        response: { 200: MyDetailsSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const { email } = requireArtist(request);
      reply.header('cache-control', 'private, no-store');
      return findMyDetails(deps, email);
    },
  );

  api.get(
    '/files/:id',
    {
      schema: {
        summary: "A file of one of the signed-in artist's entries (a picture's display copy)",
        params: z.object({ id: z.string() }),
        response: refusals,
      },
    },
    async (request, reply) => {
      const { email } = requireArtist(request);
      return sendPrivateFile(reply, await findMyFile(deps, email, request.params.id));
    },
  );

  api.get(
    '/receipts/:number',
    {
      schema: {
        summary: "A receipt or credit note of one of the signed-in artist's entries, as a PDF",
        params: z.object({ number: z.string().max(40) }),
        response: { 400: ErrorEnvelopeSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const { email } = requireArtist(request);
      return sendReceiptPdf(reply, await findMyReceiptPdf(deps, email, request.params.number));
    },
  );
};
