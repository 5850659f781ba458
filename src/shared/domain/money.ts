/*
 * Money (seed §9): whole rupees in the domain, shown with the rupee sign and Indian digit
 * grouping, on the site and in e-mails alike. Paise, where a payment provider counts in them,
 * are in paise.ts.
 */

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
