import { formatRupees } from '../../../shared/domain/money.ts';
import { rupeesToPaise } from '../../../shared/domain/paise.ts';
import {
  PRICE_TIER_LABELS,
  type PriceBreakdown,
  type PriceLine,
} from '../../../shared/domain/pricing.ts';

/*
 * A receipt's fee lines: the breakdown the entry was priced at when it was registered (the tier
 * of the first work, the further works, the code's discount), in paise. An entry priced before
 * breakdowns were kept, or one whose breakdown does not add up to what was paid, has one line.
 */

export interface ReceiptLine {
  label: string;
  /** Negative for a discount. */
  amountPaise: number;
}

function labelOf(line: PriceLine, breakdown: PriceBreakdown): string {
  if (line.kind === 'first') return `${PRICE_TIER_LABELS[breakdown.tier]}, first work`;
  if (line.kind === 'further') {
    return `Further works: ${line.quantity} × ${formatRupees(line.amount / line.quantity)}`;
  }
  return line.label;
}

function parsed(json: string | null): PriceBreakdown | undefined {
  if (json === null) return undefined;
  const value = JSON.parse(json) as PriceBreakdown;
  return Array.isArray(value.lines) ? value : undefined;
}

/** The lines of a payment of `amountPaise` for an entry priced at `breakdownJson`. */
export function receiptLinesOf(breakdownJson: string | null, amountPaise: number): ReceiptLine[] {
  const breakdown = parsed(breakdownJson);
  if (!breakdown || rupeesToPaise(breakdown.net) !== amountPaise) {
    return [{ label: 'Entry fee', amountPaise }];
  }
  return breakdown.lines.map((line) => ({
    label: labelOf(line, breakdown),
    amountPaise: rupeesToPaise(line.amount),
  }));
}
