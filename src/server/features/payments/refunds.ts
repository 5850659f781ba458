import type { Deps } from '../../deps.ts';
import { AppError, notFound } from '../../errors.ts';
import { singleFlight } from '../../single-flight.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import { type Ledger, refundKeyOf } from './ledger.ts';
import { PAYMENT_MESSAGES } from './payment-messages.ts';
import { type PaymentProvider, ProviderError } from './payment-provider.ts';
import { findPayment } from './payments.repository.ts';

export { refundKeyOf };

export interface Refunds {
  /**
   * A full refund of one received payment, asked by an admin; a retry never refunds twice.
   * Answers the entry the payment was for (null when it has none).
   */
  refund(paymentId: string, admin: AuditActor): Promise<string | null>;
}

export function createRefunds(
  { db, log }: Pick<Deps, 'db' | 'log'>,
  provider: PaymentProvider,
  ledger: Pick<Ledger, 'applyFact'>,
): Refunds {
  /** Refunds being made, per payment: a double click asks the provider once. */
  const refunding = singleFlight<string | null>();

  async function refund(paymentId: string, admin: AuditActor): Promise<string | null> {
    const payment = await findPayment(db, paymentId);
    if (!payment) throw notFound(PAYMENT_MESSAGES.paymentNotFound);
    if (payment.status === 'refunded') {
      throw new AppError(409, 'ALREADY_REFUNDED', PAYMENT_MESSAGES.alreadyRefunded);
    }
    if (payment.status !== 'captured') {
      throw new AppError(409, 'NOT_REFUNDABLE', PAYMENT_MESSAGES.notRefundable);
    }
    let refundId: string | undefined;
    try {
      ({ refundId } = await provider.refund(
        paymentId,
        payment.amount_paise,
        refundKeyOf(paymentId),
      ));
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      // Refunded already (from Razorpay's dashboard, or a request whose answer was lost)?
      const current = await provider.fetchPayment(paymentId).catch(() => undefined);
      if (current?.status !== 'refunded') {
        log.warn({ err: error.message, paymentId }, 'refund failed');
        throw new AppError(502, 'REFUND_FAILED', PAYMENT_MESSAGES.refundFailed);
      }
    }
    await ledger.applyFact({
      orderId: payment.order_id,
      paymentId,
      amountPaise: payment.amount_paise,
      currency: payment.currency,
      status: 'refunded',
      refundId,
      actor: admin,
    });
    return payment.submission_id;
  }

  return {
    refund: (paymentId, admin) => refunding(paymentId, () => refund(paymentId, admin)),
  };
}
