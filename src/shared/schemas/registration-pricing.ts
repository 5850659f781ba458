import * as z from 'zod/mini';

/*
 * What a registration's data may say about its price: the code typed (checked by the server when
 * it saves). A `total` or `entryFee` the browser sends is accepted and ignored: the server
 * computes the price from the competition, the works and the code.
 */

export const CODE_TEXT_MESSAGE = 'Code must be 3 to 32 letters, digits, - or _';

export const REGISTRATION_PRICING_SHAPE = {
  code: z.optional(
    z.string({ error: CODE_TEXT_MESSAGE }).check(z.maxLength(64, CODE_TEXT_MESSAGE)),
  ),
  total: z.optional(z.unknown()),
  entryFee: z.optional(z.unknown()),
};
