import type { PaymentsConfig } from '../../config.ts';
import type { Deps } from '../../deps.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { createRazorpayProvider } from './razorpay-client.ts';
import { createTestProvider, type ServerKeys } from './test-provider.ts';

/** Razorpay when its keys are configured, else the built-in test checkout. */
export function createPaymentProvider(
  config: PaymentsConfig,
  deps: Pick<Deps, 'db' | 'clock'>,
  serverKeys: ServerKeys,
): PaymentProvider {
  return config.provider === 'razorpay'
    ? createRazorpayProvider({
        keyId: config.keyId,
        keySecret: config.keySecret,
        apiUrl: config.apiUrl,
      })
    : createTestProvider(deps, serverKeys);
}
