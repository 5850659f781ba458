import type { Feature } from '../feature.ts';
import { paymentsPublicRoutes } from './payments.routes.ts';
import { razorpayWebhookRoutes } from './razorpay-webhook.routes.ts';
import { createReconciliationJob } from './reconciliation.ts';
import { paymentsAdminRoutes } from './refunds.routes.ts';
import { testCheckoutPublicRoutes } from './test-checkout.routes.ts';

export const paymentsFeature: Feature = {
  name: 'payments',
  routes: {
    public: [paymentsPublicRoutes, testCheckoutPublicRoutes],
    admin: [paymentsAdminRoutes],
    webhooks: [
      { plugin: razorpayWebhookRoutes, when: (config) => config.payments.provider === 'razorpay' },
    ],
  },
  workers: [(deps) => createReconciliationJob(deps)],
};
