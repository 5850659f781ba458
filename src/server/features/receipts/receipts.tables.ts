import type { FeatureDb } from '../../db/feature-db.ts';

/* The receipts feature's tables: only its repositories write them (docs/architecture.md). */

export type ReceiptKind = 'receipt' | 'credit_note';

/** A receipt or credit note as it was issued: nothing in it changes afterwards. */
export interface ReceiptsTable {
  id: string;
  /** e.g. 'WS/2026-27/000123' or 'WS-CN/2026-27/000004' (receipt-numbers.ts). */
  number: string;
  kind: ReceiptKind;
  /** India's financial year of the issue, e.g. '2026-27'. */
  financial_year: string;
  /** 1, 2, 3, … within the kind and the financial year, without a gap. */
  sequence: number;
  submission_id: string | null;
  /** The provider's payment id: one receipt and at most one credit note per payment. */
  payment_id: string;
  /** A credit note's receipt. */
  reverses_number: string | null;
  amount_paise: number;
  currency: string;
  /** JSON: [{ label, amountPaise }], the fee lines as issued. */
  lines: string;
  /** The GST rate in hundredths of a percent (1800 is 18 %); null when none was set. */
  gst_rate_bp: number | null;
  /** The tax included in the amount. */
  gst_paise: number;
  /** JSON: { legalName, address, gstin } as they were. */
  seller: string;
  artist_name: string;
  artist_email: string;
  competition_title: string;
  entry_reference: string;
  issued_at: string;
}

/** One counter per series (`receipt:2026-27`): the last number taken. */
export interface ReceiptCountersTable {
  series: string;
  value: number;
}

/** The tables this feature owns, as db/schema.ts composes them into DB. */
export interface ReceiptsTables {
  receipts: ReceiptsTable;
  receipt_counters: ReceiptCountersTable;
}

/** What the feature's repositories may query: the tables it owns and the entries they are for. */
export type ReceiptsDb = FeatureDb<keyof ReceiptsTables | 'submissions'>;
