/*
 * PRODUCT.md point 13: WCAG 2.2 AA. What every spec's axe check shares: axe on the page as it is
 * at rest, in the light look and in the dark one; a violation is a bug in the page, fixed there.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

type Violations = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'];

/** Waits until no transition or finite animation is running: colours measured as they settle. */
async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().endTime === Infinity,
      ),
  );
}

function report(violations: Violations): string {
  return violations
    .map(
      (violation) =>
        `${violation.id} (${violation.impact ?? 'unknown impact'}): ${violation.help}\n` +
        violation.nodes
          .map((node) => `    ${node.target.join(' ')}: ${node.failureSummary ?? ''}`)
          .join('\n'),
    )
    .join('\n');
}

/** The site's dark mode is exactly this class on <html> (src/client/lib/theme.ts). */
async function setDark(page: Page, dark: boolean): Promise<void> {
  await page.evaluate((on) => {
    document.documentElement.classList.toggle('dark', on);
  }, dark);
}

/**
 * axe finds nothing on the page as it is now (`what` names it in the failure), light and dark;
 * the page's own look is put back afterwards.
 */
export async function expectNoAxeViolations(page: Page, what: string): Promise<void> {
  const wasDark = await page.evaluate(() => document.documentElement.classList.contains('dark'));
  for (const mode of ['light', 'dark'] as const) {
    await setDark(page, mode === 'dark');
    await settle(page);
    const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
    expect(violations, `axe found violations on ${what} (${mode}):\n${report(violations)}`).toEqual(
      [],
    );
  }
  await setDark(page, wasDark);
}
