import type { FeatureDb } from '../../db/feature-db.ts';
import type { Generated } from 'kysely';

/* The payments feature's tables: only its repositories write them (docs/architecture.md). */

export type PaymentOrderStatus = 'created' | 'paid';

export interface PaymentOrdersTable {
  order_id: string;
  submission_id: string | null;
  provider: string;
  amount_paise: number;
  currency: string;
  status: PaymentOrderStatus;
  check_after: string | null;
  checks: Generated<number>;
  claimed_until: string | null;
  created_at: string;
  updated_at: string;
}

export type PaymentStatus = 'created' | 'failed' | 'authorized' | 'captured' | 'refunded';

/** The ledger: one row per payment attempt. */
export interface PaymentsTable {
  payment_id: string;
  order_id: string;
  submission_id: string | null;
  provider: string;
  amount_paise: number;
  currency: string;
  status: PaymentStatus;
  error_description: string | null;
  refund_id: string | null;
  event_ids: Generated<string>;
  created_at: string;
  updated_at: string;
}

export interface PaymentEventsTable {
  event_id: string;
  received_at: string;
}

/** The built-in test provider's books (payments without Razorpay keys). */
export interface TestCheckoutOrdersTable {
  order_id: string;
  amount_paise: number;
  currency: string;
  receipt: string;
  created_at: string;
}

export interface TestCheckoutPaymentsTable {
  payment_id: string;
  order_id: string;
  amount_paise: number;
  currency: string;
  status: PaymentStatus;
  refund_id: string | null;
  created_at: string;
}

/** The tables this feature owns, as db/schema.ts composes them into DB. */
export interface PaymentsTables {
  payment_orders: PaymentOrdersTable;
  payments: PaymentsTable;
  payment_events: PaymentEventsTable;
  test_checkout_orders: TestCheckoutOrdersTable;
  test_checkout_payments: TestCheckoutPaymentsTable;
}

/** What the feature's repositories may query: the tables it owns and the ones it reads. */
export type PaymentsDb = FeatureDb<keyof PaymentsTables | 'submissions'>;
