/**
 * The accessibility check every e2e spec uses: axe-core's WCAG 2.1 A and AA rules, keeping
 * the serious and critical violations, each with the elements it found.
 *
 * Motion is reduced first (the shop's animations are all `motion-safe:`): axe measures
 * colours as they are at that instant, and text caught half-way through its fade-in (the
 * announcement bar changes every 3 s) has a contrast it never has at rest.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** `within`: a CSS selector to check only that part (an open dialog, a panel). */
export async function seriousViolations(page: Page, within?: string): Promise<string[]> {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  const { violations } = await (within ? builder.include(within) : builder).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}
