import type { FeaturePlugin } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { signatureMatches, webhookSignature } from './razorpay-signatures.ts';
import { factOfEvent } from './razorpay-webhook-event.ts';

export const RAZORPAY_WEBHOOK_PATH = '/api/payments/razorpay/webhook';

const EVENT_ID = /^[A-Za-z0-9_-]{1,100}$/;

/**
 * Razorpay's webhook, in a scope of its own registered at the root, only when Razorpay is the
 * provider: it comes from Razorpay, not our pages, so no CSRF check applies; its signature is its
 * proof. The signature is checked over the raw body, byte for byte, before anything is parsed;
 * the event id is stored with the change it causes. Answers: 200 for anything signed (handled,
 * repeated, unknown order or not used), 400 for a bad signature or body, and a 5xx when the
 * database fails, so Razorpay tries again.
 */
export const razorpayWebhookRoutes: FeaturePlugin = async (app, { deps }) => {
  const { payments: config } = deps.config;
  if (config.provider !== 'razorpay') return;
  const { webhookSecret } = config;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });
  app.post(
    RAZORPAY_WEBHOOK_PATH,
    { schema: { summary: "Razorpay's events, signed with the webhook secret", hide: true } },
    async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['x-razorpay-signature'];
      if (!signatureMatches(webhookSignature(raw, webhookSecret), signature)) {
        throw new AppError(400, 'INVALID_SIGNATURE', 'The webhook signature is not valid.');
      }
      const eventId = request.headers['x-razorpay-event-id'];
      if (typeof eventId !== 'string' || !EVENT_ID.test(eventId)) {
        throw new AppError(400, 'INVALID_EVENT_ID', 'The webhook has no valid event id.');
      }
      let event: unknown;
      try {
        event = JSON.parse(raw.toString('utf8'));
      } catch {
        throw new AppError(400, 'INVALID_BODY', 'The webhook body is not JSON.');
      }
      const fact = factOfEvent(event, eventId);
      if (!fact) return { received: true, outcome: 'ignored' };
      const outcome = await deps.payments.applyFact(fact);
      return { received: true, outcome };
    },
  );
};
