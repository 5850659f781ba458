import type { Deps } from '../../deps.ts';
import { type ClaimedWork, createClaimedWork } from '../../jobs/claimed-work.ts';
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

export type ReconciliationDeps = Pick<Deps, 'db' | 'clock' | 'log' | 'payments'>;

/**
 * A batch of due orders a round, every minute while the app runs (not at start); `app.inject()`
 * tests call reconcileDueOrders themselves, at the time they choose.
 */
export function createReconciliationJob(
  { db, clock, log, payments }: ReconciliationDeps,
  background = true,
): ClaimedWork {
  return createClaimedWork({
    name: 'payment reconciliation',
    clock,
    log,
    background,
    pollIntervalMs: RECONCILE_INTERVAL_MS,
    runAtStart: false,
    claimMs: CLAIM_MS,
    untilDone: false,
    findDue: async (now, limit) =>
      (await findDueOrders(db, now, limit)).map((order) => order.order_id),
    claim: async (orderId, now, claimedUntil) =>
      (await claimOrder(db, orderId, now, claimedUntil)) ? orderId : undefined,
    async work(orderId, { now }) {
      try {
        for (const payment of await payments.provider.orderPayments(orderId)) {
          await payments.settle(payment);
        }
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        log.warn({ err: error.message, orderId }, 'payment reconciliation: provider failed');
      }
      const order = await findOrder(db, orderId);
      if (order?.status !== 'created') return;
      const next = nextCheckAfter(order.created_at, order.checks, now);
      if (next === null) log.info({ orderId }, 'payment reconciliation: gave up after 24 h');
      await rescheduleOrder(db, orderId, next, now.toISOString());
    },
  });
}

/** Checks every due order (a batch) this server can claim at `now`; answers how many it checked. */
export function reconcileDueOrders(deps: ReconciliationDeps, now: Date): Promise<number> {
  return createReconciliationJob(deps, false).runOnce(now);
}
