import type { Deps } from '../../deps.ts';
import { createPeriodicJob, type PeriodicJob } from '../../jobs/periodic-job.ts';
import { ProviderError } from './payment-provider.ts';
import { claimOrder, findDueOrders, findOrder, rescheduleOrder } from './payments.repository.ts';
import { nextCheckAfter } from './reconcile-schedule.ts';

/*
 * An artist who paid and closed the tab before the page heard back is still marked paid. Orders
 * left waiting are asked about (the order's payments at the provider) when reconcile-schedule.ts
 * says they are due, and settled through the same state machine.
 */

export const RECONCILE_INTERVAL_MS = 60 * 1000;
/** How long a server holds an order it is checking (far beyond two 10 s provider calls). */
const CLAIM_MS = 2 * 60 * 1000;
const BATCH_SIZE = 20;

export type ReconciliationDeps = Pick<Deps, 'db' | 'clock' | 'log' | 'payments'>;

/** Checks every due order this server can claim; answers how many it checked. */
export async function reconcileDueOrders(
  { db, log, payments }: ReconciliationDeps,
  now: Date,
): Promise<number> {
  const stamp = now.toISOString();
  const due = await findDueOrders(db, stamp, BATCH_SIZE);
  let checked = 0;
  for (const { order_id: orderId } of due) {
    const claimedUntil = new Date(now.getTime() + CLAIM_MS).toISOString();
    if (!(await claimOrder(db, orderId, stamp, claimedUntil))) continue;
    checked++;
    try {
      for (const payment of await payments.provider.orderPayments(orderId)) {
        await payments.settle(payment);
      }
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      log.warn({ err: error.message, orderId }, 'payment reconciliation: provider failed');
    }
    const order = await findOrder(db, orderId);
    if (order?.status !== 'created') continue;
    const next = nextCheckAfter(order.created_at, order.checks, now);
    if (next === null) log.info({ orderId }, 'payment reconciliation: gave up after 24 h');
    await rescheduleOrder(db, orderId, next, stamp);
  }
  return checked;
}

/**
 * A round every minute while the app runs; `app.inject()` tests call reconcileDueOrders
 * themselves, at the time they choose.
 */
export function createReconciliationJob(deps: ReconciliationDeps): PeriodicJob {
  return createPeriodicJob({
    name: 'payment reconciliation',
    intervalMs: RECONCILE_INTERVAL_MS,
    round: () => reconcileDueOrders(deps, deps.clock.now()),
    log: deps.log,
  });
}
