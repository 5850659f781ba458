import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ENTRY_LINK_INVALID } from '../../../shared/entry-page.ts';
import { ErrorEnvelopeSchema } from '../../../shared/schemas/error.ts';
import {
  CheckoutOrderSchema,
  ConfirmCheckoutSchema,
  ConfirmedCheckoutSchema,
  StartCheckoutSchema,
} from '../../../shared/schemas/payment.ts';
import type { FeaturePlugin } from '../../deps.ts';
import { AppError } from '../../errors.ts';

const ERRORS = {
  400: ErrorEnvelopeSchema,
  402: ErrorEnvelopeSchema,
  404: ErrorEnvelopeSchema,
  409: ErrorEnvelopeSchema,
  502: ErrorEnvelopeSchema,
};

/**
 * Public scope (/api): the artist's checkout. Both routes take the entry token (from the receipt
 * or the e-mailed link): the entry is the one the token opens, and nothing the browser says about
 * amounts or states is read.
 */
export const paymentsPublicRoutes: FeaturePlugin = async (app, { deps }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  const entryOf = async (token: string) => {
    const submissionId = await deps.entryTokens.verify(token);
    if (!submissionId) throw new AppError(404, 'ENTRY_LINK_INVALID', ENTRY_LINK_INVALID);
    return submissionId;
  };

  api.post(
    '/payments/orders',
    {
      schema: {
        summary: "Start paying for an entry: its order, made once and reused while it's payable",
        body: StartCheckoutSchema,
        response: { 200: CheckoutOrderSchema, ...ERRORS },
      },
    },
    async (request) => deps.payments.startCheckout(await entryOf(request.body.entryToken)),
  );

  api.post(
    '/payments/verify',
    {
      schema: {
        summary: "The checkout's proof of payment, checked and confirmed with the provider",
        body: ConfirmCheckoutSchema,
        response: { 200: ConfirmedCheckoutSchema, ...ERRORS },
      },
    },
    async (request) =>
      deps.payments.confirmCheckout(
        await entryOf(request.body.entryToken),
        request.body.razorpay_payment_id,
        request.body.razorpay_signature,
      ),
  );
};
