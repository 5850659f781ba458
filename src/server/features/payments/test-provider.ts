import { randomBytes } from 'node:crypto';
import type { TestCheckoutPaymentsTable } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { type ProviderPayment, ProviderError, type TestProvider } from './payment-provider.ts';
import { checkoutSignature, signatureMatches } from './razorpay-signatures.ts';
import {
  findTestOrder,
  findTestPayment,
  findTestPaymentsOfOrder,
  insertTestOrder,
  insertTestPayment,
  lockTestOrder,
  updateTestPayment,
} from './test-checkout.repository.ts';

/*
 * The built-in test provider, used when no Razorpay keys are configured: the whole paid flow on
 * a fresh machine, in demos and in the browser journeys, with no money and no network. It keeps
 * its books in the database and signs its checkout results as Razorpay does (HMAC-SHA256 of
 * `order_id|payment_id`, with a key the server makes for itself), so everything after the
 * checkout runs the same code as with Razorpay.
 */

export const TEST_KEY_ID = 'test_checkout';
const KEY_NAME = 'test-checkout';

const newId = (prefix: string) => `${prefix}_test_${randomBytes(9).toString('base64url')}`;

function asPayment(row: TestCheckoutPaymentsTable): ProviderPayment {
  return {
    id: row.payment_id,
    orderId: row.order_id,
    amountPaise: row.amount_paise,
    currency: row.currency,
    status: row.status,
    errorDescription: row.status === 'failed' ? 'The test checkout was told to fail' : undefined,
  };
}

/** A secret the server makes for itself, the same for every process on the database. */
export type ServerKeys = (name: string) => Promise<Buffer>;

/** The test checkout signs with its own server key, asked for once (again after a failure). */
export function createTestProvider(
  { db, clock }: Pick<Deps, 'db' | 'clock'>,
  serverKeys: ServerKeys,
): TestProvider {
  let key: Promise<string> | undefined;
  const secret = () => {
    key ??= serverKeys(KEY_NAME).then(
      (bytes) => bytes.toString('base64'),
      (error: unknown) => {
        key = undefined;
        throw error;
      },
    );
    return key;
  };

  return {
    kind: 'test',
    keyId: TEST_KEY_ID,
    async createOrder(order) {
      const orderId = newId('order');
      await insertTestOrder(db, {
        order_id: orderId,
        amount_paise: order.amountPaise,
        currency: order.currency,
        receipt: order.receipt,
        created_at: clock.now().toISOString(),
      });
      return { orderId };
    },
    async fetchPayment(paymentId) {
      const row = await findTestPayment(db, paymentId);
      return row ? asPayment(row) : undefined;
    },
    async orderPayments(orderId) {
      return (await findTestPaymentsOfOrder(db, orderId)).map(asPayment);
    },
    async capture(paymentId) {
      await updateTestPayment(db, paymentId, 'authorized', { status: 'captured' });
      const row = await findTestPayment(db, paymentId);
      if (!row) throw new ProviderError('No such test payment', 400);
      return asPayment(row);
    },
    async refund(paymentId, _amountPaise, idempotencyKey) {
      const refundId = `rfnd_test_${idempotencyKey}`;
      const refunded = await updateTestPayment(db, paymentId, 'captured', {
        status: 'refunded',
        refund_id: refundId,
      });
      const row = await findTestPayment(db, paymentId);
      // A repeat of the same refund answers the first one, as Razorpay does.
      if (!refunded && row?.refund_id !== refundId) {
        throw new ProviderError('The test payment cannot be refunded', 400);
      }
      return { refundId };
    },
    async checkoutSignatureValid(orderId, paymentId, signature) {
      return signatureMatches(checkoutSignature(orderId, paymentId, await secret()), signature);
    },
    async pay(orderId, outcome) {
      // An order takes one payment, as Razorpay's does: with the order locked, a second Pay (a
      // double press, or another server) is handed the first one. Failed attempts may repeat.
      const row = await db.transaction().execute(async (trx) => {
        const order = await lockTestOrder(trx, orderId);
        if (!order) throw new ProviderError('No such test order', 400);
        const taken = (await findTestPaymentsOfOrder(trx, orderId)).find(
          (payment) => payment.status !== 'failed',
        );
        if (taken && outcome === 'captured') return taken;
        const payment: TestCheckoutPaymentsTable = {
          payment_id: newId('pay'),
          order_id: orderId,
          amount_paise: order.amount_paise,
          currency: order.currency,
          status: outcome,
          refund_id: null,
          created_at: clock.now().toISOString(),
        };
        await insertTestPayment(trx, payment);
        return payment;
      });
      return {
        payment: asPayment(row),
        signature: checkoutSignature(orderId, row.payment_id, await secret()),
      };
    },
    async findOrder(orderId) {
      const order = await findTestOrder(db, orderId);
      return order
        ? { amountPaise: order.amount_paise, currency: order.currency, receipt: order.receipt }
        : undefined;
    },
  };
}
