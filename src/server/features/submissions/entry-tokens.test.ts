import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { createEntryTokens, ENTRY_TOKEN_LIFETIME_MS } from './entry-tokens.ts';

const t = useTestApp();

describe('entry tokens', () => {
  it('open the entry they were made for, until they expire', async () => {
    const id = randomUUID();
    const now = new Date('2026-11-24T10:00:00Z');
    const token = await t.app.deps.entryTokens.issue(id, now);
    expect(await t.app.deps.entryTokens.verify(token, now)).toBe(id);
    const later = new Date(now.getTime() + ENTRY_TOKEN_LIFETIME_MS - 1000);
    expect(await t.app.deps.entryTokens.verify(token, later)).toBe(id);
    const expired = new Date(now.getTime() + ENTRY_TOKEN_LIFETIME_MS + 1000);
    expect(await t.app.deps.entryTokens.verify(token, expired)).toBeUndefined();
  });

  it('open nothing once altered: another id, a later expiry, a changed MAC, or malformed', async () => {
    const id = randomUUID();
    const token = await t.app.deps.entryTokens.issue(id);
    const [, expires, mac] = token.split('.') as [string, string, string];
    const altered = [
      `${randomUUID()}.${expires}.${mac}`,
      `${id}.${Number(expires) + 1000}.${mac}`,
      `${id}.${expires}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`,
      // The last character's unused bits: decoding alone would call these the same MAC.
      ...['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H']
        .map((last) => `${id}.${expires}.${mac.slice(0, -1)}${last}`)
        .filter((token) => !token.endsWith(mac)),
      `${id}.${expires}`,
      `${token}.extra`,
      '',
      42,
      undefined,
    ];
    for (const value of altered) {
      expect(await t.app.deps.entryTokens.verify(value), String(value)).toBeUndefined();
    }
  });

  it('are checked alike by every server on the database (the key is kept there)', async () => {
    const id = randomUUID();
    const token = await t.app.deps.entryTokens.issue(id);
    const anotherServer = createEntryTokens(t.app.deps.db, t.app.deps.clock);
    expect(await anotherServer.verify(token)).toBe(id);
  });
});
