import { buffer } from 'node:stream/consumers';
import { beforeAll, describe, expect, it } from 'vitest';
import { fromBufferPromise } from 'yauzl';
import { ADMIN_PASSWORD, asAdmin } from '../../../../tests/setup/admin-session.ts';
import { type ArtistWithEntries, artistWithEntries } from '../../../../tests/setup/artist-data.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { createRunningClock } from '../../../../tests/setup/test-clock.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { MY_DATA_FILE_NAME } from '../../../shared/schemas/personal-data.ts';
import { ARTIST_SIGN_IN_KIND, CONFIRMATION_KIND } from '../mail/mail.service.ts';

/*
 * GET /api/me/data over HTTP: the signed-in artist's data as one ZIP, data.json listing every
 * entry of theirs (and nobody else's) with its details, payments and the messages sent to them,
 * and their files as stored.
 */

const t = useTestApp({ clock: createRunningClock(), config: { adminPassword: ADMIN_PASSWORD } });

let s: ArtistWithEntries;
let zip: Map<string, Buffer>;

interface DataJson {
  email: string;
  entries: {
    reference: string;
    competition: { title: string };
    contact: { fullName: string; phone: string; address: string; guardianName: string | null };
    files: string[];
    payments: { status: string; amountPaise: number }[];
    receipts: { number: string; kind: string }[];
    result: unknown;
  }[];
  messages: { kind: string; subject: string }[];
}

async function unzip(body: Buffer): Promise<Map<string, Buffer>> {
  const archive = await fromBufferPromise(body, { lazyEntries: true });
  const files = new Map<string, Buffer>();
  for await (const entry of archive.eachEntry()) {
    files.set(entry.fileName, await buffer(await archive.openReadStreamPromise(entry)));
  }
  return files;
}

const data = () => JSON.parse(zip.get('data.json')!.toString('utf8')) as DataJson;

beforeAll(async () => {
  s = await artistWithEntries(t, 1);
  // The entry of a minor: their parent's or guardian's name is held with it.
  await t.app.deps.db
    .updateTable('submissions')
    .set({ guardian_name: 'Meera Sharma', guardian_consent_at: '2026-11-01T10:00:00.000Z' })
    .where('id', '=', s.ids.free)
    .execute();
  const response = await t.app.inject({ method: 'GET', url: '/api/me/data', cookies: s.cookie });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/zip');
  expect(response.headers['content-disposition']).toBe(
    `attachment; filename="${MY_DATA_FILE_NAME}"`,
  );
  expect(response.headers['cache-control']).toBe('private, no-store');
  zip = await unzip(response.rawPayload);
});

describe(`the artist's data (${TEST_ENGINE})`, () => {
  it('lists every entry of the address with its competition and details, and nobody else’s', async () => {
    const references = await t.app.deps.db
      .selectFrom('submissions')
      .select(['id', 'reference'])
      .execute();
    const referenceOf = (id: string) => references.find((row) => row.id === id)!.reference;
    const { email, entries } = data();
    expect(email).toBe(s.artist.email);
    expect(entries.map((entry) => entry.reference).sort()).toEqual(
      [s.ids.winner, s.ids.paid, s.ids.free].map(referenceOf).sort(),
    );
    expect(JSON.stringify(data())).not.toContain(s.other.fullName);
    for (const entry of entries) {
      expect(entry.contact).toMatchObject({
        fullName: s.artist.fullName,
        phone: s.artist.phone,
        address: s.artist.address,
      });
    }
  });

  it('holds what a minor’s entry keeps of the parent or guardian who consented', async () => {
    const [free] = await t.app.deps.db
      .selectFrom('submissions')
      .select('reference')
      .where('id', '=', s.ids.free)
      .execute();
    const entry = data().entries.find((e) => e.reference === free!.reference);
    expect(entry?.contact).toMatchObject({
      guardianName: 'Meera Sharma',
      guardianConsentAt: '2026-11-01T10:00:00.000Z',
    });
  });

  it('holds the payments, receipts, result and the messages sent to the address', () => {
    const { entries, messages } = data();
    const paid = entries.find((entry) => entry.payments.length > 0);
    expect(paid?.payments).toEqual([
      expect.objectContaining({ status: 'captured', amountPaise: 50_000 }),
    ]);
    expect(paid?.receipts).toEqual([expect.objectContaining({ kind: 'receipt' })]);
    expect(entries.some((entry) => entry.result !== null)).toBe(true);
    const kinds = messages.map((message) => message.kind);
    expect(kinds).toContain(ARTIST_SIGN_IN_KIND);
    expect(kinds).toContain(CONFIRMATION_KIND);
  });

  it('packs the files as stored, each named in its entry', async () => {
    const named = data().entries.flatMap((entry) => entry.files);
    expect(named.length).toBeGreaterThanOrEqual(3);
    expect([...zip.keys()].filter((name) => name.startsWith('files/')).sort()).toEqual(
      [...named].sort(),
    );
    for (const name of named) expect(zip.get(name)!.length).toBeGreaterThan(0);
  });

  it('answers 401 signed out, and to an admin’s session', async () => {
    const signedOut = await t.app.inject({ method: 'GET', url: '/api/me/data' });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toMatchObject({ error: { code: expect.any(String) } });
    const admin = await asAdmin(t, s.admin, 'GET', '/api/me/data');
    expect(admin.statusCode).toBe(401);
  });
});
