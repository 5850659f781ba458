/**
 * The audits of a page's median Lighthouse run that failed, printed by `npm run lighthouse` to
 * read what to fix (its figures: scripts/lib/lighthouse-report.ts).
 */
import { CATEGORIES, type Summary } from './lighthouse-report.ts';

/** Audits of the median run that the report shows as not passed, per category. */
export function failingAudits(summary: Summary): string[] {
  const { lhr } = summary.medianRun;
  const lines: string[] = [];
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category.id]?.auditRefs ?? []) {
      // The 'hidden' group holds audits the report does not show (such as Time to Interactive).
      if (ref.group === 'hidden') continue;
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1) continue;
      if (audit.scoreDisplayMode === 'informative' || audit.scoreDisplayMode === 'notApplicable') {
        continue;
      }
      const detail = audit.displayValue ? `: ${audit.displayValue}` : '';
      lines.push(`  [${category.label}] ${audit.title}${detail} (score ${audit.score})`);
    }
  }
  for (const audit of Object.values(lhr.audits)) {
    if (audit.scoreDisplayMode === 'error') {
      lines.push(`  [error] ${audit.title}: ${audit.errorMessage ?? 'no message'}`);
    }
  }
  return lines;
}
