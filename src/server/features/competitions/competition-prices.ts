import type { Prices } from '../../../shared/domain/pricing.ts';

/** The price columns a competition's form writes (a free one's are 0 and none). */
export function priceColumnsOfInput(prices: Prices) {
  return {
    further_work_fee: prices.furtherWorkFee,
    early_bird_fee: prices.earlyBirdFee,
    early_bird_further_fee: prices.earlyBirdFurtherFee,
    early_bird_until: prices.earlyBirdUntil,
    late_fee: prices.lateFee,
    late_further_fee: prices.lateFurtherFee,
    late_from: prices.lateFrom,
  };
}
