import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, freshAddress, signIn } from '../../tests/setup/admin-session.ts';
import { OUR_CLIENT_HEADERS, useTestApp } from '../../tests/setup/test-app.ts';
import { createTestEnvironment, TEST_ENGINE } from '../../tests/setup/test-database.ts';
import { buildApp } from './app.ts';
import { initializeSite } from './initialize.ts';

/*
 * No input answers 500. A body nested deeper than any payload of the site is
 * refused with the envelope before anything reads it (it used to overflow the stack of the NUL
 * check), Node's own refusals of a malformed request carry the envelope, and a 403 is never
 * labelled BAD_REQUEST.
 */

const t = useTestApp({ config: { adminPassword: ADMIN_PASSWORD }, clientBuild: true });
const db = () => t.app.deps.db;

const TOO_DEEP = {
  error: { code: 'BAD_REQUEST', message: 'The request is nested too deeply.' },
};

/** What a refused write must leave as it was. */
async function writtenRows() {
  const count = async (
    table: 'categories' | 'audit_log' | 'sessions' | 'login_failures' | 'submissions',
  ) =>
    (
      await db()
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .execute()
    )[0]?.n;
  return {
    categories: Number(await count('categories')),
    audit: Number(await count('audit_log')),
    sessions: Number(await count('sessions')),
    failures: Number(await count('login_failures')),
    submissions: Number(await count('submissions')),
    outbox: (await db().selectFrom('email_outbox').select('id').execute()).length,
  };
}

function postJson(url: string, payload: string, cookies: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...OUR_CLIENT_HEADERS, 'content-type': 'application/json' },
    cookies,
    remoteAddress: freshAddress(),
    payload,
  });
}

describe(`deeply nested JSON on ${TEST_ENGINE}`, () => {
  let token: string;
  beforeEach(async () => {
    token = await signIn(t, 'admin', ADMIN_PASSWORD);
  });

  const bodies: [string, string][] = [
    ['[ × 10,000', `${'['.repeat(10_000)}${']'.repeat(10_000)}`],
    ['{"a": × 10,000', `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`],
    // 800 KB, inside the 1 MB body limit: JSON.parse takes it, the walk after it must too.
    ['[ × 400,000', `${'['.repeat(400_000)}${']'.repeat(400_000)}`],
    ['{"a": × 150,000', `${'{"a":'.repeat(150_000)}1${'}'.repeat(150_000)}`],
    [
      'deep inside a valid body',
      `{"username":"admin","password":"x","name":"Painting","x":${'['.repeat(10_000)}${']'.repeat(10_000)}}`,
    ],
    ['a NUL under the nesting', `${'['.repeat(10_000)}"\\u0000"${']'.repeat(10_000)}`],
  ];

  it('is a 400 with the envelope on a public and an admin route, and writes nothing', async () => {
    const before = await writtenRows();
    for (const [label, payload] of bodies) {
      for (const [url, cookies] of [
        ['/api/auth/login', {}],
        ['/api/admin/categories', { ws_session: token }],
      ] as const) {
        const response = await postJson(url, payload, cookies);
        expect(response.statusCode, `${label} to ${url}: ${response.body}`).toBe(400);
        expect(response.json(), `${label} to ${url}`).toEqual(TOO_DEEP);
      }
    }
    // The prototype-poisoning scan of Fastify's JSON parser walks it first, without recursion.
    const poisoned = `${'['.repeat(100_000)}{"__proto__":{"x":1}}${']'.repeat(100_000)}`;
    const response = await postJson('/api/auth/login', poisoned);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'INVALID_JSON', message: 'The request body is not valid JSON.' },
    });
    expect(await writtenRows()).toEqual(before);
  });

  it('writes no error, and no stack trace, to the log', async () => {
    const lines: string[] = [];
    const environment = await createTestEnvironment({ logLevel: 'info' });
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = await buildApp(environment.config, { logStream });
    try {
      await initializeSite(app);
      await app.ready();
      for (const [label, payload] of bodies) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: { ...OUR_CLIENT_HEADERS, 'content-type': 'application/json' },
          payload,
        });
        expect(response.statusCode, label).toBe(400);
      }
    } finally {
      await app.close();
      await environment.cleanup();
    }
    const logged = lines.map((line) => JSON.parse(line) as { level: number; msg: string });
    // The requests themselves were logged: the log is being read.
    expect(logged.filter((line) => line.msg === 'request completed')).toHaveLength(bodies.length);
    expect(logged.filter((line) => line.level >= 50)).toEqual([]);
    expect(lines.join('')).not.toContain('Maximum call stack');
  });

  it('leaves a body as deep as the site sends alone', async () => {
    // 31 levels under the body: far deeper than any form, still below the limit. The category
    // schema drops the unknown key, and the category is made.
    const nested = `${'['.repeat(31)}${']'.repeat(31)}`;
    const response = await postJson('/api/admin/categories', `{"name":"Painting","x":${nested}}`, {
      ws_session: token,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().name).toBe('Painting');
  });
});

/** Sends `text` on a raw connection and reads the answer until the server closes it. */
async function exchange(port: number, text: string) {
  const socket = connect(port, '127.0.0.1');
  socket.setEncoding('latin1');
  let received = '';
  socket.on('data', (chunk: string) => {
    received += chunk;
  });
  // The server may close while the rest is still being written: its answer is what counts.
  socket.on('error', () => {});
  await once(socket, 'connect');
  socket.write(text);
  await once(socket, 'close');
  const [head = '', body = ''] = received.split('\r\n\r\n');
  const [statusLine = '', ...headerLines] = head.split('\r\n');
  const headers = Object.fromEntries(
    headerLines.map((line) => {
      const at = line.indexOf(':');
      return [line.slice(0, at).toLowerCase(), line.slice(at + 1).trim()];
    }),
  );
  return { statusLine, headers, body };
}

describe(`Node's refusals of a malformed request on ${TEST_ENGINE}`, () => {
  let port: number;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });

  const cases: [string, string, string, Record<string, unknown>][] = [
    [
      'a bad request line',
      'THIS IS NOT HTTP\r\n\r\n',
      'HTTP/1.1 400 Bad Request',
      { code: 'BAD_REQUEST', message: 'The request is not valid HTTP.' },
    ],
    [
      'bad chunking',
      [
        'POST /api/auth/login HTTP/1.1',
        'Host: localhost',
        'Content-Type: application/json',
        'X-Requested-With: white-stroke',
        'Transfer-Encoding: chunked',
        '',
        'zz',
        '{}',
        '0',
        '',
        '',
      ].join('\r\n'),
      'HTTP/1.1 400 Bad Request',
      { code: 'BAD_REQUEST', message: 'The request is not valid HTTP.' },
    ],
    [
      'headers over the limit',
      `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      'HTTP/1.1 431 Request Header Fields Too Large',
      { code: 'HEADERS_TOO_LARGE', message: 'The request headers are too large.' },
    ],
  ];

  for (const [label, request, statusLine, error] of cases) {
    it(`answers ${label} with the envelope`, async () => {
      const before = await writtenRows();
      const answer = await exchange(port, request);
      expect(answer.statusLine).toBe(statusLine);
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(JSON.parse(answer.body)).toEqual({ error });
      expect(await writtenRows()).toEqual(before);
    });
  }

  it.each([
    ['HTTP/1.1', 'GET /api/health HTTP/1.1\r\nConnection: close\r\n\r\n'],
    ['HTTP/1.0', 'GET /api/health HTTP/1.0\r\n\r\n'],
    [
      'a POST',
      'POST /api/auth/login HTTP/1.1\r\nContent-Type: application/json\r\n' +
        'X-Requested-With: white-stroke\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}',
    ],
  ])(
    'answers %s without a Host header with the envelope and the security headers',
    async (_, request) => {
      const before = await writtenRows();
      const answer = await exchange(port, request);
      expect(answer.statusLine).toMatch(/^HTTP\/1\.[01] 400 Bad Request$/);
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['strict-transport-security']).toContain('max-age=');
      expect(JSON.parse(answer.body)).toEqual({
        error: { code: 'BAD_REQUEST', message: 'The request has no Host header.' },
      });
      expect(await writtenRows()).toEqual(before);
    },
  );

  it('still answers a well-formed request on a new connection', async () => {
    const answer = await exchange(
      port,
      'GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
    );
    expect(answer.statusLine).toBe('HTTP/1.1 200 OK');
  });
});

describe(`a 403 on ${TEST_ENGINE}`, () => {
  it("from the file server is seed §8's PERMISSION_ERROR, never BAD_REQUEST", async () => {
    writeFileSync(path.join(t.config.clientDir, 'robots.txt'), 'User-agent: *\n');
    for (const url of ['/..%5c..%5cetc%5cpasswd', '/assets/..%5crobots.txt']) {
      const response = await t.app.inject(url);
      expect(response.statusCode, url).toBe(403);
      expect(response.json(), url).toEqual({
        error: {
          code: 'PERMISSION_ERROR',
          message: 'You do not have permission to perform this action.',
        },
      });
    }
  });

  it("the file server's other refusals are named by their status", async () => {
    writeFileSync(path.join(t.config.clientDir, 'robots.txt'), 'User-agent: *\n');
    const cases = [
      [{ range: 'bytes=999-' }, 416, 'RANGE_NOT_SATISFIABLE'],
      [{ 'if-match': '"other"' }, 412, 'PRECONDITION_FAILED'],
    ] as const;
    for (const [headers, status, code] of cases) {
      const response = await t.app.inject({ url: '/robots.txt', headers });
      expect(response.statusCode, code).toBe(status);
      expect(response.json().error.code, code).toBe(code);
    }
  });

  it('from the CSRF check keeps its own code', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'admin', password: ADMIN_PASSWORD },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('CSRF_REJECTED');
  });
});
