import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEFAULT_PUBLIC_SETTINGS } from '../shared/site-defaults.ts';
import { makeFakeClientBuild } from '../../tests/setup/fake-client-build.ts';
import {
  buildTestApp,
  type TestApp,
  OUR_CLIENT_HEADERS as OURS,
} from '../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../tests/setup/test-database.ts';

/** The fake build plus a hashed asset and its brotli copy. */
function makeClientBuild(): string {
  const dir = makeFakeClientBuild();
  mkdirSync(path.join(dir, 'assets'));
  const js = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  writeFileSync(path.join(dir, 'assets/index-abc123.js'), js);
  writeFileSync(path.join(dir, 'assets/index-abc123.js.br'), brotliCompressSync(js));
  return dir;
}

let t: TestApp;
let clientDir: string;

beforeAll(async () => {
  clientDir = makeClientBuild();
  t = await buildTestApp(
    { clientDir },
    {
      // Routes that exist only to drive the error handler through real requests.
      beforeReady(app) {
        const typed = app.withTypeProvider<ZodTypeProvider>();
        typed.post(
          '/api/test/echo',
          { schema: { body: z.object({ title: z.string().min(1), age: z.number().int() }) } },
          async (request) => request.body,
        );
        typed.get('/api/test/crash', async () => {
          throw new Error('secret internals: connection string postgres://u:p@h/db');
        });
      },
    },
  );
});

afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

describe(`API basics on ${TEST_ENGINE}`, () => {
  it('GET /api/health answers ok with a request id', async () => {
    const response = await t.app.inject('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('GET /api/settings returns the public settings with the seed defaults', async () => {
    const response = await t.app.inject('/api/settings');
    expect(response.statusCode).toBe(200);
    // The seed's literal defaults are asserted in src/shared/schemas/settings.test.ts.
    expect(response.json()).toEqual(DEFAULT_PUBLIC_SETTINGS);
    expect(response.json().title).toBe('White Stroke International Art Space');
  });

  it('an unknown /api route is a JSON 404 for any method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await t.app.inject({ method, url: '/api/no/such/thing?x=1', headers: OURS });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: { code: 'NOT_FOUND', message: `No such resource: ${method} /api/no/such/thing` },
      });
    }
  });

  it('a malformed JSON body is a 400 with the envelope', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { ...OURS, 'content-type': 'application/json' },
      payload: '{"title": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'INVALID_JSON', message: 'The request body is not valid JSON.' },
    });
  });

  it('an empty JSON body is a 400 with the envelope', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { ...OURS, 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('INVALID_JSON');
  });

  it('a body of the wrong type of content is a 415 with the envelope', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { ...OURS, 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('a body that breaks the schema is a 400 naming each field', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: OURS,
      payload: { title: '', age: 'old' },
    });
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(Object.keys(error.fields).sort()).toEqual(['age', 'title']);
  });

  it('a body over the size limit is a 413 with the envelope', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: OURS,
      payload: { title: 'x'.repeat(2 * 1024 * 1024), age: 1 },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('an unexpected failure is a 500 that reveals nothing of the cause', async () => {
    const response = await t.app.inject('/api/test/crash');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: {
        code: 'INTERNAL_ERROR',
        message: 'An unexpected error occurred. Please try again.',
      },
    });
  });

  it('describes the API as OpenAPI at /api/docs', async () => {
    const response = await t.app.inject('/api/docs/json');
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/health', '/api/settings']));
    expect(paths.some((p) => p.startsWith('/api/test'))).toBe(true);
  });
});

describe('security headers and compression', () => {
  it('sends a strict Content-Security-Policy and the usual hardening headers', async () => {
    const response = await t.app.inject('/about');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('compresses large responses for clients that accept it', async () => {
    const response = await t.app.inject({
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.headers['content-encoding']).toBe('gzip');
  });
});

describe('the browser app', () => {
  it('serves the page with the site title, meta tags and first-screen data for a client route', async () => {
    const response = await t.app.inject('/contact');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    const html = response.body;
    expect(html).toContain('<title>Contact Us | White Stroke International Art Space</title>');
    expect(html).not.toContain('<title>x</title>');
    expect(html).toContain(
      '<meta name="description" content="Showcase your creativity and compete with artists worldwide">',
    );
    expect(html).toContain(
      '<meta property="og:title" content="Contact Us | White Stroke International Art Space">',
    );
    const data = /<script type="application\/json" id="initial-data">(.*?)<\/script>/.exec(html);
    expect(JSON.parse(data?.[1] ?? '{}').settings.title).toBe(
      'White Stroke International Art Space',
    );
  });

  it('serves the page at / and for unknown public paths (the app redirects them home)', async () => {
    for (const url of ['/', '/no/such/page', '/register', '/admin/dashboard']) {
      const response = await t.app.inject(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<div id="root"></div>');
    }
  });

  it('serves hashed assets with immutable caching, pre-compressed when the client accepts it', async () => {
    const plain = await t.app.inject('/assets/index-abc123.js');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const br = await t.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a missing asset with 404, not the page', async () => {
    const response = await t.app.inject('/assets/index-old999.js');
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });

  it('escapes settings in the page: no markup from a title gets through', async () => {
    await t.app.deps.settings.updateSettings({
      title: '</script><script>alert(1)</script>',
      theme: {
        primaryColor: '#112233',
        darkMode: true,
        fontFamily: 'inter',
      },
    });
    try {
      const html = (await t.app.inject('/no/such/page')).body;
      expect(html).not.toContain('<script>alert(1)</script>');
      expect(html).toContain('<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>');
      expect(html).toContain('\\u003c/script>\\u003cscript>alert(1)\\u003c/script>');
      // Dark mode is on the root element before any script runs.
      expect(html).toContain('<html class="dark" lang="en">');
      expect(html).toContain('<meta name="theme-color" content="#112233">');
      // ...and the settings API shows the change at once.
      expect((await t.app.inject('/api/settings')).json().title).toBe(
        '</script><script>alert(1)</script>',
      );
    } finally {
      await t.app.deps.settings.updateSettings({
        title: 'White Stroke International Art Space',
        theme: {
          primaryColor: '#7C3AED',
          darkMode: false,
          fontFamily: 'inter',
        },
      });
    }
  });
});

describe('when the database stops answering', () => {
  it('GET /api/health is a 503 with the envelope', async () => {
    const broken = await buildTestApp();
    try {
      await broken.app.deps.database.close();
      const response = await broken.app.inject('/api/health');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        error: { code: 'DATABASE_UNAVAILABLE', message: 'The database is not answering.' },
      });
    } finally {
      await broken.close();
    }
  });
});
