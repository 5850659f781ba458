import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../tests/setup/test-app.ts';
import { createTestEnvironment, TEST_ENGINE } from '../../tests/setup/test-database.ts';
import { competitionStatus, todayIn } from '../shared/domain/competition-status.ts';
import { buildApp } from './app.ts';
import { DEMO_VIDEO_ID } from './features/demo/seed-demo.ts';
import { verifyPassword } from './features/auth/password.ts';
import { initializeSite } from './initialize.ts';

let open: TestApp[] = [];
afterEach(async () => {
  for (const t of open) await t.close();
  open = [];
});
async function start(overrides: Parameters<typeof buildTestApp>[0] = {}) {
  const t = await buildTestApp(overrides);
  open.push(t);
  return t;
}

describe(`the first admin on ${TEST_ENGINE}`, () => {
  it('is created as "admin" with an argon2id hash of ADMIN_PASSWORD', async () => {
    const t = await start({ adminPassword: 'a long configured password' });
    const admins = await t.app.deps.db.selectFrom('admin_users').selectAll().execute();
    expect(admins).toHaveLength(1);
    const [admin] = admins;
    expect(admin?.username).toBe('admin');
    expect(admin?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(admin?.password_hash ?? '', 'a long configured password')).toBe(
      true,
    );
    expect(await verifyPassword(admin?.password_hash ?? '', 'wrong password')).toBe(false);
    expect(t.initialized.generatedAdminPassword).toBeUndefined();
  });

  it('gets a generated password, returned once, when ADMIN_PASSWORD is not set', async () => {
    const t = await start({ adminPassword: undefined });
    const password = t.initialized.generatedAdminPassword;
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const admin = await t.app.deps.db
      .selectFrom('admin_users')
      .select('password_hash')
      .executeTakeFirstOrThrow();
    expect(admin.password_hash).not.toContain(password);
    expect(await verifyPassword(admin.password_hash, password ?? '')).toBe(true);

    // A second start finds the admin and generates nothing.
    const again = await initializeSite(t.app);
    expect(again.generatedAdminPassword).toBeUndefined();
    expect(await t.app.deps.db.selectFrom('admin_users').select('id').execute()).toHaveLength(1);
  });
});

describe(`demo content on ${TEST_ENGINE}`, () => {
  it('fills an empty database with the seed’s screens', async () => {
    const t = await start({ seedDemo: true });
    expect(t.initialized.seededDemo).toBe(true);
    const { db } = t.app.deps.database;

    const categories = await db.selectFrom('categories').selectAll().execute();
    expect(categories).toHaveLength(2);
    for (const category of categories) {
      const fields = JSON.parse(category.form_fields) as { enabled: boolean }[];
      expect(fields).toHaveLength(7);
      expect(fields.filter((f) => f.enabled)).toHaveLength(5);
      const subs = await db
        .selectFrom('subcategories')
        .select('id')
        .where('category_id', '=', category.id)
        .execute();
      expect(subs.length).toBeGreaterThanOrEqual(1);
    }

    const competitions = await db.selectFrom('competitions').selectAll().execute();
    expect(competitions.length).toBeGreaterThanOrEqual(6);
    const today = todayIn('Asia/Kolkata');
    const kinds = new Set(
      competitions.map(
        (c) =>
          `${competitionStatus({ startDate: c.start_date, endDate: c.end_date }, today)}-${c.entry_type}`,
      ),
    );
    expect(kinds).toContain('open-free');
    expect(kinds).toContain('open-paid');
    expect([...kinds].some((k) => k.startsWith('upcoming'))).toBe(true);
    expect([...kinds].some((k) => k.startsWith('closed'))).toBe(true);
    for (const c of competitions) {
      expect(c.entry_fee === 0).toBe(c.entry_type === 'free');
    }

    expect(await db.selectFrom('banners').select('id').execute()).toHaveLength(3);
    expect((await t.app.inject('/api/settings')).json().youtubeVideoId).toBe(DEMO_VIDEO_ID);
  });

  it('serves the generated images as public, immutable JPEGs', async () => {
    const t = await start({ seedDemo: true });
    const competition = await t.app.deps.db
      .selectFrom('competitions')
      .select(['image_url', 'prize_image_url'])
      .executeTakeFirstOrThrow();
    expect(competition.image_url).toMatch(/^\/media\/[0-9a-f]{32}\.jpg$/);
    const response = await t.app.inject(competition.image_url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });

  it('is seeded once: deleted demo content does not come back on the next start', async () => {
    const t = await start({ seedDemo: true });
    const { db } = t.app.deps.database;
    await db.deleteFrom('banners').execute();
    await db.deleteFrom('competitions').execute();
    await db.deleteFrom('categories').execute();
    const again = await initializeSite(t.app);
    expect(again.seededDemo).toBe(false);
    expect(await db.selectFrom('competitions').select('id').execute()).toEqual([]);
  });

  it('is not seeded when SEED_DEMO is off', async () => {
    const t = await start({ seedDemo: false });
    expect(t.initialized.seededDemo).toBe(false);
    expect(await t.app.deps.db.selectFrom('competitions').select('id').execute()).toEqual([]);
  });

  it('is not seeded into a database that already has content', async () => {
    const t = await start({ seedDemo: false });
    const { db } = t.app.deps.database;
    const now = new Date().toISOString();
    await db
      .insertInto('banners')
      .values({
        id: 'b1',
        title: 'Ours',
        description: 'd',
        image_url: '',
        position: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const app2 = await buildApp({ ...t.config, seedDemo: true }, { database: t.app.deps.database });
    const result = await initializeSite(app2);
    expect(result.seededDemo).toBe(false);
    expect(await db.selectFrom('banners').select('title').execute()).toEqual([{ title: 'Ours' }]);
  });
});

describe('request logs', () => {
  it('carry a request id, and no query string, cookie or authorization', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const environment = await createTestEnvironment({ logLevel: 'info' });
    const app = await buildApp(environment.config, { logStream: stream });
    try {
      await initializeSite(app);
      await app.inject({
        url: '/api/settings?email=artist@example.com',
        headers: { cookie: 'session=SECRET-SESSION', authorization: 'Bearer SECRET-TOKEN' },
      });
    } finally {
      await app.close();
      await environment.cleanup();
    }
    const text = lines.join('\n');
    expect(text).toContain('"url":"/api/settings"');
    expect(text).toMatch(/"reqId":"[0-9a-f-]{36}"/);
    expect(text).not.toContain('artist@example.com');
    expect(text).not.toContain('SECRET-SESSION');
    expect(text).not.toContain('SECRET-TOKEN');
  });
});
