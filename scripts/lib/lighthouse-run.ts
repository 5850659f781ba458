/**
 * Pieces of one `npm run lighthouse` run (scripts/lighthouse.ts): Lighthouse's verdict on a page,
 * the check that a page answers 200 before it is measured, and the JSON report kept in
 * LIGHTHOUSE_REPORTS.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Lighthouse's own verdict on a page it loaded, such as NO_FCP (nothing painted). */
export class PageRuntimeError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(`Lighthouse: ${code}: ${message}`);
    this.code = code;
  }
}

export async function answers200(url: string, what: string): Promise<void> {
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`GET ${what} answered ${response.status}, not 200`);
}

/** A page without scripts that draws nothing: a finding about the page, not a flaky run. */
export const paintsNothing = (error: unknown) =>
  error instanceof PageRuntimeError && error.code === 'NO_FCP';

let reports = 0;

/** Writes a run's JSON report into LIGHTHOUSE_REPORTS, when it is set. */
export function keepReport(url: string, report: string | string[]): void {
  const folder = process.env.LIGHTHOUSE_REPORTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  reports += 1;
  const name = new URL(url).pathname.replace(/[^\w]+/g, '-').replace(/^-|-$/g, '') || 'home';
  const file = path.join(
    folder,
    `${String(reports).padStart(2, '0')}-${new URL(url).port}-${name}.json`,
  );
  writeFileSync(file, Array.isArray(report) ? report.join('\n') : report);
}
