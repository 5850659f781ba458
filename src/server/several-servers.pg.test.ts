import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_PASSWORD, asAdmin, signIn } from '../../tests/setup/admin-session.ts';
import { useTestApp } from '../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../tests/setup/test-database.ts';
import { buildApp } from './app.ts';
import { LISTENER_NAME } from './db/change-feed.ts';

/*
 * Two servers on one PostgreSQL (docs/decisions/019-several-servers.md): what an admin saves on
 * one is served by the other at once, through LISTEN/NOTIFY, not after the copies expire (the
 * settings' copy lives 5 s, the content's 30 s: every wait here is shorter). SQLite runs one
 * server, so there is no second one to tell: these run on PostgreSQL (`npm run test:pg`).
 */
const t = useTestApp({ config: { adminPassword: ADMIN_PASSWORD } });

/** Shorter than either copy's lifetime: a change seen within it was announced, not expired. */
const HEARD_WITHIN_MS = 4000;

describe.runIf(TEST_ENGINE === 'postgres')('two servers on one PostgreSQL', () => {
  let other: FastifyInstance;
  let token: string;

  beforeAll(async () => {
    other = await buildApp(t.config);
    await other.ready();
    token = await signIn(t, 'admin', ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await other.close();
  });

  const publicTitle = async (server: FastifyInstance) =>
    (await server.inject('/api/settings')).json<{ title: string }>().title;
  const categoryNames = async (server: FastifyInstance) =>
    (await server.inject('/api/categories')).json<{ name: string }[]>().map((c) => c.name);

  async function saveTitle(title: string): Promise<void> {
    const form = (await asAdmin(t, token, 'GET', '/api/admin/site-settings')).json();
    const saved = await asAdmin(t, token, 'PUT', '/api/admin/site-settings', { ...form, title });
    expect(saved.statusCode, saved.body).toBe(200);
  }

  it('serves a setting saved on one server from the other at once', async () => {
    // The other server has its copies: the settings and the public answer made of them.
    const before = await publicTitle(other);
    expect(await publicTitle(other)).toBe(before);
    const started = Date.now();
    await saveTitle('Atelier on the Hill');
    await vi.waitFor(async () => expect(await publicTitle(other)).toBe('Atelier on the Hill'), {
      timeout: HEARD_WITHIN_MS,
      interval: 20,
    });
    expect(Date.now() - started).toBeLessThan(HEARD_WITHIN_MS);
  });

  it('serves public content added on one server from the other at once', async () => {
    expect(await categoryNames(other)).not.toContain('Ceramics');
    const added = await asAdmin(t, token, 'POST', '/api/admin/categories', {
      name: 'Ceramics',
      subcategories: [],
    });
    expect(added.statusCode, added.body).toBe(201);
    await vi.waitFor(async () => expect(await categoryNames(other)).toContain('Ceramics'), {
      timeout: HEARD_WITHIN_MS,
      interval: 20,
    });
  });

  it('listens again after losing its connection, and hears the next change', async () => {
    expect(await publicTitle(other)).toBe('Atelier on the Hill');
    const listening = async () =>
      (
        await sql<{ pid: number }>`
          select pid from pg_stat_activity
          where datname = current_database() and application_name = ${LISTENER_NAME}`.execute(
          t.app.deps.db,
        )
      ).rows.length;
    // PostgreSQL ends every LISTEN connection, as a restart or a network cut would.
    await sql`
      select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and application_name = ${LISTENER_NAME}`.execute(
      t.app.deps.db,
    );
    // Both servers listen again (and drop their copies, since changes may have been missed)...
    await vi.waitFor(async () => expect(await listening()).toBe(2), { timeout: 10_000 });
    // ...then the other keeps a fresh copy, which only a message can make it drop.
    expect(await publicTitle(other)).toBe('Atelier on the Hill');
    await saveTitle('Atelier by the River');
    await vi.waitFor(async () => expect(await publicTitle(other)).toBe('Atelier by the River'), {
      timeout: HEARD_WITHIN_MS,
      interval: 20,
    });
  });
});
