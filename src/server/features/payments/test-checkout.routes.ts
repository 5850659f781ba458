import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorEnvelopeSchema } from '../../../shared/schemas/error.ts';
import {
  TestCheckoutOrderSchema,
  TestCheckoutOutcomeSchema,
  TestCheckoutResultSchema,
} from '../../../shared/schemas/payment.ts';
import type { FeaturePlugin } from '../../deps.ts';
import { AppError, notFound } from '../../errors.ts';
import { PAYMENT_MESSAGES } from './payment-messages.ts';

const OrderIdParams = z.object({ orderId: z.string().min(1).max(100) });

/**
 * Public scope (/api): the built-in test checkout's two calls, only when no Razorpay keys are
 * configured: the order the page shows, and its Pay and Fail buttons. A payment made here goes
 * through the same state machine as a Razorpay webhook would take it, and the browser is handed
 * what Razorpay's checkout hands it.
 */
export const testCheckoutPublicRoutes: FeaturePlugin = async (app, { deps }) => {
  const { provider } = deps.payments;
  if (provider.kind !== 'test') return;
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/payments/test-checkout/:orderId',
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
    '/payments/test-checkout/:orderId',
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
      await deps.payments.applyFact({
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
};
