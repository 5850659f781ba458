/**
 * `npm run validate`: every check a submission must pass, in order: `npm test` (typecheck, lint,
 * format, unit and integration tests on SQLite), `npm run test:pg`, `npm run test:e2e`, and
 * `npm run test:cluster` (the journey through nginx and two servers). Each runner also writes a
 * JSON report, so the run ends with one line totalling every test.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const reports = mkdtempSync(path.join(os.tmpdir(), 'ws-validate-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
// The names of the failed tests, printed again at the end: CI keeps only the log's tail.
const failures: string[] = [];
let ok = true;

function vitestArgs(name: string): string[] {
  return [
    '--',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${path.join(reports, `${name}.json`)}`,
  ];
}

interface VitestFile {
  name: string;
  assertionResults: { fullName: string; status: string; failureMessages?: string[] }[];
}
/** The start of a failure's message: CI keeps only the log's tail, where the full one is lost. */
function firstLines(messages: string[] | undefined): string {
  const text = stripVTControlCharacters(messages?.[0] ?? '')
    .split('\n')
    .slice(0, 4)
    .join('\n    ');
  return text.length > 600 ? `${text.slice(0, 600)}…` : text;
}

interface PlaywrightSuite {
  title: string;
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: {
    title: string;
    line: number;
    tests: { status: string; results?: { error?: { message?: string } }[] }[];
  }[];
}

function collectPlaywrightFailures(script: string, suites: PlaywrightSuite[], titles: string[]) {
  for (const suite of suites) {
    const here = suite.file === suite.title ? titles : [...titles, suite.title];
    for (const spec of suite.specs ?? []) {
      const failed = spec.tests.find((test) => test.status === 'unexpected');
      if (failed) {
        const message = failed.results?.find((r) => r.error?.message)?.error?.message;
        failures.push(
          `${script}: ${suite.file ?? ''}:${spec.line} › ${[...here, spec.title].join(' › ')}\n    ${firstLines(message ? [message] : [])}`,
        );
      }
    }
    collectPlaywrightFailures(script, suite.suites ?? [], here);
  }
}

const steps: { script: string; args: string[]; report: string; kind: 'vitest' | 'playwright' }[] = [
  { script: 'test', args: vitestArgs('sqlite'), report: 'sqlite.json', kind: 'vitest' },
  { script: 'test:pg', args: vitestArgs('postgres'), report: 'postgres.json', kind: 'vitest' },
  {
    script: 'test:e2e',
    args: ['--', '--reporter=list,json'],
    report: 'e2e.json',
    kind: 'playwright',
  },
  {
    script: 'test:cluster',
    args: ['--', '--reporter=list,json'],
    report: 'cluster.json',
    kind: 'playwright',
  },
];

for (const step of steps) {
  console.log(`\n== npm run ${step.script}`);
  const result = spawnSync('npm', ['run', step.script, ...step.args], {
    stdio: 'inherit',
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_FILE: path.join(reports, step.report) },
  });
  if (result.status !== 0) ok = false;
  const file = path.join(reports, step.report);
  if (!existsSync(file)) {
    console.log(`npm run ${step.script} wrote no test report`);
    ok = false;
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if (step.kind === 'vitest') {
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
    for (const file of report.testResults as VitestFile[]) {
      for (const test of file.assertionResults) {
        if (test.status === 'failed')
          failures.push(
            `${step.script}: ${path.relative(process.cwd(), file.name)} › ${test.fullName}\n    ${firstLines(test.failureMessages)}`,
          );
      }
    }
  } else {
    totals.passed += report.stats.expected + report.stats.flaky;
    totals.failed += report.stats.unexpected;
    totals.skipped += report.stats.skipped;
    collectPlaywrightFailures(step.script, report.suites as PlaywrightSuite[], []);
  }
}
rmSync(reports, { recursive: true, force: true });

for (const failure of failures) console.log(`failed: ${failure}`);
// Skipped tests are reported but never counted as passing.
console.log(
  `\nvalidate: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`,
);
process.exit(ok && totals.failed === 0 && totals.skipped === 0 ? 0 : 1);
