import { priceOf, type PriceBreakdown } from '../../../shared/domain/pricing.ts';
import { COMPETITION_NOT_FOUND } from '../../../shared/messages.ts';
import { CODE_REFUSALS, type QuoteRequestSchema } from '../../../shared/schemas/codes.ts';
import type { z } from 'zod';
import { isRecordId } from '../../db/record-id.ts';
import type { Deps } from '../../deps.ts';
import { invalidField, notFound } from '../../errors.ts';
import {
  type RateLimit,
  takeRateLimitHit,
  tooManyMessage,
} from '../rate-limits/rate-limits.service.ts';
import { usableCode } from './entry-price.ts';

/** A form asks again as the artist adds works or types a code: generous, but no code guessing. */
export const QUOTE_LIMIT: RateLimit = {
  scope: 'quote',
  max: 60,
  windowMs: 10 * 60 * 1000,
  message: tooManyMessage('price checks'),
};

/**
 * The breakdown an entry of a public competition would be charged now, with the same rules as
 * registration (which checks again when it saves). The e-mail, when given, tells whether this
 * artist has used the code already.
 */
export async function quoteEntry(
  deps: Pick<Deps, 'db' | 'clock' | 'competitions'>,
  competitionId: string,
  request: z.output<typeof QuoteRequestSchema>,
  clientAddress: string,
): Promise<PriceBreakdown> {
  const now = deps.clock.now();
  await takeRateLimitHit(deps.db, QUOTE_LIMIT, clientAddress, undefined, now);
  const found = isRecordId(competitionId)
    ? await deps.competitions.findPublic(competitionId)
    : undefined;
  const prices = found?.competition.prices;
  if (!found || !prices) throw notFound(COMPETITION_NOT_FOUND);
  const { works, code: text, email } = request;
  if (!text) return priceOf(prices, works, now);
  if (text.length > 32) throw invalidField('code', CODE_REFUSALS.unknown);
  const code = await usableCode(deps.db, {
    code: text,
    competitionId,
    free: prices.entryFee === 0,
    now,
    email: email ? email.toLowerCase() : undefined,
  });
  return priceOf(prices, works, now, { code: code.code, kind: code.kind, value: code.value });
}
