import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ENTRY_LINK_INVALID } from '../../../shared/entry-page.ts';
import { ErrorEnvelopeSchema } from '../../../shared/schemas/error.ts';
import {
  CheckoutOrderSchema,
  ConfirmCheckoutSchema,
  ConfirmedCheckoutSchema,
  StartCheckoutSchema,
  TestCheckoutOrderSchema,
  TestCheckoutOutcomeSchema,
  TestCheckoutResultSchema,
} from '../../../shared/schemas/payment.ts';
import { AppError, notFound } from '../../errors.ts';
import { PAYMENT_MESSAGES } from './payments.service.ts';
import type { TestProvider } from './test-provider.ts';

const ERRORS = {
  400: ErrorEnvelopeSchema,
  402: ErrorEnvelopeSchema,
  404: ErrorEnvelopeSchema,
  409: ErrorEnvelopeSchema,
  502: ErrorEnvelopeSchema,
};

/**
 * Issue 13: the artist's checkout. Both routes take the entry token (from the receipt or the
 * e-mailed link): the entry is the one the token opens, and nothing the browser says about
 * amounts or states is read.
 */
export function registerPaymentRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  const entryOf = async (token: string) => {
    const submissionId = await app.deps.entryTokens.verify(token);
    if (!submissionId) throw new AppError(404, 'ENTRY_LINK_INVALID', ENTRY_LINK_INVALID);
    return submissionId;
  };

  api.post(
    '/api/payments/orders',
    {
      schema: {
        summary: "Start paying for an entry: its order, made once and reused while it's payable",
        body: StartCheckoutSchema,
        response: { 200: CheckoutOrderSchema, ...ERRORS },
      },
    },
    async (request) => app.deps.payments.startCheckout(await entryOf(request.body.entryToken)),
  );

  api.post(
    '/api/payments/verify',
    {
      schema: {
        summary: "The checkout's proof of payment, checked and confirmed with the provider",
        body: ConfirmCheckoutSchema,
        response: { 200: ConfirmedCheckoutSchema, ...ERRORS },
      },
    },
    async (request) =>
      app.deps.payments.confirmCheckout(
        await entryOf(request.body.entryToken),
        request.body.razorpay_payment_id,
        request.body.razorpay_signature,
      ),
  );

  const provider = app.deps.payments.provider;
  if (provider.name === 'test') registerTestCheckoutRoutes(app, provider as TestProvider);
}

const OrderIdParams = z.object({ orderId: z.string().min(1).max(100) });

/**
 * The built-in test checkout's two calls, only when no Razorpay keys are configured: the order
 * the page shows, and its Pay and Fail buttons. A payment made here goes through the same state
 * machine as a Razorpay webhook would take it, and the browser is handed what Razorpay's
 * checkout hands it.
 */
function registerTestCheckoutRoutes(app: FastifyInstance, provider: TestProvider): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/payments/test-checkout/:orderId',
    {
      schema: {
        summary: 'A test order, as the test checkout page shows it',
        params: OrderIdParams,
        response: { 200: TestCheckoutOrderSchema, 404: ErrorEnvelopeSchema },
      },
    },
    async (request) => {
      const order = await provider.findOrder(request.params.orderId);
      if (!order) throw notFound('No such test order.');
      return { orderId: request.params.orderId, ...order };
    },
  );
  api.post(
    '/api/payments/test-checkout/:orderId',
    {
      schema: {
        summary: "The test checkout's Pay or Fail",
        params: OrderIdParams,
        body: TestCheckoutOutcomeSchema,
        response: {
          200: TestCheckoutResultSchema,
          402: ErrorEnvelopeSchema,
          404: ErrorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const { orderId } = request.params;
      if (!(await provider.findOrder(orderId))) throw notFound('No such test order.');
      const outcome = request.body.outcome === 'pay' ? 'captured' : 'failed';
      const { payment, signature } = await provider.pay(orderId, outcome);
      // What a webhook would tell, told at once.
      await app.deps.payments.applyFact({
        orderId,
        paymentId: payment.id,
        amountPaise: payment.amountPaise,
        currency: payment.currency,
        status: outcome,
        errorDescription: payment.errorDescription,
      });
      if (outcome === 'failed') {
        throw new AppError(402, 'PAYMENT_FAILED', PAYMENT_MESSAGES.failed);
      }
      return {
        razorpay_order_id: orderId,
        razorpay_payment_id: payment.id,
        razorpay_signature: signature,
      };
    },
  );
}
