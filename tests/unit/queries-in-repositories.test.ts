import { describe, expect, it } from 'vitest';
import { ruleIdsFor } from './lint-text.ts';

/**
 * The lint rule behind docs/architecture.md's "every query of a feature is in its repository",
 * proven on sample code: a service, a route or any other feature file may take Kysely's types but
 * neither import its values nor build a query.
 */
const SELECT = `import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
export const find = (db: Kysely<DB>) => db.selectFrom('banners').selectAll().execute();
`;
const RAW_SQL = `import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
export const now = (db: Kysely<DB>) => sql\`select 1\`.execute(db);
`;
const WRITES = ['insertInto', 'updateTable', 'deleteFrom'].map((method) => [
  method,
  `import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
export const write = (db: Kysely<DB>) => db.${method}('banners');
`,
]);
const TRANSACTION = `import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { findBanners } from './banners.repository.ts';
export const list = (db: Kysely<DB>) =>
  db.transaction().execute((trx: Transaction<DB>) => findBanners(trx));
`;

describe('queries live in repositories', () => {
  it.each([
    [
      'src/server/features/banners/banners.service.ts',
      'selectFrom',
      SELECT,
      'no-restricted-syntax',
    ],
    ['src/server/features/auth/sign-in.ts', 'selectFrom', SELECT, 'no-restricted-syntax'],
    ['src/server/features/audit/audit.routes.ts', 'selectFrom', SELECT, 'no-restricted-syntax'],
    ['src/server/features/media/storage/storage.ts', 'selectFrom', SELECT, 'no-restricted-syntax'],
    ['src/server/features/auth/login-limit.ts', 'sql', RAW_SQL, 'no-restricted-imports'],
    ['src/server/features/demo/seed-demo.ts', 'selectFrom', SELECT, 'no-restricted-syntax'],
    ...WRITES.map(([method, code]) => [
      'src/server/features/banners/banners.service.ts',
      method,
      code,
      'no-restricted-syntax',
    ]),
  ])('%s may not use %s', async (file, _what, code, rule) => {
    expect(await ruleIdsFor(file!, code!)).toContain(rule);
  });

  it('a feature may still not import the browser app', async () => {
    const code =
      "import { paths } from '../../../client/config/paths.ts';\nexport const a = paths;\n";
    expect(await ruleIdsFor('src/server/features/banners/banners.service.ts', code)).toContain(
      'no-restricted-imports',
    );
  });

  it.each([
    ['src/server/features/banners/banners.repository.ts', SELECT],
    ['src/server/features/auth/login-limit.repository.ts', RAW_SQL],
    ['src/server/features/banners/banners.routes.test.ts', SELECT],
    ['src/server/db/migrations/2026-12-01T0000-example.ts', RAW_SQL],
    ['src/server/features/banners/banners.service.ts', TRANSACTION],
  ])('%s may', async (file, code) => {
    expect(await ruleIdsFor(file, code)).toEqual([]);
  });
});
