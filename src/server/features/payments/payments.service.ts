import type { AdminPayment } from '../../../shared/schemas/admin-entry.ts';
import type { Deps } from '../../deps.ts';
import { type Checkout, createCheckout } from './checkout.ts';
import { createLedger, type Ledger, type LedgerOptions } from './ledger.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { findPaymentsOfEntry } from './payments.repository.ts';
import { createRefunds, type Refunds } from './refunds.ts';

/*
 * Paid entries, as the rest of the server sees them (deps.payments): the checkout (checkout.ts),
 * the ledger every input about a payment goes through (ledger.ts) and refunds (refunds.ts), over
 * the configured provider.
 */

export interface PaymentsService extends Checkout, Ledger, Refunds {
  provider: PaymentProvider;
  /** An entry's payment attempts, oldest first: the ledger as the admin's entry page lists it. */
  paymentsOfEntry(submissionId: string): Promise<AdminPayment[]>;
}

export function createPaymentsService(
  deps: Pick<Deps, 'db' | 'clock' | 'log'>,
  provider: PaymentProvider,
  options: LedgerOptions,
): PaymentsService {
  const ledger = createLedger(deps, provider, options);
  const { startCheckout, confirmCheckout } = createCheckout(
    deps,
    provider,
    ledger,
    options.paymentWindow,
  );
  const { refund } = createRefunds(deps, provider, ledger);
  return {
    provider,
    startCheckout,
    confirmCheckout,
    applyFact: ledger.applyFact,
    settle: ledger.settle,
    refund,
    async paymentsOfEntry(submissionId) {
      const rows = await findPaymentsOfEntry(deps.db, submissionId);
      return rows.map((p) => ({
        paymentId: p.payment_id,
        orderId: p.order_id,
        provider: p.provider,
        amountPaise: p.amount_paise,
        currency: p.currency,
        status: p.status,
        errorDescription: p.error_description,
        refundId: p.refund_id,
        createdAt: p.created_at,
        updatedAt: p.updated_at,
      }));
    },
  };
}
