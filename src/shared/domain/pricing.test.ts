import { describe, expect, it } from 'vitest';
import { discountOf, flatPrices, type Prices, priceOf, tierAt } from './pricing.ts';

const tiered: Prices = {
  entryFee: 500,
  furtherWorkFee: 300,
  earlyBirdFee: 400,
  earlyBirdFurtherFee: 200,
  earlyBirdUntil: '2026-12-10T00:00:00.000Z',
  lateFee: 700,
  lateFurtherFee: 400,
  lateFrom: '2026-12-20T00:00:00.000Z',
};
const at = (iso: string) => new Date(iso);

describe('priceOf', () => {
  it('prices a competition that sets nothing new exactly as before', () => {
    expect(priceOf(flatPrices(499), 1, at('2026-12-01T00:00:00Z'))).toEqual({
      tier: 'standard',
      lines: [{ kind: 'first', label: 'First work', quantity: 1, amount: 499 }],
      gross: 499,
      discount: 0,
      net: 499,
    });
    expect(priceOf(flatPrices(0), 1, at('2026-12-01T00:00:00Z')).net).toBe(0);
  });

  it('switches tiers at their instants: early before the end, late from the start', () => {
    expect(tierAt(tiered, at('2026-12-09T23:59:59.999Z'))).toBe('early');
    expect(tierAt(tiered, at('2026-12-10T00:00:00.000Z'))).toBe('standard');
    expect(tierAt(tiered, at('2026-12-19T23:59:59.999Z'))).toBe('standard');
    expect(tierAt(tiered, at('2026-12-20T00:00:00.000Z'))).toBe('late');
  });

  it('charges the first work and each further work at the tier in force', () => {
    const early = priceOf(tiered, 3, at('2026-12-01T00:00:00Z'));
    expect(early.gross).toBe(400 + 2 * 200);
    expect(early.lines[1]).toEqual({
      kind: 'further',
      label: 'Each further work × 2',
      quantity: 2,
      amount: 400,
    });
    expect(priceOf(tiered, 2, at('2026-12-15T00:00:00Z')).gross).toBe(800);
    expect(priceOf(tiered, 2, at('2026-12-25T00:00:00Z'))).toMatchObject({
      tier: 'late',
      gross: 1100,
    });
  });

  it('falls back to the standard fees where a tier sets none', () => {
    const partial = { ...tiered, earlyBirdFurtherFee: null, lateFee: null };
    expect(priceOf(partial, 2, at('2026-12-01T00:00:00Z')).gross).toBe(400 + 300);
    expect(priceOf(partial, 2, at('2026-12-25T00:00:00Z')).gross).toBe(500 + 400);
  });

  it('takes a code off, never below 0', () => {
    const now = at('2026-12-15T00:00:00Z');
    const percent = priceOf(tiered, 1, now, { code: 'WELCOME20', kind: 'percent', value: 20 });
    expect(percent).toMatchObject({ gross: 500, discount: 100, net: 400 });
    expect(percent.lines.at(-1)).toEqual({
      kind: 'discount',
      label: 'Code WELCOME20: 20% off',
      quantity: 1,
      amount: -100,
    });
    expect(priceOf(tiered, 1, now, { code: 'BIG', kind: 'fixed', value: 900 }).net).toBe(0);
    expect(priceOf(tiered, 2, now, { code: 'FREE', kind: 'waiver', value: 0 })).toMatchObject({
      gross: 800,
      discount: 800,
      net: 0,
    });
  });

  it('rounds a percentage to the nearest rupee, a half in the artist’s favour', () => {
    expect(discountOf(499, { code: 'X', kind: 'percent', value: 10 })).toBe(50); // 49.9
    expect(discountOf(105, { code: 'X', kind: 'percent', value: 10 })).toBe(11); // 10.5
    expect(discountOf(104, { code: 'X', kind: 'percent', value: 10 })).toBe(10); // 10.4
    expect(discountOf(499, { code: 'X', kind: 'percent', value: 100 })).toBe(499);
  });

  it('counts at least one work', () => {
    expect(priceOf(tiered, 0, at('2026-12-15T00:00:00Z')).gross).toBe(500);
  });
});
