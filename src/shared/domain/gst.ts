/*
 * GST on an inclusive price: the amount paid already holds the tax, so the tax is
 * amount × rate / (100 + rate). Rates are kept in hundredths of a percent (18 % is 1800) so the
 * sum is done in whole numbers, and the tax is rounded to the nearest paisa, a half paisa up.
 */

/** 18 → 1800; 0.25 → 25. */
export const rateToBasisPoints = (percent: number) => Math.round(percent * 100);

/** The tax in paise included in `amountPaise` at `rateBp` hundredths of a percent. */
export function includedGstPaise(amountPaise: number, rateBp: number | null): number {
  if (rateBp === null || rateBp <= 0) return 0;
  // Exact in doubles: both products stay far below 2^53, and a half is exactly representable.
  return Math.floor((amountPaise * rateBp * 2 + (10_000 + rateBp)) / (2 * (10_000 + rateBp)));
}

/** 1800 → '18', 25 → '0.25': the rate as a person writes it. */
export const formatRate = (rateBp: number) => String(rateBp / 100);

/** 49900 → '₹499.00'. */
export function formatPaise(paise: number): string {
  return new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency: 'INR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(paise / 100);
}
