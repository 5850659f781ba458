import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutOrder } from '../../../../../shared/schemas/payment.ts';
import { ToastProvider } from '../../../../components/toast.tsx';
import { RAZORPAY_SCRIPT } from './razorpay-checkout.ts';
import { PAYMENT_ERRORS, useCheckout } from './use-checkout.tsx';

/*
 * Razorpay's own window cannot be reached from the test machines: these tests stand in for its
 * script with an object of the same shape (window.Razorpay) and check what the page asks of it
 * and how it takes each outcome. The server's side is tested over HTTP, the test checkout in
 * Chromium.
 */

const ORDER: CheckoutOrder = {
  provider: 'razorpay',
  keyId: 'rzp_test_1DP5mmOlF5G5ag',
  orderId: 'order_ABC',
  amountPaise: 49_900,
  currency: 'INR',
  reference: 'WS-2026-000042',
  competitionTitle: 'Monsoon Colours',
  prefill: { name: 'Aarav Sharma', email: 'aarav@example.com', contact: '+91 98765 43210' },
};

type Options = Record<string, unknown> & {
  handler: (result: unknown) => void;
  modal: { ondismiss: () => void };
};

let opened: { options: Options; failed: (() => void) | undefined }[] = [];

class FakeRazorpay {
  entry: (typeof opened)[number];
  constructor(options: Options) {
    this.entry = { options, failed: undefined };
    opened.push(this.entry);
  }
  on(_event: 'payment.failed', handler: () => void) {
    this.entry.failed = handler;
  }
  open() {}
}

/** Answers the checkout's two calls: the order, then the confirmation. */
function stubApi(
  confirmation: { status: number; body: unknown } = {
    status: 200,
    body: { paymentStatus: 'paid' },
  },
) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      calls.push(url);
      const answer = url.endsWith('/orders') ? { status: 200, body: ORDER } : confirmation;
      return Promise.resolve(new Response(JSON.stringify(answer.body), { status: answer.status }));
    }),
  );
  return calls;
}

let result: string | undefined;

function Harness() {
  const checkout = useCheckout();
  return (
    <>
      <button
        onClick={() => {
          void checkout.pay('token').then((state) => {
            result = state;
          });
        }}
      >
        Pay
      </button>
      {checkout.dialog}
    </>
  );
}

function start() {
  render(
    <ToastProvider>
      <Harness />
    </ToastProvider>,
  );
  act(() => screen.getByRole('button', { name: 'Pay' }).click());
}

const toast = (text: string) => screen.findByText(text);

beforeEach(() => {
  opened = [];
  result = undefined;
  window.Razorpay = FakeRazorpay as unknown as typeof window.Razorpay;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  delete window.Razorpay;
});

describe('paying through Razorpay', () => {
  it("opens the checkout with the server's order, the public key, the artist and the site colour", async () => {
    stubApi();
    start();
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(opened[0]!.options).toMatchObject({
      key: 'rzp_test_1DP5mmOlF5G5ag',
      order_id: 'order_ABC',
      amount: 49_900,
      currency: 'INR',
      prefill: ORDER.prefill,
      theme: { color: expect.stringMatching(/^#[0-9a-f]{6}$/i) },
    });
  });

  it("sends Razorpay's result to the server and settles paid when it agrees", async () => {
    const calls = stubApi();
    start();
    await waitFor(() => expect(opened).toHaveLength(1));
    act(() =>
      opened[0]!.options.handler({
        razorpay_order_id: 'order_ABC',
        razorpay_payment_id: 'pay_1',
        razorpay_signature: 'f'.repeat(64),
      }),
    );
    await waitFor(() => expect(result).toBe('paid'));
    expect(calls).toEqual(['/api/payments/orders', '/api/payments/verify']);
  });

  it("says 'Payment cancelled' when the window is closed, and the entry stays pending", async () => {
    stubApi();
    start();
    await waitFor(() => expect(opened).toHaveLength(1));
    act(() => opened[0]!.options.modal.ondismiss());
    expect(await toast(PAYMENT_ERRORS.cancelled)).toBeTruthy();
    expect(result).toBe('pending');
  });

  it("says 'Payment failed' when the window closes after a failed attempt", async () => {
    stubApi();
    start();
    await waitFor(() => expect(opened).toHaveLength(1));
    act(() => {
      opened[0]!.failed?.();
      opened[0]!.options.modal.ondismiss();
    });
    expect(await toast(PAYMENT_ERRORS.failed)).toBeTruthy();
    expect(result).toBe('pending');
  });

  it("says 'Payment failed' when the server does not confirm the payment", async () => {
    stubApi({ status: 400, body: { error: { code: 'INVALID_SIGNATURE', message: 'no' } } });
    start();
    await waitFor(() => expect(opened).toHaveLength(1));
    act(() =>
      opened[0]!.options.handler({
        razorpay_order_id: 'o',
        razorpay_payment_id: 'p',
        razorpay_signature: 's',
      }),
    );
    expect(await toast(PAYMENT_ERRORS.failed)).toBeTruthy();
    expect(result).toBe('pending');
  });

  it("says 'Failed to initialize payment' when no order can be made", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    start();
    expect(await toast(PAYMENT_ERRORS.initFailed)).toBeTruthy();
    expect(opened).toHaveLength(0);
  });

  it("loads Razorpay's script only when paying, and says 'Failed to load Razorpay SDK' when it cannot", async () => {
    delete window.Razorpay;
    stubApi();
    const append = vi.spyOn(document.head, 'append').mockImplementation((node) => {
      const script = node as HTMLScriptElement;
      expect(script.src).toBe(RAZORPAY_SCRIPT);
      queueMicrotask(() => script.onerror?.(new Event('error')));
    });
    expect(document.querySelector(`script[src="${RAZORPAY_SCRIPT}"]`)).toBeNull();
    start();
    expect(await toast(PAYMENT_ERRORS.sdkFailed)).toBeTruthy();
    expect(append).toHaveBeenCalledTimes(1);
    expect(result).toBe('pending');
  });
});
