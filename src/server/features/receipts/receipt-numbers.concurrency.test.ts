import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_KEY_ID,
  FAKE_KEY_SECRET,
  FAKE_WEBHOOK_SECRET,
  type FakePayment,
  type FakeRazorpay,
  startFakeRazorpay,
} from '../../../../tests/setup/fake-razorpay.ts';
import {
  capturedPayment,
  paidEntry,
  receiptRows,
  verify,
  webhook,
} from '../../../../tests/setup/receipts.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { buildApp } from '../../app.ts';
import { financialYearOf } from '../../../shared/domain/receipt-number.ts';

/*
 * Numbers without a gap or a twin while many payments complete at once: on PostgreSQL through two
 * servers on one database (each payment told to one by the browser and to the other by the
 * webhook, at the same moment), on SQLite through one. A payment whose transaction is rolled back
 * after taking a number gives it back.
 */

const PAYMENTS = 24;

let fake: FakeRazorpay;
beforeAll(async () => {
  fake = await startFakeRazorpay();
});
afterAll(() => fake.close());

const t = useTestApp({
  config: {
    get payments() {
      return {
        provider: 'razorpay' as const,
        keyId: FAKE_KEY_ID,
        keySecret: FAKE_KEY_SECRET,
        webhookSecret: FAKE_WEBHOOK_SECRET,
        apiUrl: fake.url,
      };
    },
  },
});

/** The second server: another app on the same PostgreSQL; SQLite runs one server. */
let other: FastifyInstance;
beforeAll(async () => {
  other = TEST_ENGINE === 'postgres' ? await buildApp(t.config) : t.app;
  if (other !== t.app) await other.ready();
});
afterAll(async () => {
  if (other !== t.app) await other.close();
});

const year = () => financialYearOf(new Date(), 'Asia/Kolkata');
const expectedNumbers = (n: number) =>
  Array.from({ length: n }, (_, i) => `WS/${year()}/${String(i + 1).padStart(6, '0')}`);

/**
 * Refuses, inside the ledger's transaction, the receipt's e-mail to one address, written after its
 * number was taken: the payment rolls back with it.
 */
async function refuseMailTo(address: string | undefined) {
  const db = t.app.deps.db;
  if (TEST_ENGINE === 'postgres') {
    if (address === undefined) {
      await sql`drop trigger refuse_mail on email_outbox`.execute(db);
      return;
    }
    await sql
      .raw(
        `create function refuse_mail() returns trigger language plpgsql as $$ begin
           if new.to_address = '${address}' and new.kind = 'receipt-issued' then raise exception 'refused'; end if;
           return new; end $$;
         create trigger refuse_mail before insert on email_outbox
           for each row execute function refuse_mail();`,
      )
      .execute(db);
  } else if (address === undefined) {
    await sql`drop trigger refuse_mail`.execute(db);
  } else {
    await sql
      .raw(
        `create trigger refuse_mail before insert on email_outbox
           when new.to_address = '${address}' and new.kind = 'receipt-issued' begin select raise(abort, 'refused'); end`,
      )
      .execute(db);
  }
}

describe(`receipt numbers under concurrent payments (${TEST_ENGINE})`, () => {
  it(`numbers ${PAYMENTS} payments completing at once 1..${PAYMENTS}, one each`, async () => {
    const entries = await Promise.all(Array.from({ length: PAYMENTS }, () => paidEntry(t.app)));
    const payments: FakePayment[] = [];
    for (const entry of entries) payments.push(await capturedPayment(t.app, fake, entry.token));
    const answers = await Promise.all(
      entries.flatMap((entry, i) => {
        const [browser, hooks] = i % 2 === 0 ? [t.app, other] : [other, t.app];
        return [
          verify(browser, fake, entry.token, payments[i]!),
          webhook(hooks, 'payment.captured', payments[i]!),
        ];
      }),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    const rows = await receiptRows(t.app);
    expect(rows.map((r) => r.number)).toEqual(expectedNumbers(PAYMENTS));
    expect(new Set(rows.map((r) => r.payment_id))).toEqual(new Set(payments.map((p) => p.id)));
    const counter = await t.app.deps.db.selectFrom('receipt_counters').selectAll().execute();
    expect(counter).toEqual([{ series: `receipt:${year()}`, value: PAYMENTS }]);
  });

  it('gives back the number of a payment whose transaction rolled back', async () => {
    const refused = await paidEntry(t.app, 499, 'refused@example.com');
    const payment = await capturedPayment(t.app, fake, refused.token);
    await refuseMailTo('refused@example.com');
    expect((await verify(t.app, fake, refused.token, payment)).statusCode).toBe(500);
    expect(await receiptRows(t.app)).toHaveLength(PAYMENTS);
    await refuseMailTo(undefined);
    const next = await paidEntry(t.app);
    const paid = await capturedPayment(t.app, fake, next.token);
    expect((await webhook(other, 'payment.captured', paid)).statusCode).toBe(200);
    expect((await webhook(t.app, 'payment.captured', payment)).statusCode).toBe(200);
    const rows = await receiptRows(t.app);
    expect(rows.map((r) => r.number)).toEqual(expectedNumbers(PAYMENTS + 2));
    expect(rows.slice(-2).map((r) => r.payment_id)).toEqual([paid.id, payment.id]);
  });
});
