import { formatClosing } from '../../../../shared/domain/competition-status.ts';
import { formatRupees } from '../../../../shared/domain/money.ts';
import type { Prices } from '../../../../shared/domain/pricing.ts';
import { useSettings } from '../../../lib/settings.tsx';

/** An instant a price changes at, as the closing time is shown (formatClosing shows a close). */
const at = (instant: string, timeZone: string) =>
  formatClosing(new Date(Date.parse(instant) + 60_000), timeZone);

const further = (fee: number) => ` (${formatRupees(fee)} each further work)`;

/**
 * A paid competition's prices beyond its fee, under it: each further work, the early-bird price
 * and until when, the late price and from when. Nothing for a competition that sets none. All
 * are shown, whichever is in force, so the page reads the same on the server and in the browser.
 */
export function CompetitionPrices({ prices }: { prices: Prices | undefined }) {
  const { timeZone } = useSettings();
  if (!prices || prices.entryFee === 0) return null;
  const lines: string[] = [];
  if (prices.furtherWorkFee > 0) {
    lines.push(`Each further work: ${formatRupees(prices.furtherWorkFee)}`);
  }
  if (prices.earlyBirdUntil) {
    const fee = prices.earlyBirdFee ?? prices.entryFee;
    const extra = prices.earlyBirdFurtherFee ?? prices.furtherWorkFee;
    lines.push(
      `Early-bird: ${formatRupees(fee)}${extra > 0 ? further(extra) : ''} until ${at(prices.earlyBirdUntil, timeZone)}`,
    );
  }
  if (prices.lateFrom) {
    const fee = prices.lateFee ?? prices.entryFee;
    const extra = prices.lateFurtherFee ?? prices.furtherWorkFee;
    lines.push(
      `Late: ${formatRupees(fee)}${extra > 0 ? further(extra) : ''} from ${at(prices.lateFrom, timeZone)}`,
    );
  }
  if (lines.length === 0) return null;
  return (
    <ul className="mt-2 flex flex-col gap-1 text-sm text-gray-700 dark:text-gray-300">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}
