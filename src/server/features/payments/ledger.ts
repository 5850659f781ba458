import type { Kysely, Selectable } from 'kysely';
import type { DB, PaymentOrdersTable, PaymentStatus } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import { entryMayStillPay } from '../competitions/competitions.service.ts';
import { markEntryPaid, markEntryRefunded } from '../submissions/submissions.service.ts';
import type { Seller } from '../../../shared/schemas/seller.ts';
import type { ReceiptContext } from '../receipts/receipts.service.ts';
import { type PaymentMailContext, queueArtistEmail } from './payment-emails.ts';
import { issuePaymentDocuments } from './payment-receipts.ts';
import { type PaymentProvider, type ProviderPayment, ProviderError } from './payment-provider.ts';
import { advancePayment, wasCaptured } from './payment-state.ts';
import {
  countCapturedPayments,
  findOrder,
  findPayment,
  insertPayment,
  lockOrder,
  findPayableEntry,
  markOrderPaid,
  recordEvent,
  updatePayment,
} from './payments.repository.ts';

/*
 * The ledger: every input about a payment (the browser after the checkout, a webhook, the
 * reconciliation job, a refund) goes through applyFact, the one state machine that records the
 * payment, marks the entry paid or refunded and queues the artist's e-mail, in one transaction.
 */

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
  /** A refund the server made itself, of money taken after entries closed (decision 021). */
  late?: boolean | undefined;
}

/** Who the audit log names for the server's own refunds. */
const SERVER_ACTOR: AuditActor = { adminUserId: null, username: 'system' };

/** The one idempotency key of a payment's refund: Razorpay makes one refund per key. */
export const refundKeyOf = (paymentId: string) => `refund_${paymentId}`;

export type FactOutcome =
  /** The event was seen before: nothing changed. */
  | 'repeat'
  /** No order of ours has this id. */
  | 'unknown-order'
  /** The amount or currency is not the order's: recorded nowhere, logged. */
  | 'mismatch'
  /** Captured for an entry that may no longer be paid for: not marked paid, to be refunded. */
  | 'late'
  | 'applied';

export interface Ledger {
  /** The one state machine every input goes through. */
  applyFact(fact: PaymentFact): Promise<FactOutcome>;
  /** The provider's word on a payment, applied; an authorized payment is captured first. */
  settle(payment: ProviderPayment): Promise<void>;
}

export interface LedgerOptions {
  siteTitle: () => Promise<string>;
  /** The entry page's address for the artist's e-mails. */
  entryLink: (submissionId: string) => Promise<string>;
  /** Called after a commit that queued an e-mail. */
  onEmailQueued?: () => void;
  /** The site's time zone and the grace period after the close: whether an entry may pay. */
  paymentWindow: () => Promise<{ timeZone: string; graceMs: number }>;
  /** The art space as its receipts name it (site settings). */
  seller: () => Promise<Seller>;
}

type PaymentWindow = Awaited<ReturnType<LedgerOptions['paymentWindow']>> & { now: Date };

/** Money taken for an entry, not yet paid, whose competition no longer accepts its payment. */
async function isLateCapture(
  trx: Kysely<DB>,
  order: OrderRow,
  status: PaymentStatus,
  window: PaymentWindow,
): Promise<boolean> {
  if (status !== 'captured' || !order.submission_id) return false;
  const entry = await findPayableEntry(trx, order.submission_id);
  if (!entry || entry.payment_status === 'paid') return false;
  return !(await entryMayStillPay(trx, order.submission_id, window));
}

type OrderRow = Selectable<PaymentOrdersTable>;

/** Records the fact on the payment's row (made on first sight); answers its status before and after. */
async function recordPayment(trx: Kysely<DB>, fact: PaymentFact, order: OrderRow, stamp: string) {
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
  return { before: existing?.status, status };
}

/**
 * What a payment's new status means for its order and entry: paid when first captured, refunded
 * when first refunded (audited when an admin asked), each with the artist's e-mail. Answers
 * whether an e-mail was queued.
 */
async function applyConsequences(
  trx: Kysely<DB>,
  fact: PaymentFact,
  order: OrderRow,
  change: { before: PaymentStatus | undefined; status: PaymentStatus },
  mail: PaymentMailContext,
  now: Date,
): Promise<boolean> {
  const stamp = now.toISOString();
  let emailQueued = false;
  const newlyCaptured =
    wasCaptured(change.status) && !(change.before && wasCaptured(change.before));
  if (newlyCaptured) {
    await markOrderPaid(trx, order.order_id, stamp);
    if (order.submission_id && (await markEntryPaid(trx, order.submission_id, stamp))) {
      emailQueued = true;
      await queueArtistEmail(trx, 'received', order.submission_id, fact.amountPaise, mail);
    }
  }
  const newlyRefunded = change.status === 'refunded' && change.before !== 'refunded';
  if (newlyRefunded && order.submission_id) {
    // An entry paid twice and refunded once is still paid.
    if ((await countCapturedPayments(trx, order.submission_id)) === 0) {
      await markEntryRefunded(trx, order.submission_id, stamp);
    }
    emailQueued = true;
    await queueArtistEmail(
      trx,
      'refunded',
      order.submission_id,
      fact.amountPaise,
      mail,
      fact.late === true,
    );
  }
  // Once per refund, even when two servers carry the same admin's request.
  if (fact.actor && newlyRefunded) {
    await recordAudit(
      trx,
      {
        adminUserId: fact.actor.adminUserId,
        actor: fact.actor.username,
        action: fact.late ? 'payment.refund-late' : 'payment.refund',
        entityType: 'submission',
        entityId: order.submission_id ?? undefined,
        details: {
          paymentId: fact.paymentId,
          amountPaise: fact.amountPaise,
          ...(fact.late ? { reason: 'entries closed' } : {}),
        },
      },
      now,
    );
  }
  return emailQueued;
}

export function createLedger(
  { db, clock, log }: Pick<Deps, 'db' | 'clock' | 'log'>,
  provider: PaymentProvider,
  options: LedgerOptions,
): Ledger {
  async function applyFact(fact: PaymentFact): Promise<FactOutcome> {
    let emailQueued = false;
    // Read before the transaction: on SQLite the one connection is the transaction's until it ends.
    const siteTitle = await options.siteTitle();
    const known = await findOrder(db, fact.orderId);
    const entryLink = known?.submission_id ? await options.entryLink(known.submission_id) : '';
    const mail = { siteTitle, entryLink, now: clock.now() };
    const window = await options.paymentWindow();
    const receipts = { ...mail, seller: await options.seller(), timeZone: window.timeZone };
    const outcome = await db.transaction().execute(async (trx): Promise<FactOutcome> => {
      const now = clock.now();
      const stamp = now.toISOString();
      if (fact.eventId !== undefined && !(await recordEvent(trx, fact.eventId, stamp))) {
        return 'repeat';
      }
      const order = await lockOrder(trx, fact.orderId);
      if (!order) return 'unknown-order';
      if (fact.amountPaise !== order.amount_paise || fact.currency !== order.currency) {
        return 'mismatch';
      }
      const change = await recordPayment(trx, fact, order, stamp);
      const late = await isLateCapture(trx, order, change.status, { ...window, now });
      if (!late) emailQueued = await applyConsequences(trx, fact, order, change, mail, now);
      // Last: a number's counter row stays locked until the commit (money taken late too).
      const payment = { ...fact, submissionId: order.submission_id };
      const context: ReceiptContext = { ...receipts, now };
      emailQueued = (await issuePaymentDocuments(trx, payment, change, context)) || emailQueued;
      return late ? 'late' : 'applied';
    });
    if (emailQueued) options.onEmailQueued?.();
    if (outcome === 'late') await refundLate(fact);
    if (outcome === 'mismatch' || outcome === 'unknown-order') {
      log.warn(
        { orderId: fact.orderId, paymentId: fact.paymentId, outcome },
        'payment fact not applied',
      );
    }
    return outcome;
  }

  /**
   * Gives back money taken after the competition stopped accepting it, through the same refund
   * as an admin's (one key per payment, so never twice); the ledger audits it and e-mails the
   * artist. When the provider fails, the next webhook or reconciliation round tries again.
   */
  async function refundLate(fact: PaymentFact): Promise<void> {
    let refundId: string | undefined;
    try {
      ({ refundId } = await provider.refund(
        fact.paymentId,
        fact.amountPaise,
        refundKeyOf(fact.paymentId),
      ));
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      const current = await provider.fetchPayment(fact.paymentId).catch(() => undefined);
      if (current?.status !== 'refunded') {
        log.warn({ err: error.message, paymentId: fact.paymentId }, 'late payment refund failed');
        return;
      }
    }
    log.info({ paymentId: fact.paymentId }, 'payment taken after entries closed: refunded');
    await applyFact({
      orderId: fact.orderId,
      paymentId: fact.paymentId,
      amountPaise: fact.amountPaise,
      currency: fact.currency,
      status: 'refunded',
      refundId,
      actor: SERVER_ACTOR,
      late: true,
    });
  }

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

  return { applyFact, settle };
}
