import type { FastifyInstance } from 'fastify';
import { ProviderError } from './payment-provider.ts';
import { RECONCILE_AFTER_MS } from './payments.service.ts';
import { claimOrder, findDueOrders, findOrder, rescheduleOrder } from './payments.repository.ts';

/*
 * Issue 13 item 5: an artist who paid and closed the tab before the page heard back is still
 * marked paid. Orders left waiting for 15 minutes are asked about (the order's payments at the
 * provider) and settled through the same state machine; each empty answer doubles the wait, and
 * after 24 hours the order is left alone (Razorpay's webhook may still settle it).
 */

export const RECONCILE_INTERVAL_MS = 60 * 1000;
export const RECONCILE_GIVE_UP_MS = 24 * 60 * 60 * 1000;
/** How long a server holds an order it is checking (far beyond two 10 s provider calls). */
const CLAIM_MS = 2 * 60 * 1000;
const BATCH_SIZE = 20;
/** The wait after each check: 15 min, 30 min, 1 h, ... at most 4 h. */
const MAX_WAIT_MS = 4 * 60 * 60 * 1000;

export function nextCheckAfter(createdAt: string, checks: number, now: Date): string | null {
  const wait = Math.min(RECONCILE_AFTER_MS * 2 ** (checks + 1), MAX_WAIT_MS);
  const next = now.getTime() + wait;
  return next > new Date(createdAt).getTime() + RECONCILE_GIVE_UP_MS
    ? null
    : new Date(next).toISOString();
}

/** Checks every due order this server can claim; answers how many it checked. */
export async function reconcileDueOrders(app: FastifyInstance, now = new Date()): Promise<number> {
  const db = app.deps.db;
  const stamp = now.toISOString();
  const due = await findDueOrders(db, stamp, BATCH_SIZE);
  let checked = 0;
  for (const { order_id: orderId } of due) {
    const claimedUntil = new Date(now.getTime() + CLAIM_MS).toISOString();
    if (!(await claimOrder(db, orderId, stamp, claimedUntil))) continue;
    checked++;
    try {
      for (const payment of await app.deps.payments.provider.orderPayments(orderId)) {
        await app.deps.payments.settle(payment);
      }
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      app.log.warn({ err: error.message, orderId }, 'payment reconciliation: provider failed');
    }
    const order = await findOrder(db, orderId);
    if (order?.status !== 'created') continue;
    const next = nextCheckAfter(order.created_at, order.checks, now);
    if (next === null) app.log.info({ orderId }, 'payment reconciliation: gave up after 24 h');
    await rescheduleOrder(db, orderId, next, stamp);
  }
  return checked;
}

/**
 * Runs every minute while the app runs: started when it is ready, stopped (waiting for a round
 * under way) when it closes, so `app.inject()` tests call reconcileDueOrders themselves.
 */
export function registerReconciliation(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const round = () => {
    running ??= reconcileDueOrders(app)
      .then(
        () => {},
        (error: unknown) => app.log.error({ err: error }, 'payment reconciliation failed'),
      )
      .finally(() => {
        running = undefined;
      });
  };
  app.addHook('onReady', async () => {
    timer = setInterval(round, RECONCILE_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
