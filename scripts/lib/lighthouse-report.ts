/**
 * `npm run lighthouse`'s figures: one run's numbers out of Lighthouse's result, the medians of a
 * page's runs (ours and its copy without scripts), and the table, goals and JSON lines printed.
 * The goals are only reported, never fail the run: the figures vary with the machine.
 */
import type { Result } from 'lighthouse';
import { PAGE_PATHS } from '../../src/shared/page-paths.ts';

export const CATEGORIES = [
  { id: 'performance', key: 'performance', label: 'Perf' },
  { id: 'accessibility', key: 'accessibility', label: 'A11y' },
  { id: 'best-practices', key: 'bestPractices', label: 'Best pr.' },
  { id: 'seo', key: 'seo', label: 'SEO' },
] as const;
export type CategoryKey = (typeof CATEGORIES)[number]['key'];

/** Performance on a public page, and on the admin's sign-in (which is not server-rendered). */
const PUBLIC_MIN_PERFORMANCE = 98;
const ADMIN_MIN_PERFORMANCE = 95;
const MAX_FCP_MS = 1_200;
const MAX_LCP_MS = 1_800;
const MAX_TBT_MS = 100;
const MAX_CLS = 0;
const MIN_ACCESSIBILITY = 100;
/** Ours at most this many Performance points below the same page without scripts. */
const MAX_GAP_TO_NO_SCRIPT = 2;

/** The figures of a page: of one Lighthouse run, or the medians of several. */
interface Figures {
  scores: Record<CategoryKey, number>;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Lighthouse's bootup-time: main-thread time spent evaluating and running scripts. */
  bootupMs: number;
  /** Lighthouse's mainthread-work-breakdown: all main-thread work. */
  mainThreadMs: number;
}

/** The numbers of one Lighthouse run, with the 1-minute load average right after it. */
export interface Run extends Figures {
  load: number;
  lhr: Result;
}

export interface PageResult {
  page: string;
  runs: Run[];
  /** The same page through the no-script proxy. */
  copyRuns: Run[];
  /** Why the copy without scripts has no figures. */
  copyNote?: string;
  error?: string;
}

function numericValue(lhr: Result, auditId: string): number {
  const value = lhr.audits[auditId]?.numericValue;
  if (typeof value !== 'number') throw new Error(`Lighthouse gave no value for ${auditId}`);
  return value;
}

/** One run's figures; throws when Lighthouse left one out. */
export function runFigures(lhr: Result, load: number): Run {
  const scores = Object.fromEntries(
    CATEGORIES.map((category) => {
      const value = lhr.categories[category.id]?.score;
      if (typeof value !== 'number') throw new Error(`Lighthouse gave no ${category.id} score`);
      return [category.key, Math.round(value * 100)];
    }),
  ) as Record<CategoryKey, number>;
  return {
    scores,
    fcpMs: numericValue(lhr, 'first-contentful-paint'),
    lcpMs: numericValue(lhr, 'largest-contentful-paint'),
    tbtMs: numericValue(lhr, 'total-blocking-time'),
    cls: numericValue(lhr, 'cumulative-layout-shift'),
    bootupMs: numericValue(lhr, 'bootup-time'),
    mainThreadMs: numericValue(lhr, 'mainthread-work-breakdown'),
    load,
    lhr,
  };
}

/** One run in a progress line. */
export function describeRun(run: Run): string {
  const scores = CATEGORIES.map((c) => `${c.label} ${run.scores[c.key]}`).join(', ');
  return (
    `${scores}, FCP ${Math.round(run.fcpMs)} ms, LCP ${Math.round(run.lcpMs)} ms, ` +
    `TBT ${Math.round(run.tbtMs)} ms, CLS ${run.cls.toFixed(3)}, scripts ${Math.round(run.bootupMs)} ms`
  );
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length % 2 === 1) return sorted[middle] as number;
  return ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** Medians of a page's runs, per figure. */
interface Medians extends Figures {
  runs: number;
  /** The load average after each run, in order. */
  loads: number[];
}

export interface Summary extends Medians {
  page: string;
  /** The run with the median Performance score (of an even count, the higher middle one). */
  medianRun: Run;
  /** The page without scripts; undefined when none of its runs succeeded. */
  copy?: Medians;
  copyNote?: string;
}

function medians(runs: Run[]): Medians {
  const of = (pick: (run: Run) => number) => Math.round(median(runs.map(pick)));
  return {
    runs: runs.length,
    scores: Object.fromEntries(
      CATEGORIES.map((c) => [c.key, of((run) => run.scores[c.key])]),
    ) as Record<CategoryKey, number>,
    fcpMs: of((run) => run.fcpMs),
    lcpMs: of((run) => run.lcpMs),
    tbtMs: of((run) => run.tbtMs),
    cls: Math.round(median(runs.map((run) => run.cls)) * 1000) / 1000,
    bootupMs: of((run) => run.bootupMs),
    mainThreadMs: of((run) => run.mainThreadMs),
    loads: runs.map((run) => Math.round(run.load * 100) / 100),
  };
}

export function summarize(result: PageResult): Summary {
  const byPerformance = [...result.runs].sort(
    (a, b) => a.scores.performance - b.scores.performance || b.lcpMs - a.lcpMs,
  );
  return {
    page: result.page,
    ...medians(result.runs),
    medianRun: byPerformance[Math.floor(result.runs.length / 2)] as Run,
    copy: result.copyRuns.length > 0 ? medians(result.copyRuns) : undefined,
    copyNote: result.copyNote,
  };
}

const gap = (summary: Summary) =>
  summary.copy ? summary.copy.scores.performance - summary.scores.performance : undefined;

const loadRange = (loads: number[]) => {
  const low = Math.min(...loads).toFixed(1);
  const high = Math.max(...loads).toFixed(1);
  return low === high ? low : `${low}-${high}`;
};

export function table(results: PageResult[], summaries: Map<string, Summary>): string {
  const header = ['page', 'runs', 'Perf', 'no-JS', 'gap', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS'];
  header.push('boot ms', 'main ms', ...CATEGORIES.slice(1).map((c) => c.label), 'load');
  const rows = results.map((result) => {
    const summary = summaries.get(result.page);
    if (!summary) return [result.page, '0', ...header.slice(2).map(() => '-')];
    return [
      summary.page,
      String(summary.runs),
      String(summary.scores.performance),
      summary.copy ? String(summary.copy.scores.performance) : summary.copyNote ? 'none' : '-',
      String(gap(summary) ?? '-'),
      String(summary.fcpMs),
      String(summary.lcpMs),
      String(summary.tbtMs),
      String(summary.cls),
      String(summary.bootupMs),
      String(summary.mainThreadMs),
      ...CATEGORIES.slice(1).map((c) => String(summary.scores[c.key])),
      loadRange([...summary.loads, ...(summary.copy?.loads ?? [])]),
    ];
  });
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const format = (row: string[]) =>
    row
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  return [format(header), format(widths.map((width) => '-'.repeat(width))), ...rows.map(format)]
    .map((line) => `${line}\n`)
    .join('');
}

const isAdmin = (page: string) => page.startsWith(PAGE_PATHS.admin);

interface Goal {
  label: string;
  /** The page's figure, printed, and whether it meets the goal; undefined: not measured. */
  check: (summary: Summary) => { value: number; ok: boolean } | undefined;
}

const GOALS: Goal[] = [
  {
    label: `Performance >= ${PUBLIC_MIN_PERFORMANCE} (public), >= ${ADMIN_MIN_PERFORMANCE} (/admin)`,
    check: ({ page, scores }) => ({
      value: scores.performance,
      ok: scores.performance >= (isAdmin(page) ? ADMIN_MIN_PERFORMANCE : PUBLIC_MIN_PERFORMANCE),
    }),
  },
  {
    label: `FCP <= ${MAX_FCP_MS} ms`,
    check: (s) => ({ value: s.fcpMs, ok: s.fcpMs <= MAX_FCP_MS }),
  },
  {
    label: `LCP <= ${MAX_LCP_MS} ms`,
    check: (s) => ({ value: s.lcpMs, ok: s.lcpMs <= MAX_LCP_MS }),
  },
  {
    label: `TBT <= ${MAX_TBT_MS} ms`,
    check: (s) => ({ value: s.tbtMs, ok: s.tbtMs <= MAX_TBT_MS }),
  },
  { label: `CLS ${MAX_CLS}`, check: (s) => ({ value: s.cls, ok: s.cls <= MAX_CLS }) },
  {
    label: `Accessibility ${MIN_ACCESSIBILITY}`,
    check: (s) => ({
      value: s.scores.accessibility,
      ok: s.scores.accessibility >= MIN_ACCESSIBILITY,
    }),
  },
  {
    label: `Performance within ${MAX_GAP_TO_NO_SCRIPT} points of the page without scripts`,
    check: (summary) => {
      const points = gap(summary);
      return points === undefined
        ? undefined
        : { value: points, ok: points <= MAX_GAP_TO_NO_SCRIPT };
    },
  },
];

export function goals(summaries: Summary[]): string {
  return GOALS.map((goal) => {
    const verdicts = summaries.map((summary) => {
      const verdict = goal.check(summary);
      if (!verdict)
        return `${summary.page} not measured${summary.copyNote ? ` (${summary.copyNote})` : ''}`;
      return `${summary.page} ${verdict.value} ${verdict.ok ? 'met' : 'MISSED'}`;
    });
    return `Goal ${goal.label}: ${verdicts.join(', ') || 'nothing measured'}\n`;
  }).join('');
}

function figures(m: Medians) {
  return {
    runs: m.runs,
    ...m.scores,
    fcpMs: m.fcpMs,
    lcpMs: m.lcpMs,
    tbtMs: m.tbtMs,
    cls: m.cls,
    bootupMs: m.bootupMs,
    mainThreadMs: m.mainThreadMs,
    loadAverages: m.loads,
  };
}

export function jsonLine(result: PageResult, summary: Summary | undefined): string {
  if (!summary) return JSON.stringify({ page: result.page, runs: 0, error: result.error });
  return JSON.stringify({
    page: summary.page,
    ...figures(summary),
    noScript: summary.copy ? figures(summary.copy) : { note: summary.copyNote ?? null },
    performanceGapToNoScript: gap(summary) ?? null,
    ...(result.error === undefined ? {} : { error: result.error }),
  });
}
