/**
 * The accessibility check every e2e spec uses: axe-core's WCAG 2.1 A and AA rules, keeping
 * the serious and critical violations, each with the elements it found.
 *
 * Motion is reduced first (the shop's animations are all `motion-safe:`): axe measures
 * colours as they are at that instant, and text caught half-way through its fade-in (the
 * announcement bar changes every 3 s) has a contrast it never has at rest.
 *
 * A page of one frame (every page but the back office's e-mail preview, whose sandboxed frame
 * is another origin) is checked with axe.run in the page itself. @axe-core/playwright's default
 * runs axe in each frame, then opens a new blank page, injects axe-core into it again and
 * merges the frames' results there: for one frame that is the same check, plus a new renderer
 * process each time (2026-11-28, the two a11y specs' 41 tests: 257 core-s and 169 s that way,
 * 229 core-s and 149 s with axe.run). A page with frames keeps the default, so a frame of
 * another origin is checked too.
 *
 * axe collects only its violations (`resultTypes`): every element of each violation, as
 * before, but one element of each rule that passed or did not apply instead of all of them,
 * which nothing here reads. The two a11y specs took 105 core-s instead of 130 (2026-11-30,
 * alone, issue 27). `options` replaces axe's whole options object, so it comes before
 * `withTags`; axe.spec.ts fails when a rule outside those tags is run, or an element is missing.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** `within`: a CSS selector to check only that part (an open dialog, a panel). */
export async function seriousViolations(page: Page, within?: string): Promise<string[]> {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const builder = new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (page.frames().length === 1) builder.setLegacyMode();
  const { violations } = await (within ? builder.include(within) : builder).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}
