import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  checkoutSignature,
  webhookSignature,
} from '../../src/server/features/payments/razorpay-signatures.ts';

/*
 * A local fake of Razorpay's REST API, over real HTTP on 127.0.0.1, for the payments tests:
 * orders, an order's payments, a payment, capture and refunds (with X-Refund-Idempotency), basic
 * auth checked as Razorpay checks it. The test plays the artist's bank: it adds payments to an
 * order in the state it wants, and can make the API fail, or hang, for a number of calls.
 */

export const FAKE_KEY_ID = 'rzp_test_FakeKey0001';
export const FAKE_KEY_SECRET = 'fake-key-secret-0123456789';
export const FAKE_WEBHOOK_SECRET = 'fake-webhook-secret-abcdef';

export interface FakeOrder {
  id: string;
  amount: number;
  currency: string;
  receipt: string;
  notes: Record<string, string>;
  status: 'created' | 'attempted' | 'paid';
  created_at: number;
}

export interface FakePayment {
  id: string;
  entity: 'payment';
  order_id: string;
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  captured: boolean;
  email: string;
  contact: string;
  error_description: string | null;
  created_at: number;
}

export interface FakeRefund {
  id: string;
  entity: 'refund';
  payment_id: string;
  amount: number;
  currency: string;
  status: 'processed';
}

export interface FakeRazorpay {
  /** What RAZORPAY_API_URL is to reach it. */
  url: string;
  orders: Map<string, FakeOrder>;
  payments: Map<string, FakePayment>;
  refunds: FakeRefund[];
  /** Every request, in order: method and path. */
  requests: { method: string; path: string; headers: http.IncomingHttpHeaders; body: unknown }[];
  /** The next `count` requests answer 500 (or hang without answering, with `hang`). */
  failNext(count: number, mode?: 'error' | 'hang'): void;
  /** A payment of the order, in the state the test names, with the order's amount unless given. */
  addPayment(
    orderId: string,
    status: FakePayment['status'],
    changes?: Partial<FakePayment>,
  ): FakePayment;
  /** What the checkout hands the browser for a payment: its id and signature. */
  checkoutResult(payment: FakePayment): {
    razorpay_order_id: string;
    razorpay_payment_id: string;
    razorpay_signature: string;
  };
  close(): Promise<void>;
}

const id = (prefix: string) =>
  `${prefix}_${randomBytes(7).toString('base64url').replace(/[-_]/g, 'x')}`;

export async function startFakeRazorpay(): Promise<FakeRazorpay> {
  const orders = new Map<string, FakeOrder>();
  const payments = new Map<string, FakePayment>();
  const refunds: FakeRefund[] = [];
  const refundsByKey = new Map<string, FakeRefund>();
  const requests: FakeRazorpay['requests'] = [];
  let failures: { count: number; mode: 'error' | 'hang' } = { count: 0, mode: 'error' };
  const hanging = new Set<http.ServerResponse>();
  const expectedAuth = `Basic ${Buffer.from(`${FAKE_KEY_ID}:${FAKE_KEY_SECRET}`).toString('base64')}`;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: Record<string, unknown>;
      try {
        body = raw === '' ? {} : (JSON.parse(raw) as Record<string, unknown>);
      } catch {
        return send(400, error('BAD_REQUEST_ERROR', 'The request body is not valid JSON'));
      }
      const path = (req.url ?? '').split('?')[0] ?? '';
      requests.push({ method: req.method ?? '', path, headers: req.headers, body });
      if (failures.count > 0) {
        failures.count--;
        if (failures.mode === 'hang') {
          hanging.add(res);
          return;
        }
        return send(
          500,
          error(
            'SERVER_ERROR',
            'We are facing some trouble completing your request at the moment.',
          ),
        );
      }
      if (req.headers.authorization !== expectedAuth) {
        return send(401, error('BAD_REQUEST_ERROR', 'Authentication failed'));
      }
      route(req.method ?? '', path, body, req.headers);
    });

    function send(status: number, value: unknown) {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    }

    function route(
      method: string,
      path: string,
      body: Record<string, unknown>,
      headers: http.IncomingHttpHeaders,
    ) {
      let match: RegExpExecArray | null;
      if (method === 'POST' && path === '/v1/orders') {
        if (!Number.isInteger(body.amount) || (body.amount as number) < 100) {
          return send(400, error('BAD_REQUEST_ERROR', 'The amount must be atleast INR 1.00'));
        }
        const order: FakeOrder = {
          id: id('order'),
          amount: body.amount as number,
          currency: String(body.currency),
          receipt: String(body.receipt ?? ''),
          notes: (body.notes ?? {}) as Record<string, string>,
          status: 'created',
          created_at: Math.floor(Date.now() / 1000),
        };
        orders.set(order.id, order);
        return send(200, { entity: 'order', amount_paid: 0, attempts: 0, ...order });
      }
      if (method === 'GET' && (match = /^\/v1\/orders\/([^/]+)\/payments$/.exec(path))) {
        if (!orders.has(match[1] as string)) {
          return send(400, error('BAD_REQUEST_ERROR', 'The id provided does not exist'));
        }
        const items = [...payments.values()].filter((p) => p.order_id === match![1]);
        return send(200, { entity: 'collection', count: items.length, items });
      }
      if (method === 'GET' && (match = /^\/v1\/payments\/([^/]+)$/.exec(path))) {
        const payment = payments.get(match[1] as string);
        return payment
          ? send(200, payment)
          : send(400, error('BAD_REQUEST_ERROR', 'The id provided does not exist'));
      }
      if (method === 'POST' && (match = /^\/v1\/payments\/([^/]+)\/capture$/.exec(path))) {
        const payment = payments.get(match[1] as string);
        if (!payment)
          return send(400, error('BAD_REQUEST_ERROR', 'The id provided does not exist'));
        if (payment.status !== 'authorized') {
          return send(400, error('BAD_REQUEST_ERROR', 'This payment has already been captured'));
        }
        if (body.amount !== payment.amount || body.currency !== payment.currency) {
          return send(
            400,
            error('BAD_REQUEST_ERROR', 'Capture amount must be equal to the amount authorized'),
          );
        }
        payment.status = 'captured';
        payment.captured = true;
        markOrderPaid(payment.order_id);
        return send(200, payment);
      }
      if (method === 'POST' && (match = /^\/v1\/payments\/([^/]+)\/refund$/.exec(path))) {
        const key = headers['x-refund-idempotency'];
        if (typeof key === 'string' && refundsByKey.has(key))
          return send(200, refundsByKey.get(key));
        const payment = payments.get(match[1] as string);
        if (!payment)
          return send(400, error('BAD_REQUEST_ERROR', 'The id provided does not exist'));
        if (payment.status !== 'captured') {
          return send(
            400,
            error('BAD_REQUEST_ERROR', 'The payment has been fully refunded already'),
          );
        }
        const refund: FakeRefund = {
          id: id('rfnd'),
          entity: 'refund',
          payment_id: payment.id,
          amount: typeof body.amount === 'number' ? body.amount : payment.amount,
          currency: payment.currency,
          status: 'processed',
        };
        payment.status = 'refunded';
        refunds.push(refund);
        if (typeof key === 'string') refundsByKey.set(key, refund);
        return send(200, refund);
      }
      return send(404, error('NOT_FOUND', 'The requested URL was not found on the server.'));
    }
  });

  function markOrderPaid(orderId: string) {
    const order = orders.get(orderId);
    if (order) order.status = 'paid';
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    orders,
    payments,
    refunds,
    requests,
    failNext(count, mode = 'error') {
      failures = { count, mode };
    },
    addPayment(orderId, status, changes = {}) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`The fake has no order ${orderId}`);
      const payment: FakePayment = {
        id: id('pay'),
        entity: 'payment',
        order_id: orderId,
        amount: order.amount,
        currency: order.currency,
        status,
        captured: status === 'captured',
        email: 'artist@example.com',
        contact: '+919876543210',
        error_description:
          status === 'failed' ? 'Payment processing failed due to error at bank' : null,
        created_at: Math.floor(Date.now() / 1000),
        ...changes,
      };
      payments.set(payment.id, payment);
      if (order.status === 'created') order.status = 'attempted';
      if (payment.status === 'captured') markOrderPaid(orderId);
      return payment;
    },
    checkoutResult(payment) {
      return {
        razorpay_order_id: payment.order_id,
        razorpay_payment_id: payment.id,
        razorpay_signature: checkoutSignature(payment.order_id, payment.id, FAKE_KEY_SECRET),
      };
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function error(code: string, description: string) {
  return { error: { code, description, source: 'NA', step: 'NA', reason: 'NA', metadata: {} } };
}

/** A webhook as Razorpay sends it: the raw body, and the headers that sign and name it. */
export function signedWebhook(
  event: string,
  payload: Record<string, unknown>,
  options: { secret?: string; eventId?: string } = {},
): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify({
    entity: 'event',
    account_id: 'acc_Fake0001',
    event,
    contains: Object.keys(payload),
    payload,
    created_at: Math.floor(Date.now() / 1000),
  });
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': webhookSignature(body, options.secret ?? FAKE_WEBHOOK_SECRET),
      'x-razorpay-event-id': options.eventId ?? id('evt'),
    },
  };
}
