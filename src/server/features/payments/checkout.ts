import { rupeesToPaise } from '../../../shared/domain/paise.ts';
import type { Deps } from '../../deps.ts';
import { AppError, notFound } from '../../errors.ts';
import { singleFlight } from '../../single-flight.ts';
import { entryMayStillPay } from '../competitions/competitions.service.ts';
import { paymentStateOfRow } from '../submissions/submissions.service.ts';
import type { Ledger, LedgerOptions } from './ledger.ts';
import { PAYMENT_MESSAGES } from './payment-messages.ts';
import { type PaymentProvider, type ProviderPayment, ProviderError } from './payment-provider.ts';
import {
  findLatestOrder,
  findOpenOrder,
  findPayableEntry,
  insertOrder,
  type PayableEntryRow,
} from './payments.repository.ts';
import { RECONCILE_AFTER_MS } from './reconcile-schedule.ts';

/*
 * The artist's checkout: the entry's order, made once at the provider and reused while the entry
 * is payable, and the browser's proof afterwards, checked and confirmed with the provider. Only
 * the server marks an entry paid, after proof from the provider.
 */

/** What the checkout is opened with. */
export interface CheckoutOrder {
  provider: PaymentProvider['kind'];
  keyId: string;
  orderId: string;
  amountPaise: number;
  currency: 'INR';
  reference: string;
  competitionTitle: string;
  prefill: { name: string; email: string; contact: string };
}

export interface Checkout {
  /** The submission's open order, made once and reused while the entry is payable. */
  startCheckout(submissionId: string): Promise<CheckoutOrder>;
  /** The browser's proof after the checkout: checked, then confirmed with the provider. */
  confirmCheckout(
    submissionId: string,
    paymentId: string,
    signature: unknown,
  ): Promise<{ paymentStatus: 'paid' | 'pending' }>;
}

export function createCheckout(
  { db, clock, log }: Pick<Deps, 'db' | 'clock' | 'log'>,
  provider: PaymentProvider,
  ledger: Pick<Ledger, 'settle'>,
  paymentWindow: LedgerOptions['paymentWindow'],
): Checkout {
  /** Whether the entry's competition still accepts its payment (decision 021). */
  async function mayStillPay(submissionId: string): Promise<boolean> {
    return entryMayStillPay(db, submissionId, { ...(await paymentWindow()), now: clock.now() });
  }

  /** Checkouts being started, per submission: a double click asks the provider once. */
  const starting = singleFlight<CheckoutOrder>();

  async function payableEntry(submissionId: string) {
    const entry = await findPayableEntry(db, submissionId);
    if (!entry) throw notFound(PAYMENT_MESSAGES.entryNotFound);
    // The one rule of free and paid: a fee of 0 is free, whatever the entry type says.
    if (paymentStateOfRow(entry) === 'free') {
      throw new AppError(409, 'NOT_PAYABLE', PAYMENT_MESSAGES.notPayable);
    }
    if (entry.payment_status === 'paid') {
      throw new AppError(409, 'ALREADY_PAID', PAYMENT_MESSAGES.alreadyPaid);
    }
    if (entry.withdrawn_at !== null) {
      throw new AppError(409, 'ENTRY_WITHDRAWN', PAYMENT_MESSAGES.withdrawn);
    }
    if (!(await mayStillPay(submissionId))) {
      throw new AppError(409, 'ENTRIES_CLOSED', PAYMENT_MESSAGES.entriesClosed);
    }
    return entry;
  }

  const checkoutOf = (entry: PayableEntryRow, orderId: string): CheckoutOrder => ({
    provider: provider.kind,
    keyId: provider.keyId,
    orderId,
    amountPaise: rupeesToPaise(entry.entry_fee),
    currency: 'INR',
    reference: entry.reference,
    competitionTitle: entry.competition_title,
    prefill: { name: entry.full_name, email: entry.email, contact: entry.phone },
  });

  async function createOrder(entry: PayableEntryRow): Promise<string> {
    try {
      const { orderId } = await provider.createOrder({
        amountPaise: rupeesToPaise(entry.entry_fee),
        currency: 'INR',
        receipt: entry.reference,
        notes: { submission_id: entry.id, reference: entry.reference },
      });
      return orderId;
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      log.warn({ err: error.message, reference: entry.reference }, 'payment order failed');
      throw new AppError(502, 'PAYMENT_INIT_FAILED', PAYMENT_MESSAGES.initFailed);
    }
  }

  async function start(submissionId: string): Promise<CheckoutOrder> {
    const entry = await payableEntry(submissionId);
    const open = await findOpenOrder(db, submissionId);
    if (open && open.provider === provider.kind) return checkoutOf(entry, open.order_id);

    const orderId = await createOrder(entry);
    const now = clock.now();
    try {
      await insertOrder(db, {
        order_id: orderId,
        submission_id: entry.id,
        provider: provider.kind,
        amount_paise: rupeesToPaise(entry.entry_fee),
        currency: 'INR',
        status: 'created',
        check_after: new Date(now.getTime() + RECONCILE_AFTER_MS).toISOString(),
        claimed_until: null,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      });
    } catch (error) {
      // Another server made the submission's open order first: that one is used.
      const winner = await findOpenOrder(db, submissionId);
      if (winner) return checkoutOf(entry, winner.order_id);
      throw error;
    }
    return checkoutOf(entry, orderId);
  }

  async function confirmCheckout(
    submissionId: string,
    paymentId: string,
    signature: unknown,
  ): Promise<{ paymentStatus: 'paid' | 'pending' }> {
    const entry = await findPayableEntry(db, submissionId);
    if (!entry) throw notFound(PAYMENT_MESSAGES.entryNotFound);
    const order = await findLatestOrder(db, submissionId);
    if (!order) throw new AppError(409, 'NO_PAYMENT_IN_PROGRESS', PAYMENT_MESSAGES.noOrder);
    // The order id is the one stored for this entry, never one the browser names.
    const valid =
      typeof paymentId === 'string' &&
      (await provider.checkoutSignatureValid(order.order_id, paymentId, signature));
    if (!valid) throw new AppError(400, 'INVALID_SIGNATURE', PAYMENT_MESSAGES.badSignature);
    if (entry.payment_status === 'paid') return { paymentStatus: 'paid' };
    // Money taken too late is still settled, and so given back by the ledger.
    const late = !(await mayStillPay(submissionId));

    let payment: ProviderPayment | undefined;
    try {
      payment = await provider.fetchPayment(paymentId);
      if (
        payment &&
        payment.orderId === order.order_id &&
        payment.amountPaise === order.amount_paise &&
        payment.currency === order.currency
      ) {
        await ledger.settle(payment);
      }
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      // The provider is not answering: the webhook or the reconciliation job will settle it.
      log.warn({ err: error.message, reference: entry.reference }, 'payment check failed');
      throw new AppError(502, 'PAYMENT_NOT_CONFIRMED', PAYMENT_MESSAGES.failed);
    }
    const after = await findPayableEntry(db, submissionId);
    if (after?.payment_status === 'paid') return { paymentStatus: 'paid' };
    if (late) throw new AppError(409, 'ENTRIES_CLOSED', PAYMENT_MESSAGES.refundedLate);
    throw new AppError(402, 'PAYMENT_FAILED', PAYMENT_MESSAGES.failed);
  }

  return {
    startCheckout: (submissionId) => starting(submissionId, () => start(submissionId)),
    confirmCheckout,
  };
}
