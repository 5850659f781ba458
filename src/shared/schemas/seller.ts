import { z } from 'zod';

/*
 * The art space as its receipts name it (site settings): its legal name and address, its GSTIN
 * and the GST rate its prices include, each optional. Kept apart from settings.ts, which the
 * public pages' first download carries, with the messages of the form's fields.
 */

export const LEGAL_NAME_MAX = 200;
export const LEGAL_ADDRESS_MAX = 500;
export const GST_RATE_MAX = 28;

/** Two digits of the state, the PAN (5 letters, 4 digits, a letter), the entity, 'Z', a check. */
export const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

export const SELLER_MESSAGES = {
  legalNameTooLong: `Legal name must be at most ${LEGAL_NAME_MAX} characters`,
  legalAddressTooLong: `Legal address must be at most ${LEGAL_ADDRESS_MAX} characters`,
  gstin: 'GSTIN must be 15 characters, like 29ABCDE1234F1Z5',
  gstRate: `GST rate must be a percentage from 0 to ${GST_RATE_MAX}, at most two decimals`,
} as const;
const M = SELLER_MESSAGES;

export const LegalNameSchema = z.string().trim().max(LEGAL_NAME_MAX, M.legalNameTooLong);
export const LegalAddressSchema = z.string().trim().max(LEGAL_ADDRESS_MAX, M.legalAddressTooLong);
/** '' for none; written in capitals whatever was typed. */
export const GstinSchema = z
  .string({ error: M.gstin })
  .trim()
  .overwrite((value) => value.toUpperCase())
  .refine((value) => value === '' || GSTIN_PATTERN.test(value), M.gstin);
/** A percentage (18, 0.25), or null for none. */
export const GstRateSchema = z
  .number({ error: M.gstRate })
  .min(0, M.gstRate)
  .max(GST_RATE_MAX, M.gstRate)
  .refine((rate) => Math.abs(rate * 100 - Math.round(rate * 100)) < 1e-9, M.gstRate)
  .nullable();

/** As stored in the site settings' document. */
export const SellerSchema = z.object({
  legalName: LegalNameSchema.default(''),
  address: LegalAddressSchema.default(''),
  gstin: GstinSchema.default(''),
  gstRate: GstRateSchema.default(null),
});
export type Seller = z.infer<typeof SellerSchema>;
