import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  makeCategoryRow,
  makeSubcategoryRow,
  makeSubmissionRow,
} from '../../../../tests/factories/rows.ts';
import {
  ADMIN_PASSWORD,
  asAdmin,
  auditRowsOf,
  signIn,
  useAdminTestApp,
} from '../../../../tests/setup/admin-session.ts';
import { OUR_CLIENT_HEADERS } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { DECISION_KINDS } from '../mail/artist-emails.ts';
import { missingSubmissions } from './decisions.service.ts';

const t = useAdminTestApp();
const db = () => t.app.deps.db;
let token: string;

beforeEach(async () => {
  await db().deleteFrom('email_outbox').execute();
  await db().deleteFrom('submissions').execute();
  token = await signIn(t, 'admin', ADMIN_PASSWORD);
});

async function addSubmissions(n: number, status: 'pending' | 'approved' | 'rejected' = 'pending') {
  const rows = Array.from({ length: n }, (_, i) =>
    makeSubmissionRow({ status, full_name: `Artist ${i}`, email: `artist${i}@example.com` }),
  );
  await db().insertInto('submissions').values(rows).execute();
  return rows.map((row) => row.id);
}

const statusOf = async (id: string) =>
  (
    await db()
      .selectFrom('submissions')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).status;

const emails = () =>
  db()
    .selectFrom('email_outbox')
    .select(['kind', 'submission_id', 'to_address', 'body_text'])
    .execute();

const decideOne = (id: string, status: unknown) =>
  asAdmin(t, token, 'PUT', `/api/admin/submissions/${id}/status`, { status });
const decideMany = (ids: unknown, status: unknown) =>
  asAdmin(t, token, 'POST', '/api/admin/submissions/status', { ids, status });

describe(`decisions on submissions on ${TEST_ENGINE}`, () => {
  it('approves a pending entry once: audited, the artist e-mailed once with a link to the entry', async () => {
    const [id] = (await addSubmissions(1)) as [string];
    const first = await decideOne(id, 'approved');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ changed: [id], unchanged: [], waiting: [id] });
    expect(await statusOf(id)).toBe('approved');
    // The same decision again changes nothing and sends nothing.
    expect((await decideOne(id, 'approved')).json()).toEqual({
      changed: [],
      unchanged: [id],
      waiting: [],
    });
    const sent = await emails();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      kind: DECISION_KINDS.approved,
      submission_id: id,
      to_address: 'artist0@example.com',
    });
    expect(sent[0]?.body_text).toMatch(/\/entry#[0-9a-f-]{36}\.\d+\.[\w-]{43}/);
    const audits = await auditRowsOf(db(), 'submission.');
    expect(audits.map((a) => [a.action, a.entity_id])).toEqual([['submission.approve', id]]);
  });

  it('rejects an approved entry (any state to another), never back to pending', async () => {
    const [id] = (await addSubmissions(1, 'approved')) as [string];
    expect((await decideOne(id, 'rejected')).statusCode).toBe(200);
    expect(await statusOf(id)).toBe('rejected');
    expect((await emails()).map((e) => e.kind)).toEqual([DECISION_KINDS.rejected]);
    for (const status of ['pending', 'approve', '', null, 1]) {
      const response = await decideOne(id, status);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
    }
    expect(await statusOf(id)).toBe('rejected');
  });

  it('decides many in one transaction, and changes nothing when one id does not exist', async () => {
    const ids = await addSubmissions(3);
    const [approvedAlready] = await addSubmissions(1, 'approved');
    const ghost = randomUUID();
    const refused = await decideMany([...ids, ghost], 'approved');
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({
      error: { code: 'SUBMISSION_NOT_FOUND', message: missingSubmissions([ghost]) },
    });
    for (const id of ids) expect(await statusOf(id)).toBe('pending');
    expect(await emails()).toEqual([]);

    const response = await decideMany([...ids, approvedAlready, ids[0]], 'approved');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ changed: ids, unchanged: [approvedAlready], waiting: ids });
    expect(await emails()).toHaveLength(3);
    expect(await auditRowsOf(db(), 'submission.approve')).toHaveLength(3);
  });

  it('two decisions at once change each entry once and e-mail once', async () => {
    const ids = await addSubmissions(5);
    const answers = await Promise.all([decideMany(ids, 'rejected'), decideMany(ids, 'rejected')]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const changed = answers.flatMap((a) => (a.json() as { changed: string[] }).changed);
    expect(changed.sort()).toEqual([...ids].sort());
    expect(await emails()).toHaveLength(5);
  });

  it('refuses bad input with 400 and requests without a session or our header', async () => {
    const [id] = (await addSubmissions(1)) as [string];
    for (const body of [
      { ids: [], status: 'approved' },
      { ids: ['not-a-uuid'], status: 'approved' },
      { ids: 'x', status: 'approved' },
      { ids: [id], status: 'pending' },
      { ids: [id], status: 'approved', extra: true },
    ]) {
      const response = await asAdmin(t, token, 'POST', '/api/admin/submissions/status', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await decideOne('nope', 'approved')).statusCode).toBe(400);
    expect((await decideOne(randomUUID(), 'approved')).statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/submissions/${id}/status`,
      headers: OUR_CLIENT_HEADERS,
      payload: { status: 'approved' },
    });
    expect(anonymous.statusCode).toBe(401);
    const forged = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/submissions/${id}/status`,
      cookies: { ws_session: token },
      payload: { status: 'approved' },
    });
    expect(forged.statusCode).toBe(403);
    expect(await statusOf(id)).toBe('pending');
  });
});

describe(`deleting a submission on ${TEST_ENGINE}`, () => {
  it('removes the row and every stored file, keeps the ledger, audits, and answers 404 after', async () => {
    const id = randomUUID();
    const photo = `private/submissions/${id}/photo-1a2b3c4d.jpg`;
    const artwork = `private/submissions/${id}/artworkurl-5e6f7a8b.jpg`;
    const files = [photo, artwork, artwork.replace('.jpg', '-display.webp')];
    for (const key of files) {
      await t.app.deps.storage.put(key, Buffer.from('x'), { contentType: 'image/jpeg' });
    }
    const category = makeCategoryRow({ name: `Painting ${id.slice(0, 8)}` });
    const subcategory = makeSubcategoryRow(category.id as string, { name: 'Oil' });
    await db().insertInto('categories').values(category).execute();
    await db().insertInto('subcategories').values(subcategory).execute();
    await db()
      .insertInto('submissions')
      .values(
        makeSubmissionRow({
          id,
          photo_key: photo,
          category_id: category.id,
          subcategory_id: subcategory.id,
          field_values: JSON.stringify({ artworkUrl: artwork, artworkTitle: 'Rain' }),
        }),
      )
      .execute();
    /** The subcategory's 'N entries' as the Categories screen shows it. */
    const entryCount = async () => {
      const listed = await asAdmin(t, token, 'GET', '/api/admin/categories');
      const found = listed
        .json<{ id: string; subcategories: { id: string; entryCount: number }[] }[]>()
        .find((c) => c.id === category.id);
      return found?.subcategories.find((sc) => sc.id === subcategory.id)?.entryCount;
    };
    expect(await entryCount()).toBe(1);
    const stamp = new Date().toISOString();
    await db()
      .insertInto('payment_orders')
      .values({
        order_id: `order_${id.slice(0, 8)}`,
        submission_id: id,
        provider: 'test',
        amount_paise: 49900,
        currency: 'INR',
        status: 'paid',
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
    await db()
      .insertInto('payments')
      .values({
        payment_id: `pay_${id.slice(0, 8)}`,
        order_id: `order_${id.slice(0, 8)}`,
        submission_id: id,
        provider: 'test',
        amount_paise: 49900,
        currency: 'INR',
        status: 'captured',
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();

    const response = await asAdmin(t, token, 'DELETE', `/api/admin/submissions/${id}`);
    expect(response.statusCode, response.body).toBe(204);
    expect(
      await db().selectFrom('submissions').select('id').where('id', '=', id).execute(),
    ).toEqual([]);
    for (const key of files) expect(await t.app.deps.storage.get(key)).toBeUndefined();
    expect(await db().selectFrom('unclaimed_files').select('key').execute()).toEqual([]);
    const ledger = await db()
      .selectFrom('payments')
      .select(['payment_id', 'submission_id', 'amount_paise'])
      .execute();
    expect(ledger).toEqual([
      { payment_id: `pay_${id.slice(0, 8)}`, submission_id: null, amount_paise: 49900 },
    ]);
    const audits = await auditRowsOf(db(), 'submission.delete');
    expect(audits.map((a) => a.entity_id)).toEqual([id]);
    // The category's 'N entries' follows.
    expect(await entryCount()).toBe(0);

    const again = await asAdmin(t, token, 'DELETE', `/api/admin/submissions/${id}`);
    expect(again.statusCode).toBe(404);
    expect((await asAdmin(t, token, 'DELETE', '/api/admin/submissions/nope')).statusCode).toBe(400);
  });

  it('withdraws a decision’s e-mail still waiting, keeping the messages already sent', async () => {
    const [id] = (await addSubmissions(1)) as [string];
    expect((await decideOne(id, 'approved')).json()).toMatchObject({ waiting: [id] });
    expect(await emails()).toHaveLength(1);
    const response = await asAdmin(t, token, 'DELETE', `/api/admin/submissions/${id}`);
    expect(response.statusCode, response.body).toBe(204);
    expect(await emails()).toEqual([]);
  });
});

describe(`named downloads on ${TEST_ENGINE}`, () => {
  it('sends the photo and an image field as attachments named after the entry, for admins only', async () => {
    const category = makeCategoryRow();
    await db().insertInto('categories').values(category).execute();
    const id = randomUUID();
    const photo = `private/submissions/${id}/photo-1a2b3c4d.jpg`;
    const artwork = `private/submissions/${id}/artworkurl-5e6f7a8b.jpg`;
    await t.app.deps.storage.put(photo, Buffer.from('photo-bytes'), { contentType: 'image/jpeg' });
    await t.app.deps.storage.put(artwork, Buffer.from('artwork-bytes'), {
      contentType: 'image/jpeg',
    });
    await db()
      .insertInto('submissions')
      .values(
        makeSubmissionRow({
          id,
          reference: 'WS-2026-000123',
          full_name: 'आशा Rao',
          category_id: category.id,
          photo_key: photo,
          field_values: JSON.stringify({ artworkUrl: artwork, artworkTitle: 'Rain' }),
        }),
      )
      .execute();
    const url = (file: string) => `/api/admin/submissions/${id}/download/${file}`;

    const artworkAnswer = await asAdmin(t, token, 'GET', url('artworkUrl'));
    expect(artworkAnswer.statusCode).toBe(200);
    expect(artworkAnswer.body).toBe('artwork-bytes');
    expect(artworkAnswer.headers['content-disposition']).toBe(
      `attachment; filename="WS-2026-000123_rao_artwork-photo.jpg"; filename*=UTF-8''${encodeURIComponent('WS-2026-000123_आशा-rao_artwork-photo.jpg')}`,
    );
    expect(artworkAnswer.headers['cache-control']).toBe('private, no-store');
    expect(artworkAnswer.headers['x-content-type-options']).toBe('nosniff');
    const photoAnswer = await asAdmin(t, token, 'GET', url('photo'));
    expect(photoAnswer.body).toBe('photo-bytes');
    expect(photoAnswer.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('WS-2026-000123_आशा-rao_photo.jpg')}`,
    );

    // A text field, an unknown field, a bad name, an unknown entry, no session.
    for (const [file, status] of [
      ['artworkTitle', 404],
      ['nope', 404],
      ['..%2Fetc', 400],
    ] as const) {
      expect((await asAdmin(t, token, 'GET', url(file))).statusCode, file).toBe(status);
    }
    const unknown = `/api/admin/submissions/${randomUUID()}/download/photo`;
    expect((await asAdmin(t, token, 'GET', unknown)).statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: 'GET', url: url('photo') });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain('photo-bytes');
  });
});
