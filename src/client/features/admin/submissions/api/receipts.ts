import { queryOptions } from '@tanstack/react-query';
import { adminApiPaths } from '../../../../../shared/api-paths.ts';
import { ReceiptListSchema } from '../../../../../shared/schemas/receipt.ts';
import { apiFetch } from '../../../../lib/api-client.ts';
import { reviewKey } from './review.ts';

/** Under the review's key: a refund (which issues a credit note) reads them again. */
export const entryReceiptsQuery = (submissionId: string) =>
  queryOptions({
    queryKey: [...reviewKey, 'receipts', submissionId],
    queryFn: () => apiFetch(adminApiPaths.receipts(submissionId), {}, ReceiptListSchema),
  });

/** A receipt's PDF: a plain link, the session's cookie goes with it. */
export const receiptPdfPath = (number: string) => adminApiPaths.receiptPdf(number);
