import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, asAdmin, auditRowsOf } from '../../../../tests/setup/admin-session.ts';
import { type ArtistWithEntries, artistWithEntries } from '../../../../tests/setup/artist-data.ts';
import { asArtist, signInArtist } from '../../../../tests/setup/artist-session.ts';
import { OUR_CLIENT_HEADERS, useTestApp } from '../../../../tests/setup/test-app.ts';
import { createRunningClock } from '../../../../tests/setup/test-clock.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import type {
  AdminErasureRequest,
  AdminErasureRequests,
  ErasureRequest,
} from '../../../shared/schemas/personal-data.ts';
import { NAME_WITHHELD } from '../../../shared/schemas/publication-consent.ts';

/*
 * Erasure over HTTP: the artist asks once (asking again answers the same request); the admin sees
 * it with its deadline and completes it: the open entry withdrawn, every entry anonymised (the
 * results show "Name withheld"), the files deleted, the receipts and payments kept without the
 * name, the messages and the artist's sign-in gone; audited. Nobody else's entry changes.
 */

const clock = createRunningClock();
const t = useTestApp({ clock, config: { adminPassword: ADMIN_PASSWORD } });
const db = () => t.app.deps.db;
const DAY_MS = 24 * 60 * 60 * 1000;

let s: ArtistWithEntries;
let token: string;
let asked: ErasureRequest;
let photoKeys: string[];
/** A file under an entry's folder that no field of its form names any more (the field removed). */
let strayKey: string;
/** The stored PDF of the winner's certificate, which prints the name. */
let certificateKey: string;

const entryRows = (ids: string[]) =>
  db().selectFrom('submissions').selectAll().where('id', 'in', ids).execute();

beforeAll(async () => {
  s = await artistWithEntries(t, 3);
  token = s.cookie.ws_artist!;
  const rows = await entryRows([s.ids.winner, s.ids.paid, s.ids.free]);
  photoKeys = rows.map((row) => row.photo_key);
  strayKey = `private/submissions/${s.ids.winner}/removed-field-0a1b2c3d.jpg`;
  await t.app.deps.storage.put(strayKey, Buffer.from('stray'), { contentType: 'image/jpeg' });
  const winner = rows.find((row) => row.id === s.ids.winner)!;
  const values = { ...(JSON.parse(winner.field_values) as object), removed_field: strayKey };
  await db()
    .updateTable('submissions')
    .set({ field_values: JSON.stringify(values) })
    .where('id', '=', winner.id)
    .execute();
  certificateKey = `private/certificates/erasure-test-${winner.id.slice(0, 8)}.pdf`;
  await t.app.deps.storage.put(certificateKey, Buffer.from('%PDF'), {
    contentType: 'application/pdf',
  });
  await db()
    .updateTable('certificates')
    .set({ file_key: certificateKey, file_inputs: 'made-with-the-name' })
    .where('submission_id', '=', winner.id)
    .execute();
});

describe(`erasure requests (${TEST_ENGINE})`, () => {
  it('refuses a visitor signed out, and an admin’s session', async () => {
    const signedOut = await t.app.inject({
      method: 'POST',
      url: '/api/me/erasure',
      headers: OUR_CLIENT_HEADERS,
    });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toMatchObject({ error: { code: expect.any(String) } });
    const admin = await asAdmin(t, s.admin, 'POST', '/api/me/erasure');
    expect(admin.statusCode).toBe(401);
    expect(await db().selectFrom('erasure_requests').selectAll().execute()).toEqual([]);
  });

  it('records the request once, due in 30 days; asking again answers the same', async () => {
    const [first, second] = await Promise.all([
      asArtist(t, token, 'POST', '/api/me/erasure'),
      asArtist(t, token, 'POST', '/api/me/erasure'),
    ]);
    expect([first!.statusCode, second!.statusCode].sort()).toEqual([200, 201]);
    asked = first!.json<ErasureRequest>();
    expect(second!.json()).toEqual(asked);
    expect(Date.parse(asked.dueAt) - Date.parse(asked.requestedAt)).toBe(30 * DAY_MS);
    const again = await asArtist(t, token, 'POST', '/api/me/erasure');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(asked);
    const mine = await asArtist(t, token, 'GET', '/api/me/erasure');
    expect(mine.json()).toEqual({ request: asked });
    expect(await auditRowsOf(db(), 'artist.erasure-request')).toHaveLength(1);
  });

  it('shows the admin each request with its address and deadline', async () => {
    const response = await asAdmin(t, s.admin, 'GET', '/api/admin/erasure-requests');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<AdminErasureRequests>().requests).toEqual([
      { ...asked, email: s.artist.email, completedAt: null, entries: null },
    ]);
    const asTheArtist = await asArtist(t, token, 'GET', '/api/admin/erasure-requests');
    expect(asTheArtist.statusCode).toBe(401);
  });

  it('answers 404 for a request that does not exist', async () => {
    const url = '/api/admin/erasure-requests/00000000-0000-4000-8000-000000000000/complete';
    const response = await asAdmin(t, s.admin, 'POST', url);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });

  describe('completed by the admin', () => {
    let done: AdminErasureRequest;
    beforeAll(async () => {
      const url = `/api/admin/erasure-requests/${asked.id}/complete`;
      const response = await asAdmin(t, s.admin, 'POST', url);
      expect(response.statusCode, response.body).toBe(200);
      done = response.json<AdminErasureRequest>();
    });

    it('keeps the request without the address, and completes it once', async () => {
      expect(done).toMatchObject({ id: asked.id, email: '', entries: 3 });
      expect(done.completedAt).not.toBeNull();
      const url = `/api/admin/erasure-requests/${asked.id}/complete`;
      const again = await asAdmin(t, s.admin, 'POST', url);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ error: { code: 'ERASURE_COMPLETED' } });
      const [audit] = await auditRowsOf(db(), 'artist.erasure-complete');
      expect(audit).toBeDefined();
      expect(JSON.stringify(audit)).not.toContain(s.artist.email);
    });

    it('withdraws the open entries and anonymises every one; nobody else’s changes', async () => {
      const rows = await entryRows([s.ids.winner, s.ids.paid, s.ids.free, s.ids.others]);
      const byId = new Map(rows.map((row) => [row.id, row]));
      for (const id of [s.ids.winner, s.ids.paid, s.ids.free]) {
        expect(byId.get(id)).toMatchObject({ full_name: NAME_WITHHELD, phone: '', address: '' });
        expect(byId.get(id)!.email).not.toContain(s.artist.email);
      }
      expect(byId.get(s.ids.paid)!.withdrawn_at).not.toBeNull();
      expect(byId.get(s.ids.free)!.withdrawn_at).not.toBeNull();
      expect(byId.get(s.ids.winner)!.withdrawn_at).toBeNull();
      expect(byId.get(s.ids.others)).toMatchObject({ full_name: s.other.fullName });
    });

    it('shows the result without the name (the page says "Name withheld")', async () => {
      const url = `/api/competitions/${s.resultsCompetitionId}/results`;
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, response.body).toBe(200);
      const { awards } = response.json<{ awards: { artworkTitle: string; artist: unknown }[] }>();
      expect(awards).toEqual([expect.objectContaining({ artworkTitle: 'Monsoon', artist: null })]);
      expect(response.body).not.toContain(s.artist.fullName);
    });

    it('deletes the files, keeps the payments and receipts without the name', async () => {
      for (const key of photoKeys) expect(await t.app.deps.storage.stat(key)).toBeUndefined();
      // As deleting the entry would: a file its form no longer names is the artist's all the same.
      expect(await t.app.deps.storage.stat(strayKey)).toBeUndefined();
      // The certificate's stored PDF printed the name: deleted, made again when next asked for.
      expect(await t.app.deps.storage.stat(certificateKey)).toBeUndefined();
      const certificates = await db()
        .selectFrom('certificates')
        .select('file_key')
        .where('submission_id', '=', s.ids.winner)
        .execute();
      expect(certificates.length).toBeGreaterThan(0);
      expect(certificates.every((c) => c.file_key === null)).toBe(true);
      const payments = await t.app.deps.payments.paymentsOfEntry(s.ids.paid);
      expect(payments).toHaveLength(1);
      const receipts = await db()
        .selectFrom('receipts')
        .select(['artist_name', 'artist_email', 'amount_paise'])
        .where('submission_id', '=', s.ids.paid)
        .execute();
      expect(receipts).toEqual([
        { artist_name: NAME_WITHHELD, artist_email: '', amount_paise: 50_000 },
      ]);
    });

    it('deletes the messages to the address and ends the artist’s sign-in', async () => {
      const messages = await db()
        .selectFrom('email_outbox')
        .select('to_address')
        .where('to_address', '=', s.artist.email)
        .execute();
      expect(messages).toEqual([]);
      const entries = await asArtist(t, token, 'GET', '/api/me/entries');
      expect(entries.statusCode).toBe(401);
      const other = await signInArtist(t.app, s.other.email);
      expect((await asArtist(t, other, 'GET', '/api/me/entries')).statusCode).toBe(200);
    });
  });

  it('lists those waiting soonest due first, then the completed newest first', async () => {
    const at = (day: number) => new Date(Date.UTC(2026, 0, day)).toISOString();
    const row = (id: string, due: number, completed: number | null) => ({
      id,
      email: completed === null ? `${id}@example.org` : '',
      pending_key: completed === null ? `${id}@example.org` : null,
      requested_at: at(due - 30),
      due_at: at(due),
      completed_at: completed === null ? null : at(completed),
      completed_by: null,
      entries: completed === null ? null : 0,
    });
    // Completed in the other order than they were due: the last completed comes first.
    await db()
      .insertInto('erasure_requests')
      .values([
        row('order-done-early', 50, 40),
        row('order-done-late', 60, 45),
        row('order-waiting-later', 70, null),
        row('order-waiting-sooner', 65, null),
      ])
      .execute();
    const response = await asAdmin(t, s.admin, 'GET', '/api/admin/erasure-requests');
    const ids = response
      .json<AdminErasureRequests>()
      .requests.map((request) => request.id)
      .filter((id) => id.startsWith('order-'));
    expect(ids).toEqual([
      'order-waiting-sooner',
      'order-waiting-later',
      'order-done-late',
      'order-done-early',
    ]);
  });
});
