import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { Insertable } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeSubmissionRow } from '../../../../tests/factories/rows.ts';
import {
  ADMIN_PASSWORD,
  asAdmin,
  freshAddress,
  signIn,
} from '../../../../tests/setup/admin-session.ts';
import {
  addCompetition,
  defaultFiles,
  postRegistration,
  registrationData,
  registrationParts,
} from '../../../../tests/setup/registration.ts';
import { OUR_CLIENT_HEADERS, useTestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { LINK_REQUEST_MESSAGES } from '../../../shared/schemas/entry.ts';
import {
  AGE_CATEGORY_LABELS,
  REGISTRATION_MESSAGES,
} from '../../../shared/schemas/registration.ts';
import type { SubmissionsTable } from '../../db/schema.ts';
import { FIELDS_INVALID_MESSAGE } from '../../errors.ts';
import {
  CONFIRMATION_KIND,
  ENTRY_LINK_KIND,
  PAYMENT_RECEIVED_KIND,
  PAYMENT_REFUNDED_KIND,
} from '../mail/artist-emails.ts';
import { ENTRY_LINK_INVALID } from '../../../shared/entry-page.ts';
import { LINK_REQUEST_LIMIT } from './entries.service.ts';
import { ENTRY_TOKEN_LIFETIME_MS } from './entry-tokens.ts';
import { storedAnswersOf } from '../../../../tests/setup/stored-answers.ts';

/*
 * The artist's entry page over HTTP: POST /api/entries/view opens the entry a
 * signed link names, POST /api/entries/link-requests sends the link again; and the links the
 * confirmation and payment e-mails carry open their entry. The app is built without Razorpay
 * keys, so paying goes through the built-in test checkout.
 */

const t = useTestApp();
const db = () => t.app.deps.db;

const VIEW_URL = '/api/entries/view';
const LINK_REQUESTS_URL = '/api/entries/link-requests';
const INVALID_LINK = { error: { code: 'ENTRY_LINK_INVALID', message: ENTRY_LINK_INVALID } };
const SENT = { message: LINK_REQUEST_MESSAGES.sent };
const DAY_MS = 24 * 60 * 60 * 1000;

let adminToken: string;
beforeAll(async () => {
  adminToken = await signIn(t, 'admin', ADMIN_PASSWORD);
});

const post = (url: string, payload?: unknown, remoteAddress = freshAddress()) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: OUR_CLIENT_HEADERS,
    remoteAddress,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const view = (entryToken: unknown) => post(VIEW_URL, { entryToken });

const requestLink = (payload: unknown, remoteAddress?: string) =>
  post(LINK_REQUESTS_URL, payload, remoteAddress);

/** References as the site makes them, in a series no registration of this file uses. */
let referencesMade = 0;
const nextReference = () => `WS-1999-${String(++referencesMade).padStart(6, '0')}`;

/** An entry stored as a registration leaves it (no category: only the artist's details). */
async function entry(overrides: Partial<Insertable<SubmissionsTable>> = {}) {
  const row = makeSubmissionRow({ reference: nextReference(), ...overrides });
  await db().insertInto('submissions').values(row).execute();
  return { row, id: row.id as string, token: await t.app.deps.entryTokens.issue(row.id as string) };
}

/** The outbox's messages about one entry, of one kind, oldest first. */
const emailsOf = (submissionId: string, kind: string) =>
  db()
    .selectFrom('email_outbox')
    .select(['kind', 'to_address', 'subject', 'body_text', 'body_html', 'submission_id'])
    .where('submission_id', '=', submissionId)
    .where('kind', '=', kind)
    .orderBy('created_at')
    .execute();

const countOutbox = async () =>
  Number(
    (
      await db()
        .selectFrom('email_outbox')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** The entry links in a text: every `<publicUrl>/entry#<token>`, with its token. */
function entryLinksIn(text: string): { url: string; token: string }[] {
  return [...text.matchAll(/(https?:\/\/[^\s/]+\/entry)#([^\s"<]+)/g)].map((m) => ({
    url: `${m[1]}#${m[2]}`,
    token: m[2] as string,
  }));
}

/** The one entry link an e-mail carries, the same in its text and its HTML. */
function linkOf(email: { body_text: string; body_html: string }): { url: string; token: string } {
  const links = entryLinksIn(email.body_text);
  expect(links).toHaveLength(1);
  const link = links[0] as { url: string; token: string };
  expect(link.url.startsWith(`${t.config.publicUrl}/entry#`)).toBe(true);
  expect(email.body_html).toContain(`href="${link.url}"`);
  return link;
}

/** The details lines of an entry stored by makeSubmissionRow (no category, so no form fields). */
const artistDetails = (row: Insertable<SubmissionsTable>) => [
  { key: 'fullName', label: 'Full name', value: row.full_name },
  { key: 'age', label: 'Age', value: String(row.age) },
  { key: 'ageCategory', label: 'Age category', value: AGE_CATEGORY_LABELS.children },
  { key: 'gender', label: 'Gender', value: 'Male' },
  { key: 'email', label: 'Email', value: row.email },
  { key: 'phone', label: 'Phone', value: row.phone },
  { key: 'address', label: 'Address', value: row.address },
  { key: 'pincode', label: 'Pincode', value: row.pincode },
];

const json = (response: LightMyRequestResponse) => response.json() as Record<string, unknown>;

/** Pays the entry in full through the built-in test checkout; returns the payment's id. */
async function payWithTestCheckout(token: string): Promise<string> {
  const order = await post('/api/payments/orders', { entryToken: token });
  expect(order.statusCode, order.body).toBe(200);
  const orderId = json(order).orderId as string;
  const paid = await post(`/api/payments/test-checkout/${orderId}`, { outcome: 'pay' });
  expect(paid.statusCode, paid.body).toBe(200);
  return json(paid).razorpay_payment_id as string;
}

describe(`POST /api/entries/view on ${TEST_ENGINE}`, () => {
  it('shows the entry a valid token opens, privately and never cached', async () => {
    const { row, token } = await entry({
      entry_type: 'free',
      entry_fee: 0,
      payment_status: 'paid',
    });
    const response = await view(token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.json()).toEqual({
      reference: row.reference,
      competition: { id: null, title: row.competition_title },
      submittedAt: row.created_at,
      status: 'pending',
      paymentState: 'free',
      entryFee: 0,
      details: artistDetails(row),
      // Stored before the form asked: no choice recorded.
      publicationConsent: null,
      publicationConsentAt: null,
      // No results published for its competition.
      result: null,
    });
  });

  it('shows the answers of a registration in the form order, without any image or file key', async () => {
    const { competition } = await addCompetition(t, { entry_type: 'paid', entry_fee: 750 });
    const registered = await postRegistration(
      t,
      registrationParts(
        registrationData(competition.id, { email: 'kavya@example.com', fullName: 'Kavya Iyer' }),
        await defaultFiles(),
      ),
    );
    expect(registered.statusCode, registered.body).toBe(201);
    const receipt = json(registered);
    const stored = await db()
      .selectFrom('submissions')
      .select(['photo_key'])
      .where('id', '=', receipt.id as string)
      .executeTakeFirstOrThrow();
    const artworkKey = (await storedAnswersOf(db(), receipt.id as string)).artworkUrl;
    expect(artworkKey).toBeTruthy();

    const response = await view(receipt.entryToken);
    expect(response.statusCode, response.body).toBe(200);
    const shown = json(response);
    expect(shown).toMatchObject({
      reference: receipt.reference,
      competition: { id: competition.id, title: competition.title },
      status: 'pending',
      paymentState: 'pending',
      entryFee: 750,
    });
    expect(shown.details).toEqual([
      { key: 'fullName', label: 'Full name', value: 'Kavya Iyer' },
      { key: 'age', label: 'Age', value: '34' },
      { key: 'ageCategory', label: 'Age category', value: AGE_CATEGORY_LABELS.adult },
      { key: 'gender', label: 'Gender', value: 'Male' },
      { key: 'email', label: 'Email', value: 'kavya@example.com' },
      { key: 'phone', label: 'Phone', value: '+91 98765 43210' },
      { key: 'address', label: 'Address', value: '12 MG Road, Pune' },
      { key: 'pincode', label: 'Pincode', value: '411001' },
      {
        key: 'works.0.fieldValues.artworkTitle',
        label: 'Artwork Title',
        value: 'Rain on the Ghats',
      },
      { key: 'works.0.fieldValues.medium', label: 'Medium', value: 'Watercolour' },
      { key: 'works.0.fieldValues.size', label: 'Size', value: 'A3' },
      {
        key: 'works.0.fieldValues.description',
        label: 'Description',
        value: 'Clouds over the Sahyadri.',
      },
    ]);
    // No image field (not even its label), and no private file's key anywhere in the answer.
    expect(response.body).not.toContain('Artwork Photo');
    expect(response.body).not.toContain(stored.photo_key);
    expect(response.body).not.toContain(artworkKey as string);
    expect(response.body).not.toContain('private/');
    expect(response.body).not.toMatch(/photo_?key|artworkUrl/i);
  });

  it("follows the payment: 'pending', 'received' once paid, 'refunded' once refunded", async () => {
    const { id, token } = await entry({ entry_type: 'paid', entry_fee: 499 });
    const stateNow = async () => {
      const response = await view(token);
      expect(response.statusCode, response.body).toBe(200);
      return json(response);
    };
    expect(await stateNow()).toMatchObject({
      status: 'pending',
      paymentState: 'pending',
      entryFee: 499,
    });

    const paymentId = await payWithTestCheckout(token);
    expect(await stateNow()).toMatchObject({ status: 'pending', paymentState: 'received' });

    const refunded = await asAdmin(
      t,
      adminToken,
      'POST',
      `/api/admin/payments/${paymentId}/refund`,
    );
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(await stateNow()).toMatchObject({
      status: 'pending',
      paymentState: 'refunded',
      entryFee: 499,
    });
    expect((await emailsOf(id, PAYMENT_REFUNDED_KIND)).length).toBe(1);
  });

  it('shows an approved entry as approved: the review state, and nothing else of the review', async () => {
    const { token } = await entry({ status: 'approved' });
    const response = await view(token);
    expect(json(response)).toMatchObject({ status: 'approved', paymentState: 'pending' });
    expect(Object.keys(json(response)).sort()).toEqual([
      'competition',
      'details',
      'entryFee',
      'paymentState',
      'publicationConsent',
      'publicationConsentAt',
      'reference',
      'result',
      'status',
      'submittedAt',
    ]);
  });

  it('opens nothing with an altered token: its MAC, its id or its expiry changed (404)', async () => {
    const mine = await entry({ full_name: 'Ishaan Mehta', email: 'ishaan@example.com' });
    const theirs = await entry({ full_name: 'Diya Kapoor', email: 'diya@example.com' });
    const [id, expires, mac] = mine.token.split('.') as [string, string, string];
    const flip = (c: string) => (c === 'A' ? 'B' : 'A');
    const altered = [
      // One character of the MAC: its first, one in the middle, its last.
      `${id}.${expires}.${flip(mac[0] as string)}${mac.slice(1)}`,
      `${id}.${expires}.${mac.slice(0, 20)}${flip(mac[20] as string)}${mac.slice(21)}`,
      `${id}.${expires}.${mac.slice(0, -1)}${flip(mac.at(-1) as string)}`,
      // One character of the id, or another entry's id (which exists) with this MAC.
      `${id.slice(0, -1)}${id.endsWith('0') ? '1' : '0'}.${expires}.${mac}`,
      `${theirs.id}.${expires}.${mac}`,
      `${randomUUID()}.${expires}.${mac}`,
      // The expiry moved later, or earlier.
      `${id}.${Number(expires) + 1}.${mac}`,
      `${id}.${Number(expires) + 365 * 24 * 3600}.${mac}`,
      `${id}.${Number(expires) - 1}.${mac}`,
      // Upper-case id: the same entry, spelt as no token is.
      `${id.toUpperCase()}.${expires}.${mac}`,
    ];
    for (const token of altered) {
      expect(token).not.toBe(mine.token);
      const response = await view(token);
      expect(response.statusCode, token).toBe(404);
      expect(response.json(), token).toEqual(INVALID_LINK);
      for (const secret of [mine.row.reference, theirs.row.reference, 'Ishaan', 'Diya']) {
        expect(response.body).not.toContain(secret);
      }
    }
    // The genuine token still opens its own entry, and only it.
    expect(json(await view(mine.token))).toMatchObject({ reference: mine.row.reference });
    expect(json(await view(theirs.token))).toMatchObject({ reference: theirs.row.reference });
  });

  it('opens nothing with an expired token, but a token issued earlier still in its life works', async () => {
    const { row, id } = await entry();
    const expired = await t.app.deps.entryTokens.issue(
      id,
      new Date(Date.now() - ENTRY_TOKEN_LIFETIME_MS - 60_000),
    );
    const longExpired = await t.app.deps.entryTokens.issue(id, new Date(Date.now() - 400 * DAY_MS));
    for (const token of [expired, longExpired]) {
      const response = await view(token);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(INVALID_LINK);
    }
    const old = await t.app.deps.entryTokens.issue(id, new Date(Date.now() - 59 * DAY_MS));
    expect(json(await view(old))).toMatchObject({ reference: row.reference });
  });

  it('opens nothing once its entry is gone', async () => {
    const { id, token } = await entry();
    expect((await view(token)).statusCode).toBe(200);
    await db().deleteFrom('submissions').where('id', '=', id).execute();
    const response = await view(token);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(INVALID_LINK);
  });

  it('answers 404 ENTRY_LINK_INVALID to text that is no token at all', async () => {
    const { token } = await entry();
    const garbage = [
      'garbage',
      'x'.repeat(200),
      `${token}.extra`,
      `${token} `,
      token.split('.').slice(0, 2).join('.'),
      '../../etc/passwd',
      "' OR 1=1 --",
      '00000000-0000-0000-0000-000000000000.9999999999.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    ];
    for (const value of garbage) {
      const response = await view(value);
      expect(response.statusCode, value).toBe(404);
      expect(response.json(), value).toEqual(INVALID_LINK);
    }
  });

  it('answers 400 VALIDATION_ERROR to a body that is not { entryToken }', async () => {
    const { token } = await entry();
    const bodies: unknown[] = [
      { entryToken: '' },
      { entryToken: 'x'.repeat(201) },
      { entryToken: 42 },
      { entryToken: null },
      { entryToken: [token] },
      {},
      { token },
      { entryToken: token, reference: 'WS-2026-000001' },
      { entryToken: token, submissionId: randomUUID() },
    ];
    for (const body of bodies) {
      const response = await post(VIEW_URL, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error, JSON.stringify(body)).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: FIELDS_INVALID_MESSAGE,
      });
      expect(response.body).not.toContain('Aarav');
    }
    const missing = await post(VIEW_URL);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toMatch(/^(VALIDATION_ERROR|INVALID_JSON)$/);
    const broken = await t.app.inject({
      method: 'POST',
      url: VIEW_URL,
      headers: { ...OUR_CLIENT_HEADERS, 'content-type': 'application/json' },
      payload: '{"entryToken":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.code).toBe('INVALID_JSON');
  });

  it("needs our client's header, as every state-changing request does", async () => {
    const { token } = await entry();
    const response = await t.app.inject({
      method: 'POST',
      url: VIEW_URL,
      payload: { entryToken: token },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('CSRF_REJECTED');
  });
});

describe(`POST /api/entries/link-requests on ${TEST_ENGINE}`, () => {
  it('e-mails the link to the stored address once, and the link opens the entry', async () => {
    const { row, id } = await entry({ email: 'Ananya.Rao@Example.com', full_name: 'Ananya Rao' });
    const response = await requestLink({
      email: 'ananya.rao@example.com',
      reference: row.reference,
    });
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toEqual(SENT);

    const emails = await emailsOf(id, ENTRY_LINK_KIND);
    expect(emails).toHaveLength(1);
    const email = emails[0]!;
    expect(email).toMatchObject({
      kind: 'entry-link',
      to_address: 'Ananya.Rao@Example.com',
      subject: `Your entry link: ${row.competition_title} (${row.reference})`,
    });
    expect(email.body_text).toContain('Dear Ananya Rao,');
    expect(email.body_text).toContain(`Reference: ${row.reference}`);
    const link = linkOf(email);
    expect(link.url).toMatch(/^http:\/\/localhost:\d+\/entry#[0-9a-f-]{36}\.\d+\.[\w-]{43}$/);
    expect(link.token.startsWith(`${id}.`)).toBe(true);

    const opened = await view(link.token);
    expect(opened.statusCode).toBe(200);
    expect(json(opened)).toMatchObject({ reference: row.reference, paymentState: 'pending' });
  });

  it('takes the reference in lower case with spaces, and the address in any case', async () => {
    const { row, id } = await entry({ email: 'rohan@example.com' });
    const asked = [
      { email: 'ROHAN@EXAMPLE.COM', reference: row.reference.toLowerCase() },
      { email: '  Rohan@Example.com ', reference: `  ${row.reference.toLowerCase()}  ` },
    ];
    for (const body of asked) {
      const response = await requestLink(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(202);
      expect(response.json()).toEqual(SENT);
    }
    const emails = await emailsOf(id, ENTRY_LINK_KIND);
    expect(emails.map((e) => e.to_address)).toEqual(['rohan@example.com', 'rohan@example.com']);
    for (const email of emails) {
      expect(json(await view(linkOf(email).token))).toMatchObject({ reference: row.reference });
    }
  });

  it('answers a wrong address or an unknown reference exactly as a match, and sends nothing', async () => {
    const { row, id } = await entry({ email: 'meera@example.com' });
    const before = await countOutbox();
    const match = await requestLink({ email: 'meera@example.com', reference: row.reference });
    const wrongEmail = await requestLink({
      email: 'someone@example.com',
      reference: row.reference,
    });
    const unknown = await requestLink({ email: 'meera@example.com', reference: 'WS-1999-999999' });
    const nearMiss = await requestLink({ email: 'meera@example.co', reference: row.reference });
    for (const response of [wrongEmail, unknown, nearMiss]) {
      expect(response.statusCode).toBe(match.statusCode);
      expect(response.body).toBe(match.body);
      expect(response.headers['content-type']).toBe(match.headers['content-type']);
    }
    expect(match.json()).toEqual(SENT);
    // Only the match was sent.
    expect(await countOutbox()).toBe(before + 1);
    expect((await emailsOf(id, ENTRY_LINK_KIND)).map((e) => e.to_address)).toEqual([
      'meera@example.com',
    ]);
  });

  it('refuses bad input with 400 and the field that is wrong, sending nothing', async () => {
    const { row } = await entry({ email: 'nikhil@example.com' });
    const before = await countOutbox();
    const cases: [unknown, Record<string, string>][] = [
      [{ reference: row.reference }, { email: REGISTRATION_MESSAGES.emailRequired }],
      [{ email: '', reference: row.reference }, { email: REGISTRATION_MESSAGES.emailRequired }],
      [
        { email: 'not-an-address', reference: row.reference },
        { email: REGISTRATION_MESSAGES.emailInvalid },
      ],
      [
        { email: 'nikhil@example', reference: row.reference },
        { email: REGISTRATION_MESSAGES.emailInvalid },
      ],
      [{ email: 'nikhil@example.com' }, { reference: LINK_REQUEST_MESSAGES.referenceRequired }],
      [
        { email: 'nikhil@example.com', reference: '   ' },
        { reference: LINK_REQUEST_MESSAGES.referenceRequired },
      ],
      [
        { email: 'nikhil@example.com', reference: 'WS-26-1' },
        { reference: LINK_REQUEST_MESSAGES.referenceInvalid },
      ],
      [
        { email: 'nikhil@example.com', reference: row.reference.replace('WS-', 'XX-') },
        { reference: LINK_REQUEST_MESSAGES.referenceInvalid },
      ],
      [
        { email: 'nikhil@example.com', reference: `${row.reference}' OR '1'='1` },
        { reference: LINK_REQUEST_MESSAGES.referenceInvalid },
      ],
      [
        { email: 'nikhil@example.com', reference: `WS-1999-${'1'.repeat(40)}` },
        { reference: LINK_REQUEST_MESSAGES.referenceInvalid },
      ],
    ];
    for (const [body, fields] of cases) {
      const response = await requestLink(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json(), JSON.stringify(body)).toEqual({
        error: { code: 'VALIDATION_ERROR', message: FIELDS_INVALID_MESSAGE, fields },
      });
    }
    // Both wrong: both named.
    const both = await requestLink({ email: 'x', reference: 'y' });
    expect(both.json().error.fields).toEqual({
      email: REGISTRATION_MESSAGES.emailInvalid,
      reference: LINK_REQUEST_MESSAGES.referenceInvalid,
    });
    // An extra key, or no body at all.
    const extra = await requestLink({
      email: 'nikhil@example.com',
      reference: row.reference,
      submissionId: row.id,
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error.code).toBe('VALIDATION_ERROR');
    const empty = await post(LINK_REQUESTS_URL);
    expect(empty.statusCode).toBe(400);
    expect(await countOutbox()).toBe(before);
  });

  it('sends at most 3 links for one entry an hour, answering every request the same', async () => {
    const { row, id } = await entry({ email: 'zoya@example.com' });
    for (let i = 0; i < 6; i++) {
      // From a different address each time: the per-entry limit holds whoever asks.
      const response = await requestLink({ email: 'zoya@example.com', reference: row.reference });
      expect(response.statusCode, `request ${i + 1}`).toBe(202);
      expect(response.json()).toEqual(SENT);
    }
    const emails = await emailsOf(id, ENTRY_LINK_KIND);
    expect(emails).toHaveLength(3);
    // Another entry of the same artist is not held back by it.
    const other = await entry({ email: 'zoya@example.com' });
    await requestLink({ email: 'zoya@example.com', reference: other.row.reference });
    expect(await emailsOf(other.id, ENTRY_LINK_KIND)).toHaveLength(1);
  });

  it('refuses an 11th request from one address within the hour with 429 RATE_LIMITED', async () => {
    const address = freshAddress();
    const { row, id } = await entry({ email: 'farhan@example.com' });
    for (let i = 0; i < 10; i++) {
      const response = await requestLink(
        { email: 'farhan@example.com', reference: `WS-1999-${String(900_000 + i)}` },
        address,
      );
      expect(response.statusCode, `request ${i + 1}`).toBe(202);
    }
    // Even a request that matches is refused now, and sends nothing.
    const refused = await requestLink(
      { email: 'farhan@example.com', reference: row.reference },
      address,
    );
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: { code: 'RATE_LIMITED', message: LINK_REQUEST_LIMIT.message(60) },
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(59 * 60);
    expect(retryAfter).toBeLessThanOrEqual(60 * 60);
    expect(await emailsOf(id, ENTRY_LINK_KIND)).toEqual([]);

    // Another address is not held back.
    const elsewhere = await requestLink({ email: 'farhan@example.com', reference: row.reference });
    expect(elsewhere.statusCode).toBe(202);
    expect(await emailsOf(id, ENTRY_LINK_KIND)).toHaveLength(1);
  });

  it('does not count requests refused as invalid against the address', async () => {
    const address = freshAddress();
    const { row, id } = await entry({ email: 'tara@example.com' });
    for (let i = 0; i < 12; i++) {
      expect((await requestLink({ email: 'tara@example.com' }, address)).statusCode).toBe(400);
    }
    const response = await requestLink(
      { email: 'tara@example.com', reference: row.reference },
      address,
    );
    expect(response.statusCode).toBe(202);
    expect(await emailsOf(id, ENTRY_LINK_KIND)).toHaveLength(1);
  });
});

describe(`entry links in the artist's e-mails on ${TEST_ENGINE}`, () => {
  async function register(competition: { entry_type: 'free' | 'paid'; entry_fee: number }) {
    const added = await addCompetition(t, competition);
    const response = await postRegistration(
      t,
      registrationParts(
        registrationData(added.competition.id, { email: 'Sara.Khan@example.com' }),
        await defaultFiles(),
      ),
    );
    expect(response.statusCode, response.body).toBe(201);
    return json(response);
  }

  it("a free registration's confirmation links to its entry, showing 'free'", async () => {
    const receipt = await register({ entry_type: 'free', entry_fee: 0 });
    const emails = await emailsOf(receipt.id as string, CONFIRMATION_KIND);
    expect(emails).toHaveLength(1);
    const email = emails[0]!;
    expect(email.to_address).toBe('Sara.Khan@example.com');
    const link = linkOf(email);
    expect(email.body_text).toContain(`Follow your entry: ${link.url}`);
    expect(link.token.startsWith(`${receipt.id as string}.`)).toBe(true);
    const opened = await view(link.token);
    expect(opened.statusCode).toBe(200);
    expect(json(opened)).toMatchObject({
      reference: receipt.reference,
      status: 'pending',
      paymentState: 'free',
      entryFee: 0,
    });
  });

  it("a paid registration's confirmation links to its entry, where the fee is due", async () => {
    const receipt = await register({ entry_type: 'paid', entry_fee: 300 });
    const [email] = await emailsOf(receipt.id as string, CONFIRMATION_KIND);
    const link = linkOf(email!);
    expect(email!.body_text).toContain(`Follow your entry: ${link.url}`);
    expect(email!.body_text).toContain(
      'Payment Pending: the entry fee of ₹300 has not been received yet. You can pay it from your entry page.',
    );
    const opened = json(await view(link.token));
    expect(opened).toMatchObject({
      reference: receipt.reference,
      paymentState: 'pending',
      entryFee: 300,
    });
    // The link's token is an entry token like the receipt's: it starts the checkout too.
    const order = await post('/api/payments/orders', { entryToken: link.token });
    expect(order.statusCode).toBe(200);
    expect(json(order)).toMatchObject({ amountPaise: 30_000, reference: receipt.reference });
  });

  it("the payment-received and refund e-mails link to the entry, showing 'received' then 'refunded'", async () => {
    const { row, id, token } = await entry({ entry_type: 'paid', entry_fee: 499 });
    const paymentId = await payWithTestCheckout(token);
    const [received] = await emailsOf(id, PAYMENT_RECEIVED_KIND);
    expect(received).toMatchObject({ to_address: row.email });
    expect(json(await view(linkOf(received!).token))).toMatchObject({
      reference: row.reference,
      paymentState: 'received',
    });

    expect(
      (await asAdmin(t, adminToken, 'POST', `/api/admin/payments/${paymentId}/refund`)).statusCode,
    ).toBe(200);
    const [refunded] = await emailsOf(id, PAYMENT_REFUNDED_KIND);
    expect(refunded).toMatchObject({ to_address: row.email });
    expect(json(await view(linkOf(refunded!).token))).toMatchObject({
      reference: row.reference,
      paymentState: 'refunded',
    });
  });
});

describe(`entry links with PUBLIC_URL set on ${TEST_ENGINE}`, () => {
  const site = useTestApp({ config: { publicUrl: 'https://art.example.org' } });

  it('point at the configured address', async () => {
    const row = makeSubmissionRow({ reference: 'WS-1998-000001', email: 'leela@example.com' });
    await site.app.deps.db.insertInto('submissions').values(row).execute();
    const response = await site.app.inject({
      method: 'POST',
      url: LINK_REQUESTS_URL,
      headers: OUR_CLIENT_HEADERS,
      remoteAddress: freshAddress(),
      payload: { email: 'leela@example.com', reference: 'ws-1998-000001' },
    });
    expect(response.statusCode).toBe(202);
    const email = await site.app.deps.db
      .selectFrom('email_outbox')
      .select(['body_text', 'body_html'])
      .where('submission_id', '=', row.id as string)
      .where('kind', '=', ENTRY_LINK_KIND)
      .executeTakeFirstOrThrow();
    const links = entryLinksIn(email.body_text);
    expect(links).toHaveLength(1);
    expect(links[0]!.url).toBe(`https://art.example.org/entry#${links[0]!.token}`);
    expect(email.body_text).not.toContain('localhost');
    expect(email.body_html).toContain(`href="https://art.example.org/entry#${links[0]!.token}"`);
    const opened = await site.app.inject({
      method: 'POST',
      url: VIEW_URL,
      headers: OUR_CLIENT_HEADERS,
      payload: { entryToken: links[0]!.token },
    });
    expect(opened.json()).toMatchObject({ reference: 'WS-1998-000001' });
  });
});
