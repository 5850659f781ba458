import { publicApiPaths } from '../../../shared/api-paths.ts';
import type { PriceBreakdown } from '../../../shared/domain/pricing.ts';
import type { QuoteRequest } from '../../../shared/schemas/codes.ts';
import { apiFetch } from '../../lib/api-client.ts';

/**
 * What an entry would cost now: the server's breakdown (the same it charges). A code it cannot
 * take is an ApiError whose `fields.code` says why. Not parsed with a schema: the form's chunk
 * stays free of the codes' schemas.
 */
export function fetchQuote(
  competitionId: string,
  request: QuoteRequest,
  signal?: AbortSignal,
): Promise<PriceBreakdown> {
  return apiFetch<PriceBreakdown>(publicApiPaths.quote(competitionId), {
    method: 'POST',
    body: JSON.stringify(request),
    signal,
  });
}
