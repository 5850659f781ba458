import { buffer } from 'node:stream/consumers';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, asAdmin, signIn } from '../../../../tests/setup/admin-session.ts';
import { artistCookies, signInArtist } from '../../../../tests/setup/artist-session.ts';
import { approvedEntry, artistNumbered } from '../../../../tests/setup/jury.ts';
import { post } from '../../../../tests/setup/receipts.ts';
import {
  addCompetition,
  defaultFiles,
  postRegistration,
  registrationData,
  registrationParts,
} from '../../../../tests/setup/registration.ts';
import { storedAnswersOf } from '../../../../tests/setup/stored-answers.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { createRunningClock } from '../../../../tests/setup/test-clock.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { competitionWindow, formatClosing } from '../../../shared/domain/competition-status.ts';
import type { MyDetails, MyEntries, MyEntry } from '../../../shared/schemas/artist.ts';
import type { EntryView } from '../../../shared/schemas/entry.ts';
import { displayKeyOf } from '../media/media.service.ts';

/*
 * "My entries" over HTTP, signed in as an artist through the real sign-in: every entry of the
 * address in any case and in every competition, the newest first, withdrawn ones too, each as
 * its own entry page shows it; the artist's files and receipts served to them alone; their
 * details from their latest standing entry.
 */

const clock = createRunningClock();
const t = useTestApp({ clock, config: { adminPassword: ADMIN_PASSWORD } });
const ZONE = 'Asia/Kolkata';

const artist = { ...artistNumbered(1), email: 'meera.iyer@artist.example' };
const other = artistNumbered(2);

interface Registered {
  id: string;
  entryToken: string;
}

let admin: string;
let cookie: Record<string, string>;
/** The artist's entries by what happened to them; `others` is someone else's. */
const e = {} as Record<'winner' | 'paid' | 'free' | 'withdrawn' | 'others', Registered>;
let freeCompetition: { start_date: string; end_date: string; closing_time?: string | null };

const get = (url: string, cookies: Record<string, string> = cookie) =>
  t.app.inject({ method: 'GET', url, cookies });

async function register(
  competitionId: string,
  overrides: Record<string, unknown>,
): Promise<Registered> {
  const data = registrationData(competitionId, overrides);
  const response = await postRegistration(t, registrationParts(data, await defaultFiles()));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Registered>();
}

async function entryPage(entry: Registered): Promise<EntryView> {
  const response = await post(t.app, '/api/entries/view', { entryToken: entry.entryToken });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<EntryView>();
}

async function okAsAdmin(method: 'PUT' | 'POST', url: string, payload?: object) {
  const response = await asAdmin(t, admin, method, url, payload);
  expect(response.statusCode, response.body).toBe(200);
}

/** The stored bytes of `key`, as the storage holds them. */
async function storedBytes(key: string): Promise<Buffer> {
  const file = await t.app.deps.storage.get(key);
  expect(file, key).toBeDefined();
  return buffer(file!.body);
}

beforeAll(async () => {
  admin = await signIn(t, 'admin', ADMIN_PASSWORD);
  // An entry whose results are out: approved, awarded, entries closed, published.
  const results = (await addCompetition(t)).competition;
  const winnerId = await approvedEntry(t, admin, results.id, artist, 'Monsoon');
  e.winner = { id: winnerId, entryToken: await t.app.deps.entryTokens.issue(winnerId) };
  const base = `/api/admin/competitions/${results.id}`;
  await okAsAdmin('PUT', `${base}/awards`, {
    awards: [{ submissionId: winnerId, title: 'First', prize: 'A solo show' }],
  });
  await okAsAdmin('POST', `${base}/close-entries`);
  await okAsAdmin('POST', `${base}/results/publish`);

  // A paid entry, made with the address in capitals, and paid at the test checkout.
  const paid = (await addCompetition(t, { entry_type: 'paid', entry_fee: 500 })).competition;
  e.paid = await register(paid.id, { ...artist, email: 'Meera.IYER@Artist.Example' });
  const order = await post(t.app, '/api/payments/orders', { entryToken: e.paid.entryToken });
  expect(order.statusCode, order.body).toBe(200);
  const { orderId } = order.json<{ orderId: string }>();
  const pay = await post(t.app, `/api/payments/test-checkout/${orderId}`, { outcome: 'pay' });
  expect(pay.statusCode, pay.body).toBe(200);

  const free = (await addCompetition(t)).competition;
  freeCompetition = free;
  e.free = await register(free.id, { ...artist, address: '7 New Road, Chennai' });
  e.others = await register(free.id, { ...other });
  // The newest, withdrawn: an unpaid entry replaced by "Start a different entry".
  e.withdrawn = await register(paid.id, { ...artist, address: '9 Old Road, Madurai' });
  const withdrawn = await post(t.app, '/api/entries/withdraw', {
    entryToken: e.withdrawn.entryToken,
  });
  expect(withdrawn.statusCode, withdrawn.body).toBe(200);

  cookie = artistCookies(await signInArtist(t.app, artist.email));
});

describe(`my entries (${TEST_ENGINE})`, () => {
  let entries: MyEntry[];
  const entry = (which: keyof typeof e) => entries.find((found) => found.id === e[which].id)!;

  beforeAll(async () => {
    const response = await get('/api/me/entries');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    entries = response.json<MyEntries>().entries;
  });

  it('lists every entry of the address, any case, newest first, and nobody else’s', () => {
    expect(entries.map((found) => found.id)).toEqual(
      [e.withdrawn, e.free, e.paid, e.winner].map((found) => found.id),
    );
  });

  it('shows each as its entry page does, with its close and what may be done now', async () => {
    const page = await entryPage(e.free);
    expect(entry('free')).toMatchObject({
      reference: page.reference,
      competition: page.competition,
      status: 'pending',
      paymentState: 'free',
      withdrawnAt: null,
      closesAt: formatClosing(
        competitionWindow(
          {
            startDate: freeCompetition.start_date,
            endDate: freeCompetition.end_date,
            closingTime: freeCompetition.closing_time,
          },
          ZONE,
        ).closesAt,
        ZONE,
      ),
      editable: true,
      withdrawable: true,
      refundOnWithdrawal: false,
      details: page.details,
      result: null,
      receipts: [],
    });
    expect(entry('free').details).toContainEqual({
      key: 'email',
      label: 'Email',
      value: artist.email,
    });
    expect(entry('free').works).toEqual([
      {
        number: 1,
        title: 'Rain on the Ghats',
        files: [expect.objectContaining({ kind: 'image' }) as unknown],
      },
    ]);
    expect(entry('free').photo).toMatchObject({ label: 'photo', kind: 'image' });
  });

  it('lists a withdrawn entry with when, no longer editable nor withdrawable', () => {
    expect(entry('withdrawn')).toMatchObject({
      status: 'withdrawn',
      withdrawnAt: expect.any(String) as unknown,
      editable: false,
      withdrawable: false,
    });
  });

  it('lists a paid entry with its receipt, whose PDF only its artist gets', async () => {
    const paid = entry('paid');
    expect(paid).toMatchObject({ paymentState: 'received', entryFee: 500, editable: true });
    expect(paid.receipts).toEqual([
      {
        number: expect.stringMatching(/^WS\//) as unknown,
        kind: 'receipt',
        url: `/api/me/receipts/${encodeURIComponent(paid.receipts[0]!.number)}`,
      },
    ]);
    const pdf = await get(paid.receipts[0]!.url);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['cache-control']).toBe('private, no-store');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const stranger = artistCookies(await signInArtist(t.app, other.email));
    expect((await get(paid.receipts[0]!.url, stranger)).statusCode).toBe(404);
    expect((await get('/api/me/receipts/WS%2F2099-00%2F000001')).statusCode).toBe(404);
  });

  it('lists a published result with its certificate, as the entry page has it', async () => {
    const winner = entry('winner');
    expect(winner.result).toEqual((await entryPage(e.winner)).result);
    expect(winner.result).toMatchObject({ outcome: 'award', award: 'First' });
    expect(winner.result?.certificateCode).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    // Its entries are closed: nothing more may be done.
    expect(winner).toMatchObject({ editable: false, withdrawable: false });
  });

  it('serves the artist their own photo and pictures, kept by no cache', async () => {
    const { photo_key } = await t.app.deps.db
      .selectFrom('submissions')
      .select('photo_key')
      .where('id', '=', e.free.id)
      .executeTakeFirstOrThrow();
    const photo = await get(entry('free').photo!.url);
    expect(photo.statusCode, photo.body).toBe(200);
    expect(photo.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'cache-control': 'private, no-store',
    });
    expect(photo.rawPayload.equals(await storedBytes(photo_key))).toBe(true);

    // A picture as its display copy.
    const { artworkUrl } = await storedAnswersOf(t.app.deps.db, e.free.id);
    const picture = await get(entry('free').works[0]!.files[0]!.url);
    expect(picture.statusCode, picture.body).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');
    expect(picture.rawPayload.equals(await storedBytes(displayKeyOf(artworkUrl!)))).toBe(true);
  });

  it('refuses anyone else’s file, an unknown one, and anyone signed out', async () => {
    const theirs = `/api/me/files/${e.others.id}._photo`;
    const stranger = artistCookies(await signInArtist(t.app, other.email));
    expect((await get(theirs, stranger)).statusCode).toBe(200);
    for (const url of [
      theirs,
      '/api/me/files/unknown',
      `/api/me/files/${e.free.id}.nothing`,
      `/api/me/files/${e.free.id}`,
    ]) {
      const refused = await get(url);
      expect(refused.statusCode, url).toBe(404);
      expect(refused.json().error.code, url).toBe('NOT_FOUND');
    }
    const signedOut = await t.app.inject({ method: 'GET', url: entry('free').photo!.url });
    expect(signedOut.statusCode).toBe(401);
    for (const url of ['/api/me/entries', '/api/me/details']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
  });
});

describe(`my details (${TEST_ENGINE})`, () => {
  it('come from the latest entry that stands, with its photo to reuse', async () => {
    const response = await get('/api/me/details');
    expect(response.statusCode, response.body).toBe(200);
    const details = response.json<MyDetails>();
    expect(details).toEqual({
      fullName: artist.fullName,
      age: artist.age,
      gender: 'male',
      email: artist.email,
      phone: artist.phone,
      address: '7 New Road, Chennai',
      pincode: artist.pincode,
      photo: {
        id: `${e.free.id}._photo`,
        label: 'photo',
        kind: 'image',
        url: `/api/me/files/${e.free.id}._photo`,
      },
    });
    expect((await get(details.photo!.url)).statusCode).toBe(200);
  });

  it('are not found for an artist whose entries are all gone', async () => {
    const gone = artistNumbered(3);
    const only = await register((await addCompetition(t)).competition.id, { ...gone });
    const theirs = artistCookies(await signInArtist(t.app, gone.email));
    const removed = await asAdmin(t, admin, 'DELETE', `/api/admin/submissions/${only.id}`);
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    const details = await get('/api/me/details', theirs);
    expect(details.statusCode).toBe(404);
    expect(details.json().error.code).toBe('NO_ENTRIES');
    expect((await get('/api/me/entries', theirs)).json()).toEqual({ entries: [] });
  });
});
