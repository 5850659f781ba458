import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TYPE_AWARE_RULES = [
  '@typescript-eslint/no-floating-promises',
  '@typescript-eslint/no-misused-promises',
];

/*
 * The project's configuration, but with types off: a sample is linted as if it were a file that
 * does not exist, which TypeScript's project service refuses, and the path and size rules do not
 * read types.
 */
const untyped = new ESLint({
  cwd: ROOT,
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false } },
    rules: Object.fromEntries(TYPE_AWARE_RULES.map((rule) => [rule, 'off'])),
  },
});
const typed = new ESLint({ cwd: ROOT });

// Loading the configuration and its plugins is the slow part of the first lint: do it while the
// test file loads, outside any test's time limit.
await untyped.lintText('export {};\n', { filePath: path.resolve(ROOT, 'src/warm-up.ts') });

const ruleIdsOf = (results: ESLint.LintResult[]) =>
  (results[0]?.messages ?? []).map((m) => m.ruleId ?? m.message);

/** The rules the project's ESLint configuration reports on `code`, linted as if it were `file`. */
export async function ruleIdsFor(file: string, code: string): Promise<string[]> {
  return ruleIdsOf(await untyped.lintText(code, { filePath: path.resolve(ROOT, file) }));
}

/** The messages (not only the rule ids) reported on `code` linted as `file`. */
export async function messagesFor(file: string, code: string): Promise<string[]> {
  const [result] = await untyped.lintText(code, { filePath: path.resolve(ROOT, file) });
  return (result?.messages ?? []).map((m) => m.message);
}

/**
 * The same with types, for the rules that need them: the sample stands in for a file of the
 * TypeScript project that exists, `typed-lint-sample.tsx`, so it may hold TypeScript and JSX.
 */
export async function typedRuleIdsFor(code: string): Promise<string[]> {
  const filePath = path.resolve(import.meta.dirname, 'typed-lint-sample.tsx');
  return ruleIdsOf(await typed.lintText(code, { filePath }));
}

/**
 * Path rules only see imports that resolve to a file, so a sample must import real modules:
 * this fails loudly, naming the file, when one a test relies on has moved.
 */
export function existing(file: string): string {
  if (!fs.existsSync(path.resolve(ROOT, file))) throw new Error(`${file} no longer exists`);
  return file;
}

/** A module whose only line imports `target` (relative to `from`) and uses it. */
export function importing(from: string, target: string): string {
  let specifier = path.relative(path.dirname(from), existing(target));
  if (!specifier.startsWith('.')) specifier = `./${specifier}`;
  return `import * as imported from '${specifier}';\nexport const used = imported;\n`;
}
