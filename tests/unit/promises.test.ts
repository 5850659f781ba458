import { beforeAll, describe, expect, it } from 'vitest';
import { typedRuleIdsFor } from './lint-text.ts';

/**
 * The type-aware rules that keep a promise's failure from vanishing, proven on sample code: one
 * nobody awaits, and one handed to a caller that ignores what it returns (an event handler).
 */
const FLOATING = '@typescript-eslint/no-floating-promises';
const MISUSED = '@typescript-eslint/no-misused-promises';

const SAVE = 'async function save(): Promise<void> {}\n';

describe('promises are awaited or let go on purpose', () => {
  // The first typed lint builds the TypeScript program of the whole project: allow it its time.
  beforeAll(() => typedRuleIdsFor('export {};\n'), 120_000);

  it.each([
    ['a call left floating', `${SAVE}export function run() {\n  save();\n}\n`],
    [
      'a chain without a rejection handler',
      `${SAVE}export function run() {\n  save().then(() => 1);\n}\n`,
    ],
  ])('%s is refused', async (_what, code) => {
    expect(await typedRuleIdsFor(code)).toContain(FLOATING);
  });

  it.each([
    [
      'an async click handler in JSX',
      `${SAVE}export const Save = () => <button onClick={async () => save()}>Save</button>;\n`,
    ],
    [
      'an async listener',
      `${SAVE}export function listen(button: HTMLButtonElement) {\n  button.addEventListener('click', async () => save());\n}\n`,
    ],
    [
      'a promise as a condition',
      `${SAVE}export function run() {\n  if (save()) return 1;\n  return 0;\n}\n`,
    ],
  ])('%s is refused', async (_what, code) => {
    expect(await typedRuleIdsFor(code)).toContain(MISUSED);
  });

  it.each([
    ['an awaited call', `${SAVE}export async function run() {\n  await save();\n}\n`],
    ['a call let go with void', `${SAVE}export function run() {\n  void save();\n}\n`],
    [
      'a call with a rejection handler',
      `${SAVE}export function run() {\n  save().catch(() => {});\n}\n`,
    ],
    [
      'a click handler that lets the promise go',
      `${SAVE}export const Save = () => <button onClick={() => void save()}>Save</button>;\n`,
    ],
  ])('%s passes', async (_what, code) => {
    expect(await typedRuleIdsFor(code)).toEqual([]);
  });
});
