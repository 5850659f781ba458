import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { paiseToRupees, rupeesToPaise } from '../../../shared/domain/money.ts';
import type { DB, PaymentStatus } from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';
import { type AuditActor, recordAudit } from '../audit/audit.ts';
import { queueEmail } from '../mail/outbox.service.ts';
import { writeEmail } from '../mail/email-templates.service.ts';
import { PAYMENT_RECEIVED_KIND, paymentValues } from '../mail/payment-received.ts';
import { PAYMENT_REFUNDED_KIND, paymentRefundedEmail } from '../mail/payment-refunded.ts';
import { advancePayment, wasCaptured } from './payment-state.ts';
import { type PaymentProvider, type ProviderPayment, ProviderError } from './payment-provider.ts';
import {
  countCapturedPayments,
  findLatestOrder,
  findOpenOrder,
  findPayableEntry,
  findOrder,
  findPayment,
  insertOrder,
  insertPayment,
  lockOrder,
  markEntryPaid,
  markEntryRefunded,
  markOrderPaid,
  recordEvent,
  updatePayment,
} from './payments.repository.ts';

/* Issue 13: paid entries. Only the server marks an entry paid, after proof from the provider. */

/** Seed §8's toasts, which the browser shows for these answers. */
export const PAYMENT_MESSAGES = {
  initFailed: 'Failed to initialize payment',
  failed: 'Payment failed',
  cancelled: 'Payment cancelled',
  notPayable: 'This entry has no fee to pay.',
  alreadyPaid: 'This entry is already paid.',
  noOrder: 'Start the payment again: this entry has no payment in progress.',
  badSignature: 'The payment could not be verified.',
  entryNotFound: 'Entry not found.',
  paymentNotFound: 'Payment not found.',
  notRefundable: 'Only a received payment can be refunded.',
  alreadyRefunded: 'This payment is already refunded.',
  refundFailed: 'The refund could not be made. Please try again.',
} as const;

/** How long after an order the reconciliation job first asks the provider about it. */
export const RECONCILE_AFTER_MS = 15 * 60 * 1000;

/** What the checkout is opened with. */
export interface CheckoutOrder {
  provider: 'razorpay' | 'test';
  keyId: string;
  orderId: string;
  amountPaise: number;
  currency: 'INR';
  reference: string;
  competitionTitle: string;
  prefill: { name: string; email: string; contact: string };
}

/** One thing learned about a payment attempt, from the browser, a webhook or reconciliation. */
export interface PaymentFact {
  orderId: string;
  paymentId: string;
  amountPaise: number;
  currency: string;
  status: PaymentStatus;
  errorDescription?: string | undefined;
  refundId?: string | undefined;
  /** A webhook's X-Razorpay-Event-Id: recorded with the change, so a repeat changes nothing. */
  eventId?: string | undefined;
  /** The admin whose action this fact is the result of: audited in the same transaction. */
  actor?: AuditActor | undefined;
}

export type FactOutcome =
  /** The event was seen before: nothing changed. */
  | 'repeat'
  /** No order of ours has this id. */
  | 'unknown-order'
  /** The amount or currency is not the order's: recorded nowhere, logged. */
  | 'mismatch'
  | 'applied';

export interface PaymentsService {
  provider: PaymentProvider;
  /** The submission's open order, made once and reused while the entry is payable. */
  startCheckout(submissionId: string): Promise<CheckoutOrder>;
  /** The browser's proof after the checkout: checked, then confirmed with the provider. */
  confirmCheckout(
    submissionId: string,
    paymentId: string,
    signature: unknown,
  ): Promise<{ paymentStatus: 'paid' | 'pending' }>;
  /** The one state machine every input goes through. */
  applyFact(fact: PaymentFact): Promise<FactOutcome>;
  /** The provider's word on a payment, applied; an authorized payment is captured first. */
  settle(payment: ProviderPayment): Promise<void>;
  /** A full refund of one received payment, asked by an admin; a retry never refunds twice. */
  refund(paymentId: string, admin: AuditActor): Promise<void>;
}

/** The one idempotency key of a payment's refund: Razorpay makes one refund per key. */
export const refundKeyOf = (paymentId: string) => `refund_${paymentId}`;

export function createPaymentsService(
  db: Kysely<DB>,
  provider: PaymentProvider,
  options: {
    siteTitle: () => Promise<string>;
    /** The entry page's address for the artist's e-mails. */
    entryLink: (submissionId: string) => Promise<string>;
    log: FastifyBaseLogger;
    onEmailQueued?: () => void;
  },
): PaymentsService {
  /** Checkouts being started, per submission: a double click asks the provider once. */
  const starting = new Map<string, Promise<CheckoutOrder>>();

  async function payableEntry(submissionId: string) {
    const entry = await findPayableEntry(db, submissionId);
    if (!entry) throw notFound(PAYMENT_MESSAGES.entryNotFound);
    if (entry.entry_type !== 'paid' || entry.entry_fee <= 0) {
      throw new AppError(409, 'NOT_PAYABLE', PAYMENT_MESSAGES.notPayable);
    }
    if (entry.payment_status === 'paid') {
      throw new AppError(409, 'ALREADY_PAID', PAYMENT_MESSAGES.alreadyPaid);
    }
    return entry;
  }

  async function start(submissionId: string): Promise<CheckoutOrder> {
    const entry = await payableEntry(submissionId);
    const checkout = (orderId: string): CheckoutOrder => ({
      provider: provider.name,
      keyId: provider.keyId,
      orderId,
      amountPaise: rupeesToPaise(entry.entry_fee),
      currency: 'INR',
      reference: entry.reference,
      competitionTitle: entry.competition_title,
      prefill: { name: entry.full_name, email: entry.email, contact: entry.phone },
    });
    const open = await findOpenOrder(db, submissionId);
    if (open && open.provider === provider.name) return checkout(open.order_id);

    let orderId: string;
    try {
      ({ orderId } = await provider.createOrder({
        amountPaise: rupeesToPaise(entry.entry_fee),
        currency: 'INR',
        receipt: entry.reference,
        notes: { submission_id: entry.id, reference: entry.reference },
      }));
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      options.log.warn({ err: error.message, reference: entry.reference }, 'payment order failed');
      throw new AppError(502, 'PAYMENT_INIT_FAILED', PAYMENT_MESSAGES.initFailed);
    }
    const now = new Date();
    try {
      await insertOrder(db, {
        order_id: orderId,
        submission_id: entry.id,
        provider: provider.name,
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
      if (winner) return checkout(winner.order_id);
      throw error;
    }
    return checkout(orderId);
  }

  async function applyFact(fact: PaymentFact): Promise<FactOutcome> {
    let emailQueued = false;
    // Read before the transaction: on SQLite the one connection is the transaction's until it ends.
    const siteTitle = await options.siteTitle();
    const known = await findOrder(db, fact.orderId);
    const entryLink = known?.submission_id ? await options.entryLink(known.submission_id) : '';
    const mail = { siteTitle, entryLink, now: new Date() };
    const outcome = await db.transaction().execute(async (trx): Promise<FactOutcome> => {
      const now = new Date();
      const stamp = now.toISOString();
      if (fact.eventId !== undefined && !(await recordEvent(trx, fact.eventId, stamp))) {
        return 'repeat';
      }
      const order = await lockOrder(trx, fact.orderId);
      if (!order) return 'unknown-order';
      if (fact.amountPaise !== order.amount_paise || fact.currency !== order.currency) {
        return 'mismatch';
      }
      const existing = await findPayment(trx, fact.paymentId);
      const status = advancePayment(existing?.status, fact.status);
      const eventIds: string[] = existing ? (JSON.parse(existing.event_ids) as string[]) : [];
      if (fact.eventId !== undefined) eventIds.push(fact.eventId);
      const row = {
        status,
        error_description: fact.errorDescription ?? existing?.error_description ?? null,
        refund_id: fact.refundId ?? existing?.refund_id ?? null,
        event_ids: JSON.stringify(eventIds),
        updated_at: stamp,
      };
      if (existing) {
        await updatePayment(trx, fact.paymentId, row);
      } else {
        await insertPayment(trx, {
          payment_id: fact.paymentId,
          order_id: order.order_id,
          submission_id: order.submission_id,
          provider: order.provider,
          amount_paise: fact.amountPaise,
          currency: fact.currency,
          created_at: stamp,
          ...row,
        });
      }
      const newlyCaptured = wasCaptured(status) && !(existing && wasCaptured(existing.status));
      if (newlyCaptured) {
        await markOrderPaid(trx, order.order_id, stamp);
        if (order.submission_id && (await markEntryPaid(trx, order.submission_id, stamp))) {
          emailQueued = true;
          await queueArtistEmail(trx, 'received', order.submission_id, fact.amountPaise, mail);
        }
      }
      const newlyRefunded = status === 'refunded' && existing?.status !== 'refunded';
      if (newlyRefunded && order.submission_id) {
        // An entry paid twice and refunded once is still paid.
        if ((await countCapturedPayments(trx, order.submission_id)) === 0) {
          await markEntryRefunded(trx, order.submission_id, stamp);
        }
        emailQueued = true;
        await queueArtistEmail(trx, 'refunded', order.submission_id, fact.amountPaise, mail);
      }
      // Once per refund, even when two servers carry the same admin's request.
      if (fact.actor && newlyRefunded) {
        await recordAudit(
          trx,
          {
            adminUserId: fact.actor.adminUserId,
            actor: fact.actor.username,
            action: 'payment.refund',
            entityType: 'submission',
            entityId: order.submission_id ?? undefined,
            details: { paymentId: fact.paymentId, amountPaise: fact.amountPaise },
          },
          now,
        );
      }
      return 'applied';
    });
    if (emailQueued) options.onEmailQueued?.();
    if (outcome === 'mismatch' || outcome === 'unknown-order') {
      options.log.warn(
        { orderId: fact.orderId, paymentId: fact.paymentId, outcome },
        'payment fact not applied',
      );
    }
    return outcome;
  }

  /** The artist's e-mail about a payment of their entry, written with the change. */
  async function queueArtistEmail(
    trx: Kysely<DB>,
    kind: 'received' | 'refunded',
    submissionId: string,
    amountPaise: number,
    mail: { siteTitle: string; entryLink: string; now: Date },
  ) {
    const entry = await findPayableEntry(trx, submissionId);
    if (!entry) return;
    const details = {
      siteTitle: mail.siteTitle,
      reference: entry.reference,
      fullName: entry.full_name,
      competitionTitle: entry.competition_title,
      amountRupees: paiseToRupees(amountPaise),
      entryLink: mail.entryLink,
    };
    const email =
      kind === 'received'
        ? await writeEmail(trx, PAYMENT_RECEIVED_KIND, paymentValues(details))
        : paymentRefundedEmail(details);
    await queueEmail(
      trx,
      {
        kind: kind === 'received' ? PAYMENT_RECEIVED_KIND : PAYMENT_REFUNDED_KIND,
        submissionId,
        to: entry.email,
        ...email,
      },
      mail.now,
    );
  }

  /** Refunds being made, per payment: a double click asks the provider once. */
  const refunding = new Map<string, Promise<void>>();

  async function refund(paymentId: string, admin: AuditActor): Promise<void> {
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
        options.log.warn({ err: error.message, paymentId }, 'refund failed');
        throw new AppError(502, 'REFUND_FAILED', PAYMENT_MESSAGES.refundFailed);
      }
    }
    await applyFact({
      orderId: payment.order_id,
      paymentId,
      amountPaise: payment.amount_paise,
      currency: payment.currency,
      status: 'refunded',
      refundId,
      actor: admin,
    });
  }

  /** The provider's word on a payment, applied; an authorized payment is captured first. */
  async function settle(payment: ProviderPayment): Promise<void> {
    let current = payment;
    if (current.status === 'authorized') {
      current = await provider.capture(current.id, current.amountPaise, current.currency);
    }
    if (current.status === undefined) return;
    await applyFact({
      orderId: current.orderId,
      paymentId: current.id,
      amountPaise: current.amountPaise,
      currency: current.currency,
      status: current.status,
      errorDescription: current.errorDescription,
    });
  }

  return {
    provider,
    startCheckout(submissionId) {
      let pending = starting.get(submissionId);
      if (!pending) {
        pending = start(submissionId).finally(() => starting.delete(submissionId));
        starting.set(submissionId, pending);
      }
      return pending;
    },
    async confirmCheckout(submissionId, paymentId, signature) {
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

      let payment: ProviderPayment | undefined;
      try {
        payment = await provider.fetchPayment(paymentId);
        if (
          payment &&
          payment.orderId === order.order_id &&
          payment.amountPaise === order.amount_paise &&
          payment.currency === order.currency
        ) {
          await settle(payment);
        }
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        // The provider is not answering: the webhook or the reconciliation job will settle it.
        options.log.warn(
          { err: error.message, reference: entry.reference },
          'payment check failed',
        );
        throw new AppError(502, 'PAYMENT_NOT_CONFIRMED', PAYMENT_MESSAGES.failed);
      }
      const after = await findPayableEntry(db, submissionId);
      if (after?.payment_status === 'paid') return { paymentStatus: 'paid' };
      throw new AppError(402, 'PAYMENT_FAILED', PAYMENT_MESSAGES.failed);
    },
    applyFact,
    settle,
    refund(paymentId, admin) {
      let pending = refunding.get(paymentId);
      if (!pending) {
        pending = refund(paymentId, admin).finally(() => refunding.delete(paymentId));
        refunding.set(paymentId, pending);
      }
      return pending;
    },
  };
}
