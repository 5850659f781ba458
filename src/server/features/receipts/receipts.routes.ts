import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorEnvelopeSchema } from '../../../shared/schemas/error.ts';
import {
  AdminReceiptPdfQuerySchema,
  AdminReceiptsQuerySchema,
  EntryReceiptDownloadSchema,
  EntryReceiptsRequestSchema,
  ReceiptListSchema,
} from '../../../shared/schemas/receipt.ts';
import type { FeaturePlugin } from '../../deps.ts';
import {
  receiptPdf,
  receiptPdfOfEntryToken,
  receiptsOfEntry,
  receiptsOfEntryToken,
  sendReceiptPdf,
} from './receipt-documents.ts';

const ENTRY_RECEIPTS = '/entries/receipts';

/** Public scope (/api): the artist's receipts, with the entry's token in the body. */
export const receiptsPublicRoutes: FeaturePlugin = async (app, { deps }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    ENTRY_RECEIPTS,
    {
      schema: {
        summary: 'The receipts and credit notes of the entry a signed link opens',
        body: EntryReceiptsRequestSchema,
        response: { 200: ReceiptListSchema, 400: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { receipts: await receiptsOfEntryToken(deps, request.body.entryToken) };
    },
  );

  api.post(
    `${ENTRY_RECEIPTS}/pdf`,
    {
      schema: {
        summary: 'One receipt or credit note of the entry a signed link opens, as a PDF',
        body: EntryReceiptDownloadSchema,
        response: { 400: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const { entryToken, number } = request.body;
      return sendReceiptPdf(reply, await receiptPdfOfEntryToken(deps, entryToken, number));
    },
  );
};

/** Admin scope (/api/admin): an entry's receipts and credit notes, and each one's PDF. */
export const receiptsAdminRoutes: FeaturePlugin = async (app, { deps }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/receipts',
    {
      schema: {
        summary: "An entry's receipts and credit notes, in the order they were issued",
        querystring: AdminReceiptsQuerySchema,
        response: { 200: ReceiptListSchema, 400: ErrorEnvelopeSchema },
      },
    },
    async (request) => ({ receipts: await receiptsOfEntry(deps, request.query.submissionId) }),
  );

  api.get(
    '/receipts/pdf',
    {
      schema: {
        summary: 'A receipt or credit note, by its number, as a PDF',
        querystring: AdminReceiptPdfQuerySchema,
        response: { 400: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema },
      },
    },
    async (request, reply) => sendReceiptPdf(reply, await receiptPdf(deps, request.query.number)),
  );
};
