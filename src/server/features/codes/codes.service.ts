/*
 * The codes feature's front door: what registration and competitions use of pricing. An entry
 * is priced (and its code checked, its row locked) inside the registration's transaction, and
 * the code's use recorded there after the submission is inserted.
 */
export {
  competitionPricesOf,
  type EntryToPrice,
  type PriceColumns,
  priceColumnsOf,
  type PricedEntry,
  priceEntry,
  recordCodeUse,
} from './entry-price.ts';
export { pricingRequestOf, type PricingRequest } from './pricing-request.ts';
/** A code added by the server itself (the demo's), as an admin's would be. */
export { insertCode as insertDiscountCode } from './codes.repository.ts';
