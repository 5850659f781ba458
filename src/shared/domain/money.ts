/*
 * Money (seed §9): whole rupees in the domain, shown with the rupee sign and Indian digit
 * grouping, on the site and in e-mails alike. Paise, where a payment provider counts in them,
 * are in paise.ts.
 */

let rupees: Intl.NumberFormat | undefined;

/**
 * 100000 → '₹1,00,000'. The format is made at first use, not when the module loads: a browser's
 * first Intl object loads its locale data, a long task on a phone that the app starts apart
 * (src/client/main.tsx).
 */
export function formatRupees(amount: number): string {
  rupees ??= new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency: 'INR',
    // Both bounds: older engines throw a RangeError for INR with only the maximum set.
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  });
  return rupees.format(amount);
}

/** The seed's fee text: 'Free Entry' for 0, else the amount in rupees. */
export function formatEntryFee(amount: number): string {
  return amount === 0 ? 'Free Entry' : formatRupees(amount);
}
