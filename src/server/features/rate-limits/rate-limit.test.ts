import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { AppError } from '../../errors.ts';
import {
  networkOf,
  RATE_LIMIT_HITS_KEPT_MS,
  type RateLimit,
  sweepRateLimitHits,
  takeRateLimitHit,
} from './rate-limits.service.ts';

const t = useTestApp();
const db = () => t.app.deps.db;

const MINUTE = 60_000;
const LIMIT: RateLimit = {
  scope: 'test',
  max: 10,
  windowMs: 10 * MINUTE,
  message: (minutes) => `Wait ${minutes} minute${minutes === 1 ? '' : 's'}.`,
};

beforeEach(async () => {
  await db().deleteFrom('rate_limit_hits').execute();
});

const at = (start: number, ms: number) => new Date(start + ms);

/** The refusal of a hit, or undefined when it is let through. */
async function refusal(
  client: string,
  now: Date,
  attemptId?: string,
  limit = LIMIT,
): Promise<AppError | undefined> {
  try {
    await takeRateLimitHit(db(), limit, client, attemptId, now);
    return undefined;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
}

describe(`takeRateLimitHit on ${TEST_ENGINE}`, () => {
  it('lets 10 hits through in the window, then refuses with 429 until the oldest leaves it', async () => {
    const start = Date.parse('2026-11-24T10:00:00Z');
    for (let n = 0; n < 10; n++) {
      expect(await refusal('10.0.0.1', at(start, n * MINUTE))).toBeUndefined();
    }
    const refused = await refusal('10.0.0.1', at(start, 9.5 * MINUTE));
    expect(refused).toMatchObject({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: 'Wait 1 minute.',
      headers: { 'retry-after': '30' },
    });
    // A refused hit is not counted: when the oldest leaves the window, one more is let through.
    expect(await refusal('10.0.0.1', at(start, 10 * MINUTE))).toBeUndefined();
    const next = await refusal('10.0.0.1', at(start, 10 * MINUTE + 1));
    expect(next?.headers).toEqual({ 'retry-after': '60' });
  });

  it('says the whole minutes to wait', async () => {
    const start = Date.parse('2026-11-24T10:00:00Z');
    for (let n = 0; n < 10; n++)
      await takeRateLimitHit(db(), LIMIT, '10.0.0.2', undefined, at(start, 0));
    const refused = await refusal('10.0.0.2', at(start, 1000));
    expect(refused?.message).toBe('Wait 10 minutes.');
    expect(refused?.headers).toEqual({ 'retry-after': '599' });
  });

  it('counts each client and each scope on its own', async () => {
    const now = new Date();
    for (let n = 0; n < 10; n++) await takeRateLimitHit(db(), LIMIT, '10.0.0.3', undefined, now);
    expect(await refusal('10.0.0.3', now)).toBeDefined();
    expect(await refusal('10.0.0.4', now)).toBeUndefined();
    expect(await refusal('10.0.0.3', now, undefined, { ...LIMIT, scope: 'other' })).toBeUndefined();
  });

  it('counts an IPv6 client by its /64, and an IPv4 address written as IPv6 as itself', async () => {
    const now = new Date();
    // One client moving through its /64, written in every form the address may take.
    for (let n = 0; n < 10; n++) {
      const address = n % 2 === 0 ? `2001:db8:7:1::${n + 1}` : `2001:0db8:0007:0001:ffff:0:0:${n}`;
      expect(await refusal(address, now)).toBeUndefined();
    }
    expect(await refusal('2001:db8:7:1:abcd::9', now)).toBeDefined();
    expect(await refusal('2001:db8:7:2::1', now)).toBeUndefined();
    for (let n = 0; n < 10; n++) await takeRateLimitHit(db(), LIMIT, '10.0.0.9', undefined, now);
    expect(await refusal('::ffff:10.0.0.9', now)).toBeDefined();
    // Keys that are not addresses are counted as they are.
    expect(networkOf('a1b2c3')).toBe('a1b2c3');
    expect(networkOf('123')).toBe('123');
  });

  it('counts an attempt sent again with its id once, and lets it through again when the limit is reached', async () => {
    const now = new Date();
    const first = randomUUID();
    for (let n = 0; n < 5; n++) expect(await refusal('10.0.0.5', now, first)).toBeUndefined();
    for (let n = 0; n < 9; n++) await takeRateLimitHit(db(), LIMIT, '10.0.0.5', randomUUID(), now);
    expect(await refusal('10.0.0.5', now, randomUUID())).toBeDefined();
    expect(await refusal('10.0.0.5', now, first)).toBeUndefined();
    const rows = await db().selectFrom('rate_limit_hits').select('id').execute();
    expect(rows).toHaveLength(10);
  });

  it("with repeats 'each', counts every repeat of an id and refuses it at the limit", async () => {
    const now = new Date();
    const key = randomUUID();
    const each = () => takeRateLimitHit(db(), LIMIT, '10.0.0.9', key, now, 'each');
    for (let n = 0; n < 10; n++) await each();
    await expect(each()).rejects.toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
    expect(await refusal('10.0.0.9', now, randomUUID())).toBeDefined();
    // The first was recorded under the id: counted once again, it is let through at the limit.
    expect(await refusal('10.0.0.9', now, key)).toBeUndefined();
    const rows = await db().selectFrom('rate_limit_hits').select('id').execute();
    expect(rows).toHaveLength(10);
  });

  it('lets exactly 10 of 30 hits at once through', async () => {
    const now = new Date();
    const results = await Promise.all(
      Array.from({ length: 30 }, () => refusal('10.0.0.6', now, randomUUID())),
    );
    expect(results.filter((r) => r === undefined)).toHaveLength(10);
    expect(results.filter((r) => r?.statusCode === 429)).toHaveLength(20);
  });

  it("forgets a client's hits older than the window when it comes back; the sweep, everyone's after a day", async () => {
    const start = Date.parse('2026-11-24T10:00:00Z');
    for (let n = 0; n < 10; n++)
      await takeRateLimitHit(db(), LIMIT, '10.0.0.7', undefined, at(start, 0));
    await takeRateLimitHit(db(), LIMIT, '10.0.0.8', undefined, at(start, 0));
    // Another client's hit leaves them (no waiting on each other's rows); its own return does not.
    await takeRateLimitHit(db(), LIMIT, '10.0.0.8', undefined, at(start, 11 * MINUTE));
    const keys = async () =>
      (await db().selectFrom('rate_limit_hits').select('client_key').execute())
        .map((row) => row.client_key)
        .sort();
    expect(await keys()).toEqual([...Array<string>(10).fill('10.0.0.7'), '10.0.0.8']);
    await takeRateLimitHit(db(), LIMIT, '10.0.0.7', undefined, at(start, 12 * MINUTE));
    expect(await keys()).toEqual(['10.0.0.7', '10.0.0.8']);

    const sweepAt = (ms: number) =>
      sweepRateLimitHits({ db: db(), clock: { now: () => at(start, ms) } });
    expect(await sweepAt(12 * MINUTE + RATE_LIMIT_HITS_KEPT_MS - 1)).toBe(1);
    expect(await keys()).toEqual(['10.0.0.7']);
    expect(await sweepAt(12 * MINUTE + RATE_LIMIT_HITS_KEPT_MS)).toBe(1);
    expect(await keys()).toEqual([]);
  });
});
