import { CODE_MESSAGES } from '../../../shared/schemas/codes.ts';
import { invalidField } from '../../errors.ts';

/** What a registration's data says about its price: how many works, and the code typed. */
export interface PricingRequest {
  works: number;
  code: string | undefined;
}

/**
 * Read from the registration's `data`: the works are counted (`works.length`, else one); the
 * code is trimmed and upper-cased, none when empty. A `total` or `entryFee` sent is ignored: the
 * server's price is charged.
 */
export function pricingRequestOf(data: Record<string, unknown>): PricingRequest {
  const works = Array.isArray(data.works) ? Math.max(data.works.length, 1) : 1;
  const given = data.code;
  if (given === undefined || given === null) return { works, code: undefined };
  if (typeof given !== 'string' || given.length > 64) {
    throw invalidField('code', CODE_MESSAGES.code);
  }
  const code = given.trim().toUpperCase();
  return { works, code: code === '' ? undefined : code };
}
