import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheJson, createContentCache, sendCachedJson } from './cached-json.ts';

/** A promise with its settle functions, to hold a load open while the test looks. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('createContentCache', () => {
  function counting<T>(value: T) {
    const load = { calls: 0, run: async () => (load.calls++, value) };
    return load;
  }

  it('loads once and serves the same value within its lifetime', async () => {
    let clock = 1_000;
    const cache = createContentCache(5_000, () => clock);
    const load = counting({ n: 1 });
    const first = await cache.get('k', load.run);
    clock += 4_999;
    const second = await cache.get('k', load.run);
    expect(load.calls).toBe(1);
    expect(second).toBe(first);
  });

  it('past its lifetime, serves the copy it has while one fresh load runs, then the fresh one', async () => {
    let clock = 0;
    const cache = createContentCache(5_000, () => clock);
    let version = 0;
    const held = deferred<void>();
    const load = async () => {
      version += 1;
      if (version === 2) await held.promise;
      return version;
    };
    expect(await cache.get('k', load)).toBe(1);
    clock = 5_000;
    // Nobody waits for the drawing: the old copy, and one load however many ask.
    expect(await cache.get('k', load)).toBe(1);
    expect(await cache.get('k', load)).toBe(1);
    expect(version).toBe(2);
    held.resolve();
    await Promise.resolve();
    await Promise.resolve();
    expect(await cache.get('k', load)).toBe(2);
    // Kept for its own lifetime from when it was loaded.
    clock = 9_999;
    expect(await cache.get('k', load)).toBe(2);
    expect(version).toBe(2);
  });

  it('waits for a fresh load once a copy is older than two lifetimes (nobody asked meanwhile)', async () => {
    let clock = 0;
    const cache = createContentCache(5_000, () => clock);
    let version = 0;
    const load = async () => ++version;
    expect(await cache.get('k', load)).toBe(1);
    clock = 10_000;
    expect(await cache.get('k', load)).toBe(2);
  });

  it('keeps the old copy when a fresh load fails, and the next get tries again', async () => {
    let clock = 0;
    const cache = createContentCache(5_000, () => clock);
    let fail = false;
    let version = 0;
    const load = async () => {
      version += 1;
      if (fail) throw new Error('the database is away');
      return version;
    };
    expect(await cache.get('k', load)).toBe(1);
    clock = 6_000;
    fail = true;
    expect(await cache.get('k', load)).toBe(1);
    await new Promise((resolve) => setImmediate(resolve));
    fail = false;
    expect(await cache.get('k', load)).toBe(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cache.get('k', load)).toBe(3);
  });

  it('a fresh load still running when the cache is invalidated is never served', async () => {
    let clock = 0;
    const cache = createContentCache(5_000, () => clock);
    const held = deferred<string>();
    expect(await cache.get('k', async () => 'old')).toBe('old');
    clock = 5_000;
    expect(await cache.get('k', () => held.promise)).toBe('old');
    cache.invalidate();
    expect(await cache.get('k', async () => 'after the change')).toBe('after the change');
    held.resolve('before the change');
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cache.get('k', async () => 'other')).toBe('after the change');
  });

  it('keeps each key apart', async () => {
    const cache = createContentCache(5_000, () => 0);
    expect(await cache.get('a', async () => 'A')).toBe('A');
    expect(await cache.get('b', async () => 'B')).toBe('B');
    expect(await cache.get('a', async () => 'other')).toBe('A');
  });

  it('tells the other servers of a change made here, and not of one heard from them', async () => {
    let announced = 0;
    const cache = createContentCache(
      60_000,
      () => 0,
      () => announced++,
    );
    const invalidations: string[] = [];
    cache.onInvalidate(() => invalidations.push(`announced ${announced}`));
    await cache.get('a', async () => 'A1');
    cache.invalidateFromElsewhere();
    expect(await cache.get('a', async () => 'A2')).toBe('A2');
    expect(announced).toBe(0);
    cache.invalidate();
    expect(await cache.get('a', async () => 'A3')).toBe('A3');
    expect(announced).toBe(1);
    // Both drop the copies and let the pages be drawn again; a change made here is announced
    // first, so a listener that throws cannot keep the others stale.
    expect(invalidations).toEqual(['announced 0', 'announced 1']);
  });

  it('invalidate() drops every key', async () => {
    const cache = createContentCache(60_000, () => 0);
    await cache.get('a', async () => 'A1');
    await cache.get('b', async () => 'B1');
    cache.invalidate();
    expect(await cache.get('a', async () => 'A2')).toBe('A2');
    expect(await cache.get('b', async () => 'B2')).toBe('B2');
  });

  it('does not remember a failed load: the next get tries again', async () => {
    const cache = createContentCache(60_000, () => 0);
    await expect(
      cache.get('k', async () => {
        throw new Error('database down');
      }),
    ).rejects.toThrow('database down');
    expect(await cache.get('k', async () => 'recovered')).toBe('recovered');
    // ...and a success after that is remembered as usual.
    expect(await cache.get('k', async () => 'not asked')).toBe('recovered');
  });

  it('shares one load between concurrent gets', async () => {
    const cache = createContentCache(60_000, () => 0);
    const pending = deferred<string>();
    let calls = 0;
    const load = () => {
      calls++;
      return pending.promise;
    };
    const gets = [cache.get('k', load), cache.get('k', load), cache.get('k', load)];
    expect(calls).toBe(1);
    pending.resolve('shared');
    expect(await Promise.all(gets)).toEqual(['shared', 'shared', 'shared']);
  });

  it('concurrent gets of a load that fails all see the failure, and the next get retries', async () => {
    const cache = createContentCache(60_000, () => 0);
    const pending = deferred<string>();
    const gets = [cache.get('k', () => pending.promise), cache.get('k', () => pending.promise)];
    pending.reject(new Error('boom'));
    for (const get of gets) await expect(get).rejects.toThrow('boom');
    expect(await cache.get('k', async () => 'again')).toBe('again');
  });

  it('a load still running when the cache is invalidated is not served afterwards', async () => {
    const cache = createContentCache(60_000, () => 0);
    const stale = deferred<string>();
    const before = cache.get('k', () => stale.promise);
    cache.invalidate();
    const after = cache.get('k', async () => 'fresh');
    stale.resolve('stale');
    expect(await before).toBe('stale');
    expect(await after).toBe('fresh');
    expect(await cache.get('k', async () => 'not asked')).toBe('fresh');
  });

  it('a failure of a load from before invalidate() does not evict the newer value', async () => {
    const cache = createContentCache(60_000, () => 0);
    const old = deferred<string>();
    const before = cache.get('k', () => old.promise);
    cache.invalidate();
    expect(await cache.get('k', async () => 'new')).toBe('new');
    old.reject(new Error('late failure'));
    await expect(before).rejects.toThrow('late failure');
    expect(await cache.get('k', async () => 'not asked')).toBe('new');
  });

  it('empties itself rather than grow past its bound', async () => {
    const cache = createContentCache(60_000, () => 0);
    for (let i = 0; i < 500; i++) await cache.get(`k${i}`, async () => i);
    expect(await cache.get('k0', async () => -1)).toBe(0);
    await cache.get('one too many', async () => 'x');
    expect(await cache.get('k0', async () => -1)).toBe(-1);
  });
});

describe('cacheJson', () => {
  it('serializes once and names the text with a weak ETag that follows the content', () => {
    const a = cacheJson({ hello: 'world' });
    expect(a.json).toBe('{"hello":"world"}');
    expect(a.etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    expect(cacheJson({ hello: 'world' }).etag).toBe(a.etag);
    expect(cacheJson({ hello: 'World' }).etag).not.toBe(a.etag);
  });

  it('compresses on demand, once per encoding, to bytes that decompress to the JSON', () => {
    const body = cacheJson({ text: 'चित्रकला '.repeat(200) });
    const br = body.compressed('br');
    expect(body.compressed('br')).toBe(br);
    expect(brotliDecompressSync(br).toString('utf8')).toBe(body.json);
    expect(gunzipSync(body.compressed('gzip')).toString('utf8')).toBe(body.json);
  });
});

describe('sendCachedJson', () => {
  let app: FastifyInstance;
  const small = cacheJson({ ok: true });
  const large = cacheJson(Array.from({ length: 100 }, (_, i) => ({ id: i, title: `Item ${i}` })));

  beforeAll(async () => {
    app = Fastify();
    app.get('/small', (request, reply) => sendCachedJson(request, reply, small));
    app.get('/large', (request, reply) => sendCachedJson(request, reply, large));
    app.get('/missing', (request, reply) => sendCachedJson(request, reply, small, 404));
    await app.ready();
  });
  afterAll(() => app.close());

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ url, headers });

  it('sends the JSON with its ETag, asking clients to revalidate every time', async () => {
    const response = await get('/small');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('{"ok":true}');
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers.etag).toBe(small.etag);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.vary).toBe('accept-encoding');
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it.each([
    ['the same ETag', () => small.etag],
    ['the ETag without its weak prefix', () => small.etag.replace(/^W\//, '')],
    ['a list holding the ETag', () => `"other", ${small.etag}, W/"more"`],
    ['*', () => '*'],
  ])('answers 304 with no body to If-None-Match of %s', async (_name, header) => {
    const response = await get('/small', { 'if-none-match': header() });
    expect(response.statusCode).toBe(304);
    expect(response.body).toBe('');
    expect(response.headers.etag).toBe(small.etag);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it.each([['W/"something-else"'], ['"x"'], ['']])(
    'answers 200 to If-None-Match %j',
    async (header) => {
      const response = await get('/small', { 'if-none-match': header });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ok: true });
    },
  );

  it('never turns a non-200 status into 304', async () => {
    const response = await get('/missing', { 'if-none-match': small.etag });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ ok: true });
  });

  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['BR;q=0.5, gzip;q=1', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', undefined],
    ['identity', undefined],
    ['deflate', undefined],
  ])('with Accept-Encoding %j a large body is sent as %s', async (accept, expected) => {
    const response = await get('/large', { 'accept-encoding': accept });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(expected);
    const raw = response.rawPayload;
    const text =
      expected === 'br'
        ? brotliDecompressSync(raw).toString('utf8')
        : expected === 'gzip'
          ? gunzipSync(raw).toString('utf8')
          : raw.toString('utf8');
    expect(text).toBe(large.json);
    expect(response.headers.etag).toBe(large.etag);
  });

  it('does not compress a body under 1 KB', async () => {
    const response = await get('/small', { 'accept-encoding': 'br, gzip' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(small.json);
  });
});
