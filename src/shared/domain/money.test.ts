import { describe, expect, it } from 'vitest';
import { formatEntryFee, formatRupees } from './money.ts';
import { paiseToRupees, rupeesToPaise } from './paise.ts';

describe('money', () => {
  it('asks a payment provider for paise and reads its paise back as rupees', () => {
    expect(rupeesToPaise(499)).toBe(49_900);
    expect(rupeesToPaise(0)).toBe(0);
    expect(paiseToRupees(49_900)).toBe(499);
    expect(paiseToRupees(rupeesToPaise(1_00_000))).toBe(1_00_000);
  });

  it('shows rupees with the sign and Indian digit grouping', () => {
    expect(formatRupees(100_000)).toBe('₹1,00,000');
    expect(formatEntryFee(0)).toBe('Free Entry');
    expect(formatEntryFee(499)).toBe('₹499');
  });
});
