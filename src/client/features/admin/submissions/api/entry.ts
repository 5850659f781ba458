import { adminApiPaths } from '../../../../../shared/api-paths.ts';
import { queryOptions } from '@tanstack/react-query';
import { AdminEntrySchema } from '../../../../../shared/schemas/admin-entry.ts';
import { ReviewItemSchema } from '../../../../../shared/schemas/review.ts';
import { apiFetch } from '../../../../lib/api-client.ts';
import { send } from '../../common/admin-requests.ts';
import { PICTURES_POLL_MS, reviewKey, submissionPath } from './review.ts';

/* The entry page's calls: the entry with its payments, its row of the review, a refund. */

/** Under the review's key: a decision or a refund changes what both show. */
export const entryQuery = (id: string) =>
  queryOptions({
    queryKey: [...reviewKey, 'entry', id],
    queryFn: () => apiFetch(submissionPath(id), {}, AdminEntrySchema),
  });

/** The entry as a row of the review shows it (the page's photo and artworks). */
export const reviewItemQuery = (id: string) =>
  queryOptions({
    queryKey: [...reviewKey, 'item', id],
    queryFn: () => apiFetch(`${submissionPath(id)}/review`, {}, ReviewItemSchema),
    // Its pictures are being made: asked again until they are ready.
    refetchInterval: (query) =>
      query.state.data?.pictures === 'processing' ? PICTURES_POLL_MS : false,
  });

/** A received payment given back in full; answers the entry as it now stands. */
export const refundPayment = (paymentId: string) =>
  apiFetch(adminApiPaths.refund(paymentId), send('POST'), AdminEntrySchema);
