import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { Insertable } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromBufferPromise } from 'yauzl';
import {
  makeCategoryRow,
  makeCompetitionRow,
  makeSubmissionRow,
} from '../../../../tests/factories/rows.ts';
import {
  ADMIN_PASSWORD,
  asAdmin,
  signIn,
  useAdminTestApp,
} from '../../../../tests/setup/admin-session.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import {
  ARCHIVE_MESSAGES,
  ARCHIVE_PATH,
  archivePath,
  MISSING_LIST_NAME,
} from '../../../shared/schemas/archive.ts';
import { DEFAULT_FORM_FIELDS, type FormField } from '../../../shared/schemas/form-field.ts';
import type { SubmissionsTable } from '../../db/schema.ts';
import { displayKeyOf } from '../media/private-images.ts';

const t = useAdminTestApp();
const db = () => t.app.deps.db;
let token: string;
let categoryId: string;
let competitionId: string;
let otherCompetitionId: string;

/** The default form and a second image field, as a category an admin extended. */
const FIELDS: FormField[] = [
  ...DEFAULT_FORM_FIELDS,
  { id: 'secondView', type: 'image', label: 'Second View', required: false, enabled: true },
];

beforeEach(async () => {
  await db().deleteFrom('submissions').execute();
  await db().deleteFrom('competitions').execute();
  await db().deleteFrom('categories').execute();
  const category = makeCategoryRow({ form_fields: JSON.stringify(FIELDS) });
  await db().insertInto('categories').values(category).execute();
  categoryId = category.id;
  const competition = makeCompetitionRow(category.id, { title: 'Monsoon Colours' });
  const other = makeCompetitionRow(category.id, { title: 'Winter Sketches' });
  await db().insertInto('competitions').values([competition, other]).execute();
  competitionId = competition.id;
  otherCompetitionId = other.id;
  token = await signIn(t, 'admin', ADMIN_PASSWORD);
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** Stores `bytes` (random unless given) as a private file and returns its key and bytes. */
async function storeFile(name: string, contentType = 'image/jpeg', bytes = randomBytes(2_000)) {
  const key = `private/submissions/${randomUUID()}/${name}`;
  await t.app.deps.storage.put(key, bytes, { contentType });
  return { key, bytes };
}

/** A submission to the competition (unless told) holding `values` as its form's answers. */
function submission(
  values: Record<string, string>,
  overrides: Partial<Insertable<SubmissionsTable>> = {},
) {
  return makeSubmissionRow({
    competition_id: competitionId,
    category_id: categoryId,
    field_values: JSON.stringify({ artworkTitle: 'Rain', medium: 'Ink', ...values }),
    ...overrides,
  });
}

async function insert(...rows: Insertable<SubmissionsTable>[]) {
  await db().insertInto('submissions').values(rows).execute();
}

/** Each entry of a ZIP, in the archive's order, with its bytes and whether its name is UTF-8. */
async function unzip(body: Buffer) {
  const zip = await fromBufferPromise(body, { lazyEntries: true });
  const entries: { name: string; bytes: Buffer; utf8: boolean; stored: boolean }[] = [];
  for await (const entry of zip.eachEntry()) {
    entries.push({
      name: entry.fileName,
      bytes: await buffer(await zip.openReadStreamPromise(entry)),
      utf8: (entry.generalPurposeBitFlag & 0x800) !== 0,
      stored: entry.compressionMethod === 0,
    });
  }
  return entries;
}

const download = (url: string) => asAdmin(t, token, 'GET', url);

describe(`the artworks archive on ${TEST_ENGINE}`, () => {
  it("packs the originals of the competition's image fields, oldest entry first, named after each entry", async () => {
    const asha = await storeFile('artworkurl-1.jpg');
    const ashaSecond = await storeFile('secondview-1.png', 'image/png');
    const ravi = await storeFile('artworkurl-2.webp', 'image/webp');
    const elsewhere = await storeFile('artworkurl-3.jpg');
    // The display copy and the artist's photo are stored too, and are not artworks.
    await t.app.deps.storage.put(displayKeyOf(asha.key), randomBytes(100), {
      contentType: 'image/webp',
    });
    const photo = await storeFile('photo.jpg');
    await insert(
      submission(
        { artworkUrl: asha.key, secondView: ashaSecond.key },
        {
          reference: 'WS-2026-000001',
          full_name: 'Asha Rao',
          photo_key: photo.key,
          created_at: '2026-11-20T10:00:00.000Z',
        },
      ),
      submission(
        { artworkUrl: ravi.key },
        {
          reference: 'WS-2026-000002',
          full_name: 'Ravi Kumar',
          created_at: '2026-11-20T09:00:00.000Z',
        },
      ),
      submission(
        { artworkUrl: elsewhere.key },
        { reference: 'WS-2026-000003', competition_id: otherCompetitionId },
      ),
    );

    const response = await download(archivePath(competitionId, false));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="monsoon-colours_artworks.zip"; filename*=UTF-8''monsoon-colours_artworks.zip`,
    );
    // Announced before the first byte, and kept.
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);

    const entries = await unzip(response.rawPayload);
    expect(entries.map((e) => e.name)).toEqual([
      'WS-2026-000002_ravi-kumar_artwork-photo.webp',
      'WS-2026-000001_asha-rao_artwork-photo.jpg',
      'WS-2026-000001_asha-rao_second-view.png',
    ]);
    expect(entries.map((e) => e.bytes)).toEqual([ravi.bytes, asha.bytes, ashaSecond.bytes]);
    expect(entries.every((e) => e.stored && e.utf8)).toBe(true);

    // A browser accepts compressed answers; compressing images again would only lose the length.
    const browser = await t.app.inject({
      method: 'GET',
      url: archivePath(competitionId, false),
      cookies: { ws_session: token },
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(browser.headers['content-encoding']).toBeUndefined();
    expect(browser.headers['content-length']).toBe(response.headers['content-length']);
  });

  it('packs only the approved entries when asked', async () => {
    const approved = await storeFile('approved.jpg');
    const pending = await storeFile('pending.jpg');
    const rejected = await storeFile('rejected.jpg');
    const entry = (n: number, status: SubmissionsTable['status']) => ({
      reference: `WS-2026-00001${n}`,
      status,
      created_at: `2026-11-20T1${n}:00:00.000Z`,
    });
    await insert(
      submission({ artworkUrl: approved.key }, entry(0, 'approved')),
      submission({ artworkUrl: pending.key }, entry(1, 'pending')),
      submission({ artworkUrl: rejected.key }, entry(2, 'rejected')),
    );

    const response = await download(archivePath(competitionId, true));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="monsoon-colours_approved-artworks\.zip"/,
    );
    const entries = await unzip(response.rawPayload);
    expect(entries.map((e) => e.name)).toEqual(['WS-2026-000010_aarav-sharma_artwork-photo.jpg']);
    expect(entries[0]?.bytes).toEqual(approved.bytes);

    const all = await download(`${ARCHIVE_PATH}?competition=${competitionId}&status=all`);
    expect((await unzip(all.rawPayload)).map((e) => e.name.slice(0, 14))).toEqual([
      'WS-2026-000010',
      'WS-2026-000011',
      'WS-2026-000012',
    ]);
  });

  it('names files in any script, and never twice', async () => {
    await db()
      .updateTable('competitions')
      .set({ title: 'चित्रकला उत्सव' })
      .where('id', '=', competitionId)
      .execute();
    // Two labels an admin may well give, which read the same as a file name.
    const fields: FormField[] = [
      ...DEFAULT_FORM_FIELDS,
      { id: 'front', type: 'image', label: 'Front view', required: false, enabled: true },
      { id: 'front2', type: 'image', label: 'Front (view)', required: false, enabled: true },
    ];
    await db()
      .updateTable('categories')
      .set({ form_fields: JSON.stringify(fields) })
      .where('id', '=', categoryId)
      .execute();
    const files = await Promise.all(['a.jpg', 'b.jpg', 'c.jpg'].map((n) => storeFile(n)));
    await insert(
      submission(
        { artworkUrl: files[0]!.key, front: files[1]!.key, front2: files[2]!.key },
        { reference: 'WS-2026-000020', full_name: 'आशा राव' },
      ),
    );

    const response = await download(archivePath(competitionId, false));
    expect(response.statusCode, response.body).toBe(200);
    const title = 'चित्रकला-उत्सव_artworks.zip';
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="_artworks.zip"; filename*=UTF-8''${encodeURIComponent(title)}`,
    );
    const entries = await unzip(response.rawPayload);
    expect(entries.map((e) => e.name)).toEqual([
      'WS-2026-000020_आशा-राव_artwork-photo.jpg',
      'WS-2026-000020_आशा-राव_front-view.jpg',
      'WS-2026-000020_आशा-राव_front-view-2.jpg',
    ]);
    expect(entries.map((e) => e.bytes)).toEqual(files.map((f) => f.bytes));
  });

  it('skips a file missing from storage and lists it in missing.txt', async () => {
    const kept = await storeFile('kept.jpg');
    await insert(
      submission(
        { artworkUrl: kept.key },
        { reference: 'WS-2026-000030', created_at: '2026-11-20T09:00:00.000Z' },
      ),
      submission(
        { artworkUrl: 'private/submissions/gone/artworkurl-0.jpg' },
        {
          reference: 'WS-2026-000031',
          full_name: 'Meera Iyer',
          created_at: '2026-11-20T10:00:00.000Z',
        },
      ),
      // A value that is no storage key at all.
      submission(
        { artworkUrl: '../../etc/passwd' },
        { reference: 'WS-2026-000032', created_at: '2026-11-20T11:00:00.000Z' },
      ),
    );

    const response = await download(archivePath(competitionId, false));
    expect(response.statusCode, response.body).toBe(200);
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    const entries = await unzip(response.rawPayload);
    expect(entries.map((e) => e.name)).toEqual([
      MISSING_LIST_NAME,
      'WS-2026-000030_aarav-sharma_artwork-photo.jpg',
    ]);
    const list = entries[0]?.bytes.toString('utf8') ?? '';
    expect(list).toContain('WS-2026-000031\tMeera Iyer\tArtwork Photo\r\n');
    expect(list).toContain('WS-2026-000032\t');
    expect(list).not.toContain('WS-2026-000030');
  });

  it('reads every entry across batches, oldest first, a tie broken by id', async () => {
    const total = 520;
    const rows = [];
    for (let i = 0; i < total; i++) {
      const file = await storeFile(`n${i}.jpg`, 'image/jpeg', Buffer.from(`artwork ${i}`));
      rows.push(
        submission(
          { artworkUrl: file.key },
          {
            reference: `WS-2026-${String(i).padStart(6, '0')}`,
            // Pairs share an instant: the id decides between them.
            created_at: new Date(Date.UTC(2026, 10, 1) + Math.floor(i / 2) * 1000).toISOString(),
          },
        ),
      );
    }
    await insert(...rows);
    const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    const expected = [...rows]
      .sort((a, b) => compare(a.created_at, b.created_at) || compare(a.id!, b.id!))
      .map((row) => `${row.reference}_aarav-sharma_artwork-photo.jpg`);

    // One storage stream read at a time, however many entries: the archive is never held. A
    // stream read to its end counts as done, since its file closes a moment later, in parallel
    // with the opening of the next one.
    let open = 0;
    let mostOpen = 0;
    const get = t.app.deps.storage.get.bind(t.app.deps.storage);
    vi.spyOn(t.app.deps.storage, 'get').mockImplementation(async (key) => {
      const file = await get(key);
      if (file) {
        open += 1;
        mostOpen = Math.max(mostOpen, open);
        let done = false;
        const finish = () => {
          if (!done) open -= 1;
          done = true;
        };
        file.body.once('end', finish);
        file.body.once('close', finish);
      }
      return file;
    });
    const response = await download(archivePath(competitionId, false));
    expect(response.statusCode, response.body).toBe(200);
    const entries = await unzip(response.rawPayload);
    expect(entries.map((e) => e.name)).toEqual(expected);
    expect(entries[0]?.bytes.toString()).toMatch(/^artwork \d+$/);
    expect(mostOpen).toBe(1);
  });

  it('refuses visitors, bad queries, unknown competitions and competitions without artworks', async () => {
    const file = await storeFile('secret.jpg', 'image/jpeg', Buffer.from('SECRET-ARTWORK'));
    await insert(submission({ artworkUrl: file.key }, { status: 'pending' }));
    const url = archivePath(competitionId, false);

    const anonymous = await t.app.inject({ method: 'GET', url });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({
      error: { code: 'UNAUTHENTICATED', message: 'Please sign in.' },
    });
    expect(anonymous.body).not.toContain('SECRET-ARTWORK');
    expect(anonymous.headers['content-disposition']).toBeUndefined();

    for (const query of [
      '',
      '?competition=not-a-uuid',
      `?competition=${competitionId}&status=pending`,
    ]) {
      const bad = await download(`${ARCHIVE_PATH}${query}`);
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json().error.code, query).toBe('VALIDATION_ERROR');
      expect(Object.keys(bad.json().error.fields), query).toEqual([
        query.includes('status') ? 'status' : 'competition',
      ]);
    }

    const unknown = await download(archivePath(randomUUID(), false));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'Competition not found' },
    });

    const noApproved = await download(archivePath(competitionId, true));
    expect(noApproved.statusCode).toBe(404);
    expect(noApproved.json().error.message).toBe(ARCHIVE_MESSAGES.noApprovedArtworks);

    // Entries without an image (a form without image fields, an optional one left empty).
    await insert(
      makeSubmissionRow({ competition_id: otherCompetitionId, category_id: categoryId }),
      makeSubmissionRow({ competition_id: otherCompetitionId, category_id: null }),
      submission({ secondView: '' }, { competition_id: otherCompetitionId }),
    );
    const none = await download(archivePath(otherCompetitionId, false));
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({
      error: { code: 'NOT_FOUND', message: ARCHIVE_MESSAGES.noArtworks },
    });
  });

  it('tells its name and length to a HEAD without reading a file', async () => {
    const file = await storeFile('artwork.jpg');
    await insert(submission({ artworkUrl: file.key }));
    const full = await download(archivePath(competitionId, false));
    const get = vi.spyOn(t.app.deps.storage, 'get');

    const head = await asAdmin(t, token, 'HEAD', archivePath(competitionId, false));
    expect(head.statusCode, head.body).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    expect(head.headers['content-length']).toBe(full.headers['content-length']);
    expect(head.headers['content-disposition']).toBe(full.headers['content-disposition']);
    expect(get).not.toHaveBeenCalled();
  });

  it('cuts the download short when a file leaves storage after it was measured', async () => {
    const first = await storeFile('first.jpg');
    const second = await storeFile('second.jpg');
    await insert(
      submission({ artworkUrl: first.key }, { created_at: '2026-11-20T09:00:00.000Z' }),
      submission({ artworkUrl: second.key }, { created_at: '2026-11-20T10:00:00.000Z' }),
    );
    const stat = t.app.deps.storage.stat.bind(t.app.deps.storage);
    vi.spyOn(t.app.deps.storage, 'stat').mockImplementation(async (key) => {
      const found = await stat(key);
      // Deleted by someone else once measured, before the archive reaches it.
      if (key === second.key) await t.app.deps.storage.delete(key);
      return found;
    });
    const errors = vi.spyOn(t.app.log, 'error').mockImplementation(() => {});

    // The length is promised, so the response is cut off: never a whole-looking archive without it.
    await expect(download(archivePath(competitionId, false))).rejects.toThrow(
      'response destroyed before completion',
    );
    expect(errors).toHaveBeenCalledWith(
      expect.objectContaining({ err: expect.any(Error) }),
      'The artworks archive failed',
    );
  });

  it('stops reading storage when the client goes away', async () => {
    // 40 MB, far more than the kernel's socket buffers can hold ahead of the client.
    const count = 10;
    for (let i = 0; i < count; i++) {
      const file = await storeFile(`big-${i}.jpg`, 'image/jpeg', randomBytes(4 * 1024 * 1024));
      await insert(
        submission(
          { artworkUrl: file.key },
          { created_at: new Date(Date.UTC(2026, 10, 1) + i * 1000).toISOString() },
        ),
      );
    }
    const opened: Readable[] = [];
    const get = t.app.deps.storage.get.bind(t.app.deps.storage);
    vi.spyOn(t.app.deps.storage, 'get').mockImplementation(async (key) => {
      const file = await get(key);
      if (file) opened.push(file.body);
      return file;
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;

    await new Promise<void>((resolve, reject) => {
      const request = http.get(
        {
          host: '127.0.0.1',
          port,
          path: archivePath(competitionId, false),
          headers: { cookie: `ws_session=${token}` },
        },
        (response) => {
          expect(response.statusCode).toBe(200);
          expect(Number(response.headers['content-length'])).toBeGreaterThan(count * 4_000_000);
          // Gone part of the way through, 4 MB of 40.
          let received = 0;
          response.on('data', (chunk: Buffer) => {
            received += chunk.length;
            if (received < 4 * 1024 * 1024 || request.destroyed) return;
            request.destroy();
            resolve();
          });
        },
      );
      request.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code !== 'ECONNRESET') reject(error);
      });
    });

    // The file being read is closed, and the rest are never opened.
    await vi.waitFor(() => {
      expect(opened.length).toBeGreaterThan(0);
      expect(opened.every((body) => body.destroyed)).toBe(true);
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(opened.length).toBeLessThan(count);
    expect(opened.every((body) => body.destroyed)).toBe(true);
  });
});
