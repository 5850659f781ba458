import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { RAZORPAY_WEBHOOK_PATH } from '../../src/server/features/payments/razorpay-webhook.routes.ts';
import { makeSubmissionRow } from '../factories/rows.ts';
import { type FakeRazorpay, signedWebhook } from './fake-razorpay.ts';
import { OUR_CLIENT_HEADERS } from './test-app.ts';

/*
 * What the receipts' tests share: a paid entry, its payment taken at the fake Razorpay and told
 * to the app by the browser's verify or the webhook, and a PDF read back as text by poppler's
 * pdftotext (installed from Debian; a machine without it fails rather than skips).
 */

export const post = (app: FastifyInstance, url: string, payload: unknown) =>
  app.inject({ method: 'POST', url, headers: OUR_CLIENT_HEADERS, payload: payload as object });

/** A paid entry of `fee` rupees, pending, and its token. */
export async function paidEntry(app: FastifyInstance, fee = 499, email = 'asha@example.com') {
  const row = makeSubmissionRow({
    entry_type: 'paid',
    entry_fee: fee,
    payment_status: 'pending',
    email,
  });
  await app.deps.db.insertInto('submissions').values(row).execute();
  return { row, id: row.id as string, token: await app.deps.entryTokens.issue(row.id as string) };
}

/** The entry's order opened and a captured payment of it made at the fake. */
export async function capturedPayment(app: FastifyInstance, fake: FakeRazorpay, token: string) {
  const order = await post(app, '/api/payments/orders', { entryToken: token });
  expect(order.statusCode, order.body).toBe(200);
  return fake.addPayment(order.json<{ orderId: string }>().orderId, 'captured');
}

export const verify = (
  app: FastifyInstance,
  fake: FakeRazorpay,
  token: string,
  payment: Parameters<FakeRazorpay['checkoutResult']>[0],
) => post(app, '/api/payments/verify', { entryToken: token, ...fake.checkoutResult(payment) });

export function webhook(app: FastifyInstance, event: string, entity: object) {
  const { body, headers } = signedWebhook(event, { payment: { entity: { ...entity } } });
  return app.inject({ method: 'POST', url: RAZORPAY_WEBHOOK_PATH, headers, payload: body });
}

/** The receipts table, by issue. */
export function receiptRows(app: FastifyInstance) {
  return app.deps.db
    .selectFrom('receipts')
    .selectAll()
    .orderBy('kind')
    .orderBy('sequence')
    .execute();
}

/** A PDF's text as pdftotext reads it. */
export function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'receipt-'));
  try {
    const file = path.join(dir, 'receipt.pdf');
    writeFileSync(file, pdf);
    return execFileSync('/usr/bin/pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], {
      encoding: 'utf8',
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
