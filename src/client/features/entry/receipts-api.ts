import { publicApiPaths } from '../../../shared/api-paths.ts';
import { receiptFileNameOf } from '../../../shared/domain/receipt-number.ts';
import { type ReceiptList, ReceiptListSchema } from '../../../shared/schemas/receipt.ts';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../../shared/csrf.ts';
import { ApiError, apiFetch, ERROR_MESSAGES, errorFromResponse } from '../../lib/api-client.ts';

/* The entry's receipts and credit notes: listed and downloaded with the token in the body. */

export const listEntryReceipts = (entryToken: string) =>
  apiFetch<ReceiptList>(
    publicApiPaths.entryReceipts,
    { method: 'POST', body: JSON.stringify({ entryToken }) },
    ReceiptListSchema,
  );

/** The PDF, fetched (a POST carries the token) and handed to the browser to save. */
export async function downloadEntryReceipt(entryToken: string, number: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(publicApiPaths.entryReceiptPdf, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE },
      body: JSON.stringify({ entryToken, number }),
    });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', ERROR_MESSAGES.NETWORK_ERROR);
  }
  if (!response.ok) {
    throw errorFromResponse(response.status, await response.json().catch(() => undefined));
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = receiptFileNameOf(number);
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has been handled: the browser has the file by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
