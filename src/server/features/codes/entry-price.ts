import { randomUUID } from 'node:crypto';
import { chargesFee } from '../../../shared/domain/entry-state.ts';
import {
  flatPrices,
  type PriceBreakdown,
  type Prices,
  priceOf,
} from '../../../shared/domain/pricing.ts';
import { CODE_REFUSALS } from '../../../shared/schemas/codes.ts';
import { invalidField } from '../../errors.ts';
import {
  codeUsedBy,
  type CodeRow,
  countCodeUses,
  findCodeByText,
  findCompetitionPriceColumns,
  insertCodeUse,
} from './codes.repository.ts';
import type { CodesDb } from './codes.tables.ts';

/*
 * The price of an entry as the server charges it: from the competition's stored prices, the
 * number of works and the code, never from what the browser sent. A code is refused with one
 * reason, named on the `code` field.
 */

/** A competition's price columns as stored. */
export interface PriceColumns {
  entry_type: 'free' | 'paid';
  entry_fee: number;
  further_work_fee: number;
  early_bird_fee: number | null;
  early_bird_further_fee: number | null;
  early_bird_until: string | null;
  late_fee: number | null;
  late_further_fee: number | null;
  late_from: string | null;
}

/** The prices a competition charges: a free one (or a paid one without a fee) has none. */
export function competitionPricesOf(row: PriceColumns): Prices {
  if (!chargesFee({ entryType: row.entry_type, entryFee: row.entry_fee })) return flatPrices(0);
  return {
    entryFee: row.entry_fee,
    furtherWorkFee: row.further_work_fee,
    earlyBirdFee: row.early_bird_fee,
    earlyBirdFurtherFee: row.early_bird_further_fee,
    earlyBirdUntil: row.early_bird_until,
    lateFee: row.late_fee,
    lateFurtherFee: row.late_further_fee,
    lateFrom: row.late_from,
  };
}

const refuse = (reason: string) => invalidField('code', reason);

/** What a code is checked against. */
export interface CodeCheck {
  code: string;
  competitionId: string;
  /** Whether the competition charges nothing: a code has nothing to take off. */
  free: boolean;
  now: Date;
  /** Lower-cased; without it, whether this artist used the code is not asked. */
  email?: string;
  /** Lock the code's row (inside the registration's transaction). */
  lock?: boolean;
}

/** The code, or a 400 naming `code` with why it cannot be used. */
export async function usableCode(db: CodesDb, check: CodeCheck): Promise<CodeRow> {
  if (check.free) throw refuse(CODE_REFUSALS.freeCompetition);
  const code = await findCodeByText(db, check.code, check.lock);
  if (!code || code.active !== 1) throw refuse(CODE_REFUSALS.unknown);
  if (code.competition_id !== null && code.competition_id !== check.competitionId) {
    throw refuse(CODE_REFUSALS.otherCompetition);
  }
  if (code.expires_at !== null && check.now.getTime() >= Date.parse(code.expires_at)) {
    throw refuse(CODE_REFUSALS.expired);
  }
  if (check.email && (await codeUsedBy(db, code.id, check.email))) {
    throw refuse(CODE_REFUSALS.alreadyUsed);
  }
  if (code.max_uses !== null && (await countCodeUses(db, code.id)) >= code.max_uses) {
    throw refuse(CODE_REFUSALS.usedUp);
  }
  return code;
}

/** The price of a breakdown with its code, as an entry is saved with it. */
export interface PricedEntry {
  breakdown: PriceBreakdown;
  /** The code applied, if any. */
  codeId: string | null;
}

/** What registration asks to be priced. */
export interface EntryToPrice {
  competitionId: string;
  works: number;
  code: string | undefined;
  email: string;
  now: Date;
}

/**
 * Prices an entry inside its registration's transaction: the code's row locked and its uses
 * counted there, so its limit holds when two entries race for its last use.
 */
export async function priceEntry(trx: CodesDb, entry: EntryToPrice): Promise<PricedEntry> {
  const row = await findCompetitionPriceColumns(trx, entry.competitionId);
  const prices = row ? competitionPricesOf(row) : flatPrices(0);
  if (entry.code === undefined) {
    return { breakdown: priceOf(prices, entry.works, entry.now), codeId: null };
  }
  const code = await usableCode(trx, {
    code: entry.code,
    competitionId: entry.competitionId,
    free: prices.entryFee === 0,
    now: entry.now,
    email: entry.email.toLowerCase(),
    lock: true,
  });
  const terms = { code: code.code, kind: code.kind, value: code.value };
  return { breakdown: priceOf(prices, entry.works, entry.now, terms), codeId: code.id };
}

/** Records the code's use by the entry just inserted, in the same transaction. */
export async function recordCodeUse(
  trx: CodesDb,
  priced: PricedEntry,
  use: { submissionId: string; competitionId: string; email: string; now: Date },
): Promise<void> {
  if (priced.codeId === null) return;
  await insertCodeUse(trx, {
    id: randomUUID(),
    code_id: priced.codeId,
    submission_id: use.submissionId,
    email: use.email.toLowerCase(),
    competition_id: use.competitionId,
    discount: priced.breakdown.discount,
    created_at: use.now.toISOString(),
  });
}

/**
 * The submission's price columns: `entry_fee` is the net charged, `discount` what sums add up,
 * and the whole breakdown is kept for the receipt's lines.
 */
export function priceColumnsOf(priced: PricedEntry) {
  const { breakdown } = priced;
  return {
    entry_fee: breakdown.net,
    discount: breakdown.discount,
    code_id: priced.codeId,
    price_breakdown: JSON.stringify(breakdown),
  };
}
