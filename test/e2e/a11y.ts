/**
 * Accessibility helpers of the e2e suite: the two viewports every screen is checked at,
 * and an axe-core scan that reports serious and critical violations as readable lines.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export const A11Y_VIEWPORTS = [
  { name: 'desktop', size: { width: 1366, height: 900 } },
  { name: 'phone', size: { width: 390, height: 844 } },
] as const;

/** Waits for finite animations to end: a toast still fading in would be measured as low contrast. */
export async function animationsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
}

/** Serious and critical axe-core violations on the page as it is now, one line per rule, named by `where`. */
export async function seriousViolations(page: Page, where: string): Promise<string[]> {
  await animationsSettled(page);
  // label-content-name-mismatch is experimental in axe-core, so off unless asked for (WCAG 2.5.3).
  const { violations } = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => {
      const targets = violation.nodes.slice(0, 3).map((node) => node.target.join(' '));
      return `${where}: ${violation.id} (${violation.impact}) ×${violation.nodes.length}: ${targets.join(' | ')}`;
    });
}
