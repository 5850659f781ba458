import type { Kysely } from 'kysely';
import type { PaymentsConfig } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { createRazorpayProvider } from './razorpay-client.ts';
import { createTestProvider } from './test-provider.ts';

/** Razorpay when its keys are configured, else the built-in test checkout. */
export function createPaymentProvider(config: PaymentsConfig, db: Kysely<DB>): PaymentProvider {
  return config.provider === 'razorpay'
    ? createRazorpayProvider({
        keyId: config.keyId,
        keySecret: config.keySecret,
        apiUrl: config.apiUrl,
      })
    : createTestProvider(db);
}
