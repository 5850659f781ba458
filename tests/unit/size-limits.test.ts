import { describe, expect, it } from 'vitest';
import { ruleIdsFor } from './lint-text.ts';

/**
 * The size rules that keep a source file and a function small enough to hold in one's head, in src/
 * and scripts/ alike, proven on sample code: 300 lines a file and 150 a function, blank lines and
 * comments aside.
 */
const FILE = 'max-lines';
const FUNCTION = 'max-lines-per-function';

/** `count` one-line statements, each a line of code. */
const statements = (count: number, indent = '') =>
  Array.from({ length: count }, (_, i) => `${indent}export const value${i} = ${i};\n`).join('');

/** A function `lines` long, its own first and last line included. */
const functionOf = (lines: number) =>
  `export function long(): number {\n  let total = 0;\n${Array.from(
    { length: lines - 4 },
    (_, i) => `  total += ${i};\n`,
  ).join('')}  return total;\n}\n`;

const aside = (count: number) => '\n// a comment\n\n/* and another */\n'.repeat(count);

describe('source files hold at most 300 lines of code', () => {
  it.each([
    ['src/server/features/banners/banners.service.ts', statements(301)],
    ['src/client/features/home/routes/home-page.tsx', statements(301)],
    ['src/shared/domain/x.ts', statements(301)],
    ['scripts/load.ts', statements(301)],
    ['scripts/lib/review-bench.ts', statements(301)],
  ])('%s may not hold 301', async (file, code) => {
    expect(await ruleIdsFor(file, code)).toContain(FILE);
  });

  it.each([
    ['src/server/features/banners/banners.service.ts', statements(300) + aside(50)],
    ['src/server/features/banners/banners.routes.test.ts', statements(400)],
    ['src/client/features/home/x.test.tsx', statements(400)],
    ['src/server/db/migrations/2026-12-01T0000-example.ts', statements(400)],
    ['src/server/db/schema.ts', statements(400)],
    ['scripts/lib/review-bench.ts', statements(300) + aside(50)],
  ])('%s may hold more lines', async (file, code) => {
    expect(await ruleIdsFor(file, code)).toEqual([]);
  });
});

describe('functions and components hold at most 150 lines of code', () => {
  it.each([
    ['src/server/features/payments/payments.service.ts'],
    ['src/client/features/admin/submissions/x.tsx'],
    ['scripts/lib/bench-review.ts'],
  ])('%s may not hold a function of 151', async (file) => {
    expect(await ruleIdsFor(file, functionOf(151))).toContain(FUNCTION);
  });

  it.each([
    ['of 150', 'src/server/features/payments/payments.service.ts', functionOf(150)],
    [
      'of 150 with comments and blank lines',
      'src/server/features/payments/payments.service.ts',
      functionOf(150).replace('{\n', `{\n${aside(20)}`),
    ],
    ['of 400 in a test', 'src/server/features/payments/payments.routes.test.ts', functionOf(400)],
  ])('a function %s passes (%s)', async (_what, file, code) => {
    expect(await ruleIdsFor(file, code)).toEqual([]);
  });
});
