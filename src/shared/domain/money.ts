/*
 * Money (seed §9): whole rupees in the domain, shown with the rupee sign and Indian digit
 * grouping, on the site and in e-mails alike; paise (a hundredth of a rupee) only where a payment
 * provider counts in them.
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

const RUPEES = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  // Both bounds: older engines throw a RangeError for INR with only the maximum set.
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** 100000 → '₹1,00,000'. */
export function formatRupees(amount: number): string {
  return RUPEES.format(amount);
}

/** The seed's fee text: 'Free Entry' for 0, else the amount in rupees. */
export function formatEntryFee(amount: number): string {
  return amount === 0 ? 'Free Entry' : formatRupees(amount);
}
