/*
 * What an entry costs (whole rupees): the first work's fee, each further work's, in the tier in
 * force (early-bird before `earlyBirdUntil`, late from `lateFrom`, standard otherwise; a tier
 * without its own fee uses the standard one), less a code's discount. Pure, so the form shows the
 * same breakdown the server charges. A competition that sets nothing new costs its entry fee for
 * one work, as before; a free one has every price 0.
 */

export const PRICE_TIERS = ['early', 'standard', 'late'] as const;
export type PriceTier = (typeof PRICE_TIERS)[number];

export const PRICE_TIER_LABELS: Record<PriceTier, string> = {
  early: 'Early-bird price',
  standard: 'Standard price',
  late: 'Late price',
};

export interface Prices {
  /** The standard fee of the first work (the competition's entry fee; 0 when free). */
  entryFee: number;
  furtherWorkFee: number;
  earlyBirdFee: number | null;
  earlyBirdFurtherFee: number | null;
  /** ISO instants. */
  earlyBirdUntil: string | null;
  lateFee: number | null;
  lateFurtherFee: number | null;
  lateFrom: string | null;
}

/** A free competition's prices, and what a competition that sets nothing new adds to its fee. */
export function flatPrices(entryFee: number): Prices {
  return {
    entryFee,
    furtherWorkFee: 0,
    earlyBirdFee: null,
    earlyBirdFurtherFee: null,
    earlyBirdUntil: null,
    lateFee: null,
    lateFurtherFee: null,
    lateFrom: null,
  };
}

export const CODE_KINDS = ['percent', 'fixed', 'waiver'] as const;
export type CodeKind = (typeof CODE_KINDS)[number];

/** A code's terms: percent (1–100), rupees off, or the whole fee waived. */
export interface CodeTerms {
  code: string;
  kind: CodeKind;
  value: number;
}

export interface PriceLine {
  kind: 'first' | 'further' | 'discount';
  label: string;
  quantity: number;
  /** Rupees; negative for the discount. */
  amount: number;
}

export interface PriceBreakdown {
  tier: PriceTier;
  lines: PriceLine[];
  gross: number;
  discount: number;
  /** What is charged: gross less discount, never below 0. */
  net: number;
}

/** The tier in force at `now`: early-bird strictly before its end, late from its start. */
export function tierAt(prices: Prices, now: Date): PriceTier {
  const at = now.getTime();
  if (prices.earlyBirdUntil !== null && at < Date.parse(prices.earlyBirdUntil)) return 'early';
  if (prices.lateFrom !== null && at >= Date.parse(prices.lateFrom)) return 'late';
  return 'standard';
}

function feesOf(prices: Prices, tier: PriceTier): { first: number; further: number } {
  if (tier === 'early') {
    return {
      first: prices.earlyBirdFee ?? prices.entryFee,
      further: prices.earlyBirdFurtherFee ?? prices.furtherWorkFee,
    };
  }
  if (tier === 'late') {
    return {
      first: prices.lateFee ?? prices.entryFee,
      further: prices.lateFurtherFee ?? prices.furtherWorkFee,
    };
  }
  return { first: prices.entryFee, further: prices.furtherWorkFee };
}

/**
 * A code's discount on `gross`. A percentage rounds to the nearest whole rupee, a half rupee
 * in the artist's favour (Math.round: 20 % of ₹1,247.50 is ₹250); never more than gross.
 */
export function discountOf(gross: number, code: CodeTerms | undefined): number {
  if (!code) return 0;
  const off =
    code.kind === 'waiver'
      ? gross
      : code.kind === 'percent'
        ? Math.round((gross * code.value) / 100)
        : code.value;
  return Math.min(Math.max(off, 0), gross);
}

function codeLabel(code: CodeTerms): string {
  if (code.kind === 'waiver') return `Code ${code.code}: fee waived`;
  if (code.kind === 'percent') return `Code ${code.code}: ${code.value}% off`;
  return `Code ${code.code}`;
}

/** The breakdown of an entry of `worksCount` works (at least 1) made at `now`. */
export function priceOf(
  prices: Prices,
  worksCount: number,
  now: Date,
  code?: CodeTerms,
): PriceBreakdown {
  const tier = tierAt(prices, now);
  const fees = feesOf(prices, tier);
  const further = Math.max(Math.floor(worksCount), 1) - 1;
  const lines: PriceLine[] = [
    { kind: 'first', label: 'First work', quantity: 1, amount: fees.first },
  ];
  if (further > 0) {
    lines.push({
      kind: 'further',
      label: `Each further work × ${further}`,
      quantity: further,
      amount: fees.further * further,
    });
  }
  const gross = fees.first + fees.further * further;
  const discount = discountOf(gross, code);
  if (code)
    lines.push({ kind: 'discount', label: codeLabel(code), quantity: 1, amount: -discount });
  return { tier, lines, gross, discount, net: gross - discount };
}
