/*
 * Paise, a hundredth of a rupee: what a payment provider counts in (seed §9: whole rupees in the
 * domain, paise at the payment boundary). Apart from money.ts, which the home page's first
 * download carries, because only the payment screens need these.
 */

const PAISE_PER_RUPEE = 100;

/** 499 → 49900: what a payment provider is asked for. */
export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * PAISE_PER_RUPEE);
}

/** 49900 → 499: a provider's amount back in the domain's unit. */
export function paiseToRupees(paise: number): number {
  return paise / PAISE_PER_RUPEE;
}
