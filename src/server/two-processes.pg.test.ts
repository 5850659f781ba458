import type { ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeCategoryRow, makeCompetitionRow } from '../../tests/factories/rows.ts';
import { ADMIN_PASSWORD } from '../../tests/setup/admin-session.ts';
import {
  FAKE_KEY_ID,
  FAKE_KEY_SECRET,
  FAKE_WEBHOOK_SECRET,
  type FakeRazorpay,
  startFakeRazorpay,
} from '../../tests/setup/fake-razorpay.ts';
import { MULTIPART_CONTENT_TYPE, multipartParts } from '../../tests/setup/image-upload.ts';
import {
  defaultFiles,
  registrationData,
  registrationParts,
  todayInKolkata,
} from '../../tests/setup/registration.ts';
import { startS3Server, type TestS3Server } from '../../tests/setup/s3-server.ts';
import { printedUrl, serverEnv, startMain } from '../../tests/setup/server-process.ts';
import { smtpUrlFor, startSmtpServer, type TestSmtpServer } from '../../tests/setup/smtp-server.ts';
import { OUR_CLIENT_HEADERS } from '../../tests/setup/test-app.ts';
import {
  createTestEnvironment,
  TEST_ENGINE,
  type TestEnvironment,
} from '../../tests/setup/test-database.ts';
import { addDays } from '../shared/domain/competition-status.ts';
import { DEFAULT_FORM_FIELDS } from '../shared/schemas/form-field.ts';
import { buildApp } from './app.ts';
import { ADVISORY_LOCK } from './db/advisory-locks.ts';
import { displayKeyOf, largeKeyOf, uploadKeyOf } from './features/media/private-images.ts';
import {
  storeUnclaimedFiles,
  UNCLAIMED_FILE_LIFETIME_MS,
} from './features/media/unclaimed-files.ts';
import { initializeSite } from './initialize.ts';

/*
 * Two real server processes (`node src/server/main.ts`, as `npm start` runs it) on one PostgreSQL
 * database and one S3-compatible storage, with an SMTP server and Razorpay's API (a fake) that the
 * test runs, as a site behind a load balancer runs: every periodic job is claimed, so the two never
 * do the same work. The sweeper removes each unclaimed file once, under its lock; each outbox
 * message goes out exactly once; each picture of a registration is made once (its copies written
 * once, its job and the picture as sent gone); two Publish clicks at once write each results e-mail
 * once; a payment the artist made and never came back from is settled once.
 *
 * Each process reaches the storage, the SMTP server and Razorpay through proxies of its own, so
 * the test sees which process did what, and can hold one process's job in the middle of its round
 * until the other's is under way too: the two rounds then overlap whatever the scheduling. No poll
 * interval can be set from the environment, so the work is made due as a person would make it
 * (registrations, checkouts, Publish) and the test waits for the results; the reconciliation
 * job's first round comes a minute after each start. SQLite runs one server: this runs on
 * PostgreSQL (`npm run test:pg`).
 */

/** Free entries, sent alternately to the two servers: a confirmation e-mail, two pictures each. */
const REGISTRATIONS = 60;
/** Registrations in flight at once. */
const IN_FLIGHT = 6;
/** Paid entries whose artist paid at Razorpay and closed the tab (at most one round's batch). */
const PAID_ENTRIES = 8;
/** Approved entries written to when the results are published. */
const RESULTS_ENTRIES = 10;
/** Files a crash left unclaimed more than an hour before the servers start. */
const UNCLAIMED_FILES = 12;
/** How long a test waits for what it checks (the machine may be busy). */
const DEADLINE_MS = 60_000;
/** The reconciliation job's first round comes a minute after a start: past that, under load. */
const RECONCILE_DEADLINE_MS = 150_000;

interface ServerProcess {
  name: string;
  child: ChildProcess;
  url: string;
  /** What it asks of the storage and of Razorpay, each through a proxy of its own. */
  storage: Proxy;
  razorpay: Proxy;
  /** Its connections to the SMTP server, through a proxy of its own. */
  mail: TcpProxy;
  /** Its log: pino's JSON lines on stdout. */
  lines(): Record<string, unknown>[];
  stderr(): string;
}

/** Which requests a proxy holds: by method and path (`/<bucket>/<key>` for the storage). */
type RequestFilter = (method: string, path: string) => boolean;

/**
 * An HTTP proxy in front of a server the test runs, one per server process, so the test sees which
 * process asked what. Requests that the filter given at the start (or to hold()) picks wait there
 * until release(): the job that sent one stays in the middle of its round.
 */
interface Proxy {
  endpoint: string;
  /** Every request, in order of arrival. */
  requests: { method: string; path: string }[];
  /** From now until the next release(), the requests `which` picks wait. */
  hold(which: RequestFilter): void;
  /** Requests waiting now. */
  held(): number;
  release(): void;
  close(): Promise<void>;
}

async function startProxy(target: string, hold?: RequestFilter): Promise<Proxy> {
  const requests: Proxy['requests'] = [];
  let holding = hold;
  let waiting: (() => void)[] = [];
  const server = http.createServer((request, response) => {
    const forward = () => {
      const upstream = http.request(
        new URL(request.url ?? '/', target),
        // The Host header the client signed goes on unchanged: s3rver checks the signature.
        { method: request.method, headers: request.headers },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      upstream.on('error', () => response.destroy());
      request.pipe(upstream);
    };
    const method = request.method ?? '';
    const path = decodeURIComponent(new URL(request.url ?? '/', target).pathname);
    requests.push({ method, path });
    if (holding?.(method, path)) waiting.push(forward);
    else forward();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const release = () => {
    holding = undefined;
    const held = waiting;
    waiting = [];
    for (const forward of held) forward();
  };
  return {
    endpoint: `http://127.0.0.1:${port}`,
    requests,
    hold(which) {
      holding = which;
    },
    held: () => waiting.length,
    release,
    async close() {
      release();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A storage request's key (path-style: /<bucket>/<key>). */
const keyOf = (path: string) => path.split('/').slice(2).join('/');

/** The storage keys a server deleted, in order. */
const deletedKeys = (server: ServerProcess) =>
  server.storage.requests.filter((r) => r.method === 'DELETE').map((r) => keyOf(r.path));

/** A picture as sent, which a registration writes; the copies are what a picture job writes. */
const isUpload = (key: string) => key.endsWith('-upload');
/** A picture job writing a copy: a PUT of a private file that is not a picture as sent. */
const isCopyPut: RequestFilter = (method, p) =>
  method === 'PUT' && keyOf(p).startsWith('private/') && !isUpload(keyOf(p));

/** The keys of the copies a server wrote, in order: one for each picture it made, or more. */
const copyPuts = (server: ServerProcess) =>
  server.storage.requests.filter((r) => isCopyPut(r.method, r.path)).map((r) => keyOf(r.path));

/** The image fields of the test's categories (makeCategoryRow: the default form). */
const IMAGE_FIELDS = DEFAULT_FORM_FIELDS.filter((f) => f.type === 'image').map((f) => f.id);

/**
 * A TCP proxy in front of the SMTP server, one per server process. Until release() each connection
 * waits unanswered (a sender waits up to 15 s for the greeting): the worker that opened it stays
 * in the middle of sending the message it claimed.
 */
interface TcpProxy {
  port: number;
  /** Connections waiting now. */
  held(): number;
  release(): void;
  close(): Promise<void>;
}

async function startTcpProxy(targetPort: number): Promise<TcpProxy> {
  let holding = true;
  let waiting: (() => void)[] = [];
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
  };
  const server = net.createServer((client) => {
    track(client);
    const connect = () => {
      const upstream = net.connect(targetPort, '127.0.0.1');
      track(upstream);
      upstream.on('close', () => client.destroy());
      client.on('close', () => upstream.destroy());
      client.pipe(upstream).pipe(client);
    };
    if (holding) waiting.push(connect);
    else connect();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const release = () => {
    holding = false;
    const held = waiting;
    waiting = [];
    for (const connect of held) connect();
  };
  return {
    port: (server.address() as AddressInfo).port,
    held: () => waiting.length,
    release,
    async close() {
      release();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function stopped(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.on('close', () => resolve());
  });
}

let addresses = 0;
/** A client address of its own for each request, as the load balancer in front passes it on. */
const freshForwardedFor = () => {
  addresses++;
  return `10.25.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
};

describe.runIf(TEST_ENGINE === 'postgres')('two server processes on one PostgreSQL', () => {
  let environment: TestEnvironment;
  let smtp: TestSmtpServer;
  let razorpay: FakeRazorpay;
  let s3: TestS3Server;
  /** Built, never made ready: no jobs of its own; the test reads the database through it. */
  let app: FastifyInstance;
  const servers: ServerProcess[] = [];
  /** Everything started, stopped in afterAll even when a start failed half-way. */
  const children: ChildProcess[] = [];
  const proxies: { release(): void; close(): Promise<void> }[] = [];
  let freeCompetitionId: string;
  let paidCompetitionId: string;
  const unclaimed: string[] = [];
  const db = () => app.deps.db;

  async function startServer(name: string, clientDir: string): Promise<ServerProcess> {
    const dataDir = path.join(environment.config.dataDir, name);
    mkdirSync(dataDir);
    // Held: the sweeper's deletes, and the reconciliation's questions about an order.
    const storage = await startProxy(s3.config.endpoint as string, (method) => method === 'DELETE');
    const mail = await startTcpProxy(smtp.port);
    const payments = await startProxy(razorpay.url, (method, p) =>
      /^\/v1\/orders\/[^/]+\/payments$/.test(p),
    );
    proxies.push(storage, mail, payments);
    const { child } = startMain({
      ...serverEnv({ dataDir, databaseUrl: environment.config.databaseUrl }, clientDir),
      // Each 'e-mail sent' line names its message: which server sent what.
      LOG_LEVEL: 'info',
      // As in the browser tests: the image worker at normal priority, not behind every other test
      // run on the machine (image-worker-client.ts), so the pictures are made within the deadlines.
      NODE_ENV: 'test',
      // The test's requests come as through a load balancer on 127.0.0.1.
      TRUST_PROXY: '127.0.0.1',
      SMTP_URL: smtpUrlFor(mail.port),
      MAIL_FROM: 'White Stroke <no-reply@whitestroke.test>',
      S3_BUCKET: s3.config.bucket,
      S3_REGION: s3.config.region,
      S3_ENDPOINT: storage.endpoint,
      S3_ACCESS_KEY_ID: s3.config.accessKeyId ?? '',
      S3_SECRET_ACCESS_KEY: s3.config.secretAccessKey ?? '',
      RAZORPAY_KEY_ID: FAKE_KEY_ID,
      RAZORPAY_KEY_SECRET: FAKE_KEY_SECRET,
      RAZORPAY_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
      RAZORPAY_API_URL: payments.endpoint,
    });
    children.push(child);
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    const url = await printedUrl(child, DEADLINE_MS);
    return {
      name,
      child,
      url,
      storage,
      razorpay: payments,
      mail,
      lines: () =>
        stdout.split('\n').flatMap((line) => {
          if (!line.startsWith('{')) return [];
          try {
            return [JSON.parse(line) as Record<string, unknown>];
          } catch {
            return [];
          }
        }),
      stderr: () => stderr,
    };
  }

  /** The i-th request goes to the first server when i is even, to the second when odd. */
  const serverFor = (i: number) => servers[i % 2] as ServerProcess;

  async function register(
    server: ServerProcess,
    competitionId: string,
    artist: { fullName: string; email: string },
    files: Record<string, Buffer>,
  ): Promise<{ id: string; entryToken: string }> {
    const response = await fetch(`${server.url}/api/submissions`, {
      method: 'POST',
      headers: {
        ...OUR_CLIENT_HEADERS,
        'content-type': MULTIPART_CONTENT_TYPE,
        'idempotency-key': randomUUID(),
        'x-forwarded-for': freshForwardedFor(),
      },
      body: new Uint8Array(
        multipartParts(registrationParts(registrationData(competitionId, artist), files)),
      ),
    });
    const body = await response.text();
    expect(response.status, body).toBe(201);
    return JSON.parse(body) as { id: string; entryToken: string };
  }

  const post = (server: ServerProcess, url: string, body?: unknown, cookie?: string) =>
    fetch(`${server.url}${url}`, {
      method: 'POST',
      headers: {
        ...OUR_CLIENT_HEADERS,
        'x-forwarded-for': freshForwardedFor(),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(cookie ? { cookie } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  /** The outbox ids in each message's Message-ID (`<id@domain>`), in the order received. */
  const receivedIds = () =>
    smtp.received.map(({ parsed }) => /^<?([^@>]+)@/.exec(parsed.messageId ?? '')?.[1] ?? '');

  async function outboxRows(where: { kind?: string; submissionIds?: string[] } = {}) {
    let query = db()
      .selectFrom('email_outbox')
      .select(['id', 'kind', 'to_address', 'status', 'attempts', 'submission_id']);
    if (where.kind) query = query.where('kind', 'like', where.kind);
    if (where.submissionIds) query = query.where('submission_id', 'in', where.submissionIds);
    return query.orderBy('id').execute();
  }

  /**
   * Waits until each of these outbox rows is sent, then checks that each took one attempt and
   * that the SMTP server received each exactly once (by its Message-ID).
   */
  async function expectSentOnce(ids: readonly string[]): Promise<void> {
    const rows = await vi.waitFor(
      async () => {
        const found = await db()
          .selectFrom('email_outbox')
          .select(['id', 'status', 'attempts'])
          .where('id', 'in', ids)
          .execute();
        expect(found.filter((r) => r.status === 'sent')).toHaveLength(ids.length);
        return found;
      },
      { timeout: DEADLINE_MS, interval: 100 },
    );
    for (const row of rows) expect(row.attempts, row.id).toBe(1);
    const received = receivedIds();
    for (const id of ids)
      expect(
        received.filter((r) => r === id),
        id,
      ).toHaveLength(1);
  }

  /** Every key in the bucket, asked of the S3 server itself (not through a proxy). */
  async function bucketKeys(): Promise<string[]> {
    const { bucket, region, endpoint, accessKeyId, secretAccessKey } = s3.config;
    const client = new S3Client({
      region,
      endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: accessKeyId ?? '', secretAccessKey: secretAccessKey ?? '' },
    });
    const keys: string[] = [];
    try {
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }),
        );
        keys.push(...(page.Contents ?? []).map((o) => o.Key ?? ''));
        token = page.NextContinuationToken;
      } while (token);
    } finally {
      client.destroy();
    }
    return keys;
  }

  /** Which server logged sending each outbox message. */
  function sentBy(): Map<string, string[]> {
    const senders = new Map<string, string[]>();
    for (const server of servers) {
      for (const line of server.lines()) {
        if (line.msg !== 'e-mail sent') continue;
        const id = String(line.outboxId);
        senders.set(id, [...(senders.get(id) ?? []), server.name]);
      }
    }
    return senders;
  }

  beforeAll(async () => {
    environment = await createTestEnvironment();
    smtp = await startSmtpServer();
    razorpay = await startFakeRazorpay();
    s3 = await startS3Server();
    // A minimal stand-in build, so the servers never run Vite.
    const clientDir = path.join(environment.config.dataDir, 'client');
    mkdirSync(clientDir);
    writeFileSync(
      path.join(clientDir, 'index.html'),
      '<html lang="en"><head><!--app-head--></head></html>',
    );

    app = await buildApp({
      ...environment.config,
      adminPassword: ADMIN_PASSWORD,
      s3: s3.config,
    });
    await initializeSite(app);
    const category = makeCategoryRow();
    await db().insertInto('categories').values(category).execute();
    const open = {
      start_date: addDays(todayInKolkata(), -1),
      end_date: addDays(todayInKolkata(), 30),
    };
    const free = makeCompetitionRow(category.id, { ...open, entry_type: 'free', entry_fee: 0 });
    const paid = makeCompetitionRow(category.id, { ...open, title: 'Paid Rains', entry_fee: 499 });
    await db().insertInto('competitions').values([free, paid]).execute();
    freeCompetitionId = free.id;
    paidCompetitionId = paid.id;
    // What a server that crashed mid-registration left, more than an hour before the start.
    const folder = `private/submissions/${randomUUID()}`;
    const files = Array.from({ length: UNCLAIMED_FILES }, (_, i) => ({
      key: `${folder}/photo-${i}-${randomBytes(4).toString('hex')}.jpg`,
      data: randomBytes(1000),
      contentType: 'image/jpeg',
    }));
    await storeUnclaimedFiles(
      app.deps,
      files,
      new Date(Date.now() - UNCLAIMED_FILE_LIFETIME_MS - 60_000),
    );
    unclaimed.push(...files.map((f) => f.key));

    // Started together, so their sweeps at start overlap; the proxy holds the deletes meanwhile.
    servers.push(
      ...(await Promise.all([startServer('first', clientDir), startServer('second', clientDir)])),
    );
  }, 120_000);

  afterAll(async () => {
    for (const proxy of proxies) proxy.release();
    await Promise.all(
      children.map(async (child) => {
        child.kill('SIGTERM');
        const killed = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await stopped(child);
        clearTimeout(killed);
      }),
    );
    await app?.close();
    for (const proxy of proxies) await proxy.close();
    await s3?.close();
    await razorpay?.close();
    await smtp?.close();
    await environment?.cleanup();
  }, 60_000);

  it('sweeps each unclaimed file once, one server at a time under the lock', async ({
    annotate,
  }) => {
    const held = () => servers.map((server) => server.storage.held());
    // One server's round is under way: its first delete waits at its proxy.
    await vi.waitFor(() => expect(Math.max(...held())).toBeGreaterThan(0), {
      timeout: DEADLINE_MS,
      interval: 20,
    });
    // Both servers have started, and each sweeps as it starts: still one server deleting (one
    // file at a time), and one holder of a periodic job's lock.
    const holders = await sql<{ pid: number }>`
      select pid from pg_locks
      where locktype = 'advisory' and granted and classid = ${ADVISORY_LOCK.periodicJob}
        and database = (select oid from pg_database where datname = current_database())`.execute(
      db(),
    );
    expect(holders.rows).toHaveLength(1);
    expect([...held()].sort()).toEqual([0, 1]);
    const sweeper = servers.find((server) => server.storage.held() === 1) as ServerProcess;
    for (const server of servers) server.storage.release();
    await vi.waitFor(
      async () =>
        expect(
          await db()
            .selectFrom('unclaimed_files')
            .select('key')
            .where('key', 'in', unclaimed)
            .execute(),
        ).toEqual([]),
      { timeout: DEADLINE_MS, interval: 50 },
    );
    // Every file deleted once, all by the server that held the lock.
    expect(
      deletedKeys(sweeper)
        .filter((key) => unclaimed.includes(key))
        .sort(),
    ).toEqual([...unclaimed].sort());
    for (const server of servers.filter((s) => s !== sweeper)) {
      expect(deletedKeys(server).filter((key) => unclaimed.includes(key))).toEqual([]);
    }
    for (const key of unclaimed) expect(await app.deps.storage.get(key)).toBeUndefined();
    await annotate(`unclaimed files swept by the ${sweeper.name} server`);
  });

  it(
    'sends each outbox message exactly once: registrations made on both servers',
    { timeout: 180_000 },
    async ({ annotate }) => {
      const files = await defaultFiles();
      const registerAll = async () => {
        const receipts: { id: string }[] = [];
        for (let start = 0; start < REGISTRATIONS; start += IN_FLIGHT) {
          const batch = Array.from(
            { length: Math.min(IN_FLIGHT, REGISTRATIONS - start) },
            (_, j) => start + j,
          );
          receipts.push(
            ...(await Promise.all(
              batch.map((i) =>
                register(
                  serverFor(i),
                  freeCompetitionId,
                  { fullName: `Artist ${i}`, email: `artist${i}@example.com` },
                  files,
                ),
              ),
            )),
          );
        }
        return receipts;
      };
      // The first worker to send waits at its proxy with the message it claimed, until the other
      // server's worker is sending another: both take part, whatever the scheduling. Likewise the
      // first picture worker to write a copy (the pictures as sent, which the registrations
      // write, pass), for the pictures' test below.
      for (const server of servers) server.storage.hold(isCopyPut);
      const bothUnderWay = async (proxyOf: (server: ServerProcess) => Proxy | TcpProxy) => {
        await vi.waitFor(
          () => expect(Math.min(...servers.map((s) => proxyOf(s).held()))).toBeGreaterThan(0),
          { timeout: DEADLINE_MS, interval: 20 },
        );
        for (const server of servers) proxyOf(server).release();
      };
      const registering = registerAll();
      registering.catch(() => {});
      await Promise.all([bothUnderWay((s) => s.mail), bothUnderWay((s) => s.storage)]);
      const receipts = await registering;
      const rows = await outboxRows({ submissionIds: receipts.map((r) => r.id) });
      expect(rows).toHaveLength(REGISTRATIONS);
      expect(new Set(rows.map((r) => r.kind))).toEqual(new Set(['registration-confirmation']));
      await expectSentOnce(rows.map((r) => r.id));
      // Each confirmation went to its own artist, once.
      const recipients = smtp.received.flatMap((m) => m.to);
      for (let i = 0; i < REGISTRATIONS; i++) {
        expect(recipients.filter((to) => to === `artist${i}@example.com`)).toHaveLength(1);
      }
      // Each message logged as sent by one server, never by both.
      const senders = sentBy();
      for (const row of rows) expect(senders.get(row.id), row.id).toHaveLength(1);
      const count = (name: string) => rows.filter((r) => senders.get(r.id)?.[0] === name).length;
      for (const server of servers) expect(count(server.name), server.name).toBeGreaterThan(0);
      await annotate(`confirmations sent: first ${count('first')}, second ${count('second')}`);
    },
  );

  it(
    'writes each results e-mail once when Publish is clicked on both servers at once',
    { timeout: 120_000 },
    async () => {
      const login = await post(servers[0] as ServerProcess, '/api/auth/login', {
        username: 'admin',
        password: ADMIN_PASSWORD,
      });
      expect(login.status, await login.clone().text()).toBe(200);
      const cookie = login.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .find((c) => c?.startsWith('ws_session='));
      expect(cookie).toBeDefined();

      const entries = await db()
        .selectFrom('submissions')
        .select('id')
        .where('competition_id', '=', freeCompetitionId)
        .orderBy('created_at')
        .limit(RESULTS_ENTRIES)
        .execute();
      const ids = entries.map((e) => e.id);
      await db()
        .updateTable('submissions')
        .set({ status: 'approved' })
        .where('id', 'in', ids)
        .execute();
      const stamp = new Date().toISOString();
      const work = await db()
        .selectFrom('entry_works')
        .select('id')
        .where('submission_id', '=', ids[0] as string)
        .executeTakeFirstOrThrow();
      await db()
        .insertInto('awards')
        .values({
          id: randomUUID(),
          competition_id: freeCompetitionId,
          submission_id: ids[0] as string,
          work_id: work.id,
          title: 'First Prize',
          position: 1,
          created_at: stamp,
          updated_at: stamp,
        })
        .execute();

      // Results are published only once entries are closed (decision 021).
      const close = `/api/admin/competitions/${freeCompetitionId}/close-entries`;
      expect((await post(servers[0] as ServerProcess, close, undefined, cookie)).status).toBe(200);
      const publish = `/api/admin/competitions/${freeCompetitionId}/results/publish`;
      const answers = await Promise.all(
        servers.map((server) => post(server, publish, undefined, cookie)),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses).toEqual([200, 409]);
      const refused = answers.find((a) => a.status === 409) as Response;
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
        'ALREADY_PUBLISHED',
      );

      const rows = await outboxRows({ kind: 'results-%' });
      expect(rows.map((r) => r.submission_id).sort()).toEqual([...ids].sort());
      await expectSentOnce(rows.map((r) => r.id));
      const certificates = await db()
        .selectFrom('certificates')
        .select('submission_id')
        .where('competition_id', '=', freeCompetitionId)
        .execute();
      expect(certificates.map((c) => c.submission_id).sort()).toEqual([...ids].sort());
    },
  );

  it(
    'settles each payment the artist made and never came back from once: one ledger row, one e-mail',
    { timeout: RECONCILE_DEADLINE_MS + 2 * DEADLINE_MS },
    async ({ annotate }) => {
      const files = await defaultFiles();
      const entries = await Promise.all(
        Array.from({ length: PAID_ENTRIES }, (_, i) =>
          register(
            serverFor(i),
            paidCompetitionId,
            { fullName: `Payer ${i}`, email: `payer${i}@example.com` },
            files,
          ),
        ),
      );
      // Each artist opens the checkout (on the other server), pays at Razorpay and closes the tab:
      // half the payments captured, half only authorized (the server captures those).
      const orders = await Promise.all(
        entries.map(async (entry, i) => {
          const answer = await post(serverFor(i + 1), '/api/payments/orders', {
            entryToken: entry.entryToken,
          });
          expect(answer.status).toBe(200);
          const { orderId } = (await answer.json()) as { orderId: string };
          const payment = razorpay.addPayment(orderId, i % 2 === 0 ? 'captured' : 'authorized');
          return { submissionId: entry.id, orderId, paymentId: payment.id };
        }),
      );
      // 15 minutes on, as far as the orders know: due at both servers' next round.
      await db()
        .updateTable('payment_orders')
        .set({ check_after: new Date(Date.now() - 60_000).toISOString() })
        .where(
          'order_id',
          'in',
          orders.map((o) => o.orderId),
        )
        .execute();

      // The first round to ask Razorpay about an order waits at its proxy until the other
      // server's round asks about another: both rounds are under way at once (each server's
      // comes a minute after its start, then every minute).
      await vi.waitFor(
        () => expect(Math.min(...servers.map((s) => s.razorpay.held()))).toBeGreaterThan(0),
        { timeout: RECONCILE_DEADLINE_MS, interval: 100 },
      );
      for (const server of servers) server.razorpay.release();

      const submissionIds = orders.map((o) => o.submissionId);
      await vi.waitFor(
        async () => {
          const paid = await db()
            .selectFrom('submissions')
            .select('id')
            .where('id', 'in', submissionIds)
            .where('payment_status', '=', 'paid')
            .execute();
          expect(paid).toHaveLength(PAID_ENTRIES);
        },
        { timeout: DEADLINE_MS, interval: 200 },
      );

      const asked = (server: ServerProcess, p: string) =>
        server.razorpay.requests.filter((r) => r.path === p).length;
      const checked = new Map(servers.map((server) => [server.name, 0]));
      for (const [i, { orderId, paymentId }] of orders.entries()) {
        // Asked about by one server (its client tries a read again after a time-out), and an
        // authorized payment captured once.
        const askers = servers.filter((s) => asked(s, `/v1/orders/${orderId}/payments`) > 0);
        expect(askers, orderId).toHaveLength(1);
        const asker = askers[0] as ServerProcess;
        checked.set(asker.name, (checked.get(asker.name) ?? 0) + 1);
        const captures = servers.map((s) => asked(s, `/v1/payments/${paymentId}/capture`));
        expect(
          captures.reduce((a, b) => a + b),
          paymentId,
        ).toBe(i % 2 === 0 ? 0 : 1);
        expect(razorpay.payments.get(paymentId)?.status).toBe('captured');
      }
      const ledger = await db()
        .selectFrom('payments')
        .select(['payment_id', 'status'])
        .where('submission_id', 'in', submissionIds)
        .execute();
      expect(ledger.map((p) => p.payment_id).sort()).toEqual(orders.map((o) => o.paymentId).sort());
      for (const row of ledger) expect(row.status).toBe('captured');
      const received = await outboxRows({ kind: 'payment-received', submissionIds });
      expect(received.map((r) => r.submission_id).sort()).toEqual([...submissionIds].sort());
      await expectSentOnce(received.map((r) => r.id));
      for (const [name, n] of checked) expect(n, name).toBeGreaterThan(0);
      await annotate(
        `orders checked: ${[...checked].map(([name, n]) => `${name} ${n}`).join(', ')}`,
      );
    },
  );

  // Last but one: the pictures of every entry of the run were made meanwhile (the paid entries'
  // during the minute before reconciliation), so waiting for them seldom adds to the run.
  it(
    'makes each picture of the run once: each copy written once, no job or picture as sent left',
    { timeout: 3 * DEADLINE_MS },
    async ({ annotate }) => {
      await vi.waitFor(
        async () =>
          expect(
            await db().selectFrom('image_jobs').select(['key', 'status', 'last_error']).execute(),
          ).toEqual([]),
        { timeout: DEADLINE_MS, interval: 100 },
      );
      const rows = await db()
        .selectFrom('submissions')
        .innerJoin('entry_works', 'entry_works.submission_id', 'submissions.id')
        .select(['photo_key', 'entry_works.field_values'])
        .execute();
      expect(rows).toHaveLength(REGISTRATIONS + PAID_ENTRIES);
      const artworks = rows.flatMap((row) => {
        const values = JSON.parse(row.field_values) as Record<string, unknown>;
        return IMAGE_FIELDS.map((id) => values[id]).filter(
          (v): v is string => typeof v === 'string',
        );
      });
      const photos = rows.flatMap((row) => (row.photo_key ? [row.photo_key] : []));
      // The default form asks for a photo and an artwork; an artwork has two copies too.
      expect([photos.length, artworks.length]).toEqual([rows.length, rows.length]);
      const copies = [
        ...photos,
        ...artworks,
        ...artworks.map(largeKeyOf),
        ...artworks.map(displayKeyOf),
      ];
      // Each copy PUT once over both servers' proxies, and no other key but pictures as sent.
      const puts = new Map(copies.map((key) => [key, 0]));
      for (const key of servers.flatMap(copyPuts)) puts.set(key, (puts.get(key) ?? 0) + 1);
      expect(puts.size).toBe(copies.length);
      expect([...puts].filter(([, n]) => n !== 1)).toEqual([]);
      // Both servers made pictures: the registrations' test held the first copy of each until
      // the other's was on its way.
      const made = servers.map((server) => [server.name, copyPuts(server).length] as const);
      for (const [name, n] of made) expect(n, name).toBeGreaterThan(0);
      // A picture as sent goes after its job's transaction: deleted, then unlisted. The copies
      // stay.
      const uploads = [...photos, ...artworks].map(uploadKeyOf);
      await vi.waitFor(
        async () => {
          const stored = await bucketKeys();
          expect(stored.filter(isUpload)).toEqual([]);
          expect(stored).toEqual(expect.arrayContaining(copies));
          expect(
            await db()
              .selectFrom('unclaimed_files')
              .select('key')
              .where('key', 'in', [...copies, ...uploads])
              .execute(),
          ).toEqual([]);
        },
        { timeout: DEADLINE_MS, interval: 100 },
      );
      await annotate(
        `picture copies written: ${made.map(([name, n]) => `${name} ${n}`).join(', ')}`,
      );
    },
  );

  it('has sent every message of the run once, each from one server, and logged no error', async ({
    annotate,
  }) => {
    const rows = await outboxRows();
    await expectSentOnce(rows.map((r) => r.id));
    // Nothing else reached the SMTP server.
    expect(receivedIds().sort()).toEqual(rows.map((r) => r.id).sort());
    const senders = sentBy();
    for (const row of rows) expect(senders.get(row.id), row.id).toHaveLength(1);
    for (const server of servers) {
      const errors = server.lines().filter((line) => Number(line.level) >= 50);
      expect(errors, server.name).toEqual([]);
      expect(server.lines().filter((l) => String(l.msg).includes('claim ran out'))).toEqual([]);
      expect(server.lines().filter((l) => l.msg === 'a picture job failed')).toEqual([]);
      expect(server.stderr(), server.name).toBe('');
    }
    const byServer = servers.map(
      (s) => `${s.name} ${rows.filter((r) => senders.get(r.id)?.[0] === s.name).length}`,
    );
    await annotate(`${rows.length} messages sent: ${byServer.join(', ')}`);
  });
});
