import { describe, expect, it } from 'vitest';
import { messagesFor } from './lint-text.ts';

/**
 * The lint rule behind "time comes only from deps.clock": server code may not read the system
 * clock (`new Date()`, `Date.now()`), proven on sample code, with the query rule of the same
 * files still in force beside it.
 */
const CLOCK = 'Ask deps.clock (or take `now` from the caller), not the system clock.';
const QUERY = "Queries belong in the feature's *.repository.ts; call a repository function.";

const NEW_DATE = 'export const stamp = () => new Date().toISOString();\n';
const DATE_NOW = 'export const ms = () => Date.now();\n';
const FROM_CLOCK = `import type { Clock } from '../../clock.ts';
export const stamp = (clock: Clock) => clock.now().toISOString();
export const later = (now: Date, ms: number) => new Date(now.getTime() + ms);
export const parsed = (text: string) => new Date(text);
`;
const QUERY_AND_CLOCK = `import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
export const find = (db: Kysely<DB>) => db.selectFrom('banners').where('ends_at', '>', new Date().toISOString());
`;

describe('time comes from deps.clock', () => {
  it.each([
    ['src/server/features/banners/banners.service.ts', NEW_DATE],
    ['src/server/features/banners/banners.service.ts', DATE_NOW],
    ['src/server/features/auth/sessions.ts', NEW_DATE],
    ['src/server/features/banners/banners.repository.ts', NEW_DATE],
    ['src/server/features/demo/seed-demo.ts', DATE_NOW],
    ['src/server/jobs/claimed-work.ts', DATE_NOW],
    ['src/server/http/cached-json.ts', NEW_DATE],
    ['src/server/plugins/admin-guard.ts', NEW_DATE],
  ])('%s may not read the system clock', async (file, code) => {
    expect(await messagesFor(file, code)).toContain(CLOCK);
  });

  it.each([
    ['src/server/features/banners/banners.service.ts', FROM_CLOCK],
    ['src/server/features/banners/banners.service.test.ts', NEW_DATE],
    ['src/server/clock.ts', NEW_DATE],
    ['src/server/cli/admin.ts', NEW_DATE],
    ['src/server/db/migrations/2026-01-01T0000-sample.ts', NEW_DATE],
    ['src/client/features/home/home-page.tsx', NEW_DATE],
  ])('%s may (a date made from a value, or a file outside the rule)', async (file, code) => {
    expect(await messagesFor(file, code)).not.toContain(CLOCK);
  });

  it('keeps the query rule beside it in a feature file', async () => {
    const messages = await messagesFor(
      'src/server/features/banners/banners.service.ts',
      QUERY_AND_CLOCK,
    );
    expect(messages).toContain(CLOCK);
    expect(messages).toContain(QUERY);
  });
});
