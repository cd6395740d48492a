/**
 * The accessibility check itself (axe.ts), on a page made to fail it: every serious or critical
 * WCAG A/AA violation is reported with its elements, and a rule outside those tags is not run.
 */
import { expect, test } from '@playwright/test';
import { seriousViolations } from './axe.ts';

test('the accessibility check reports each serious WCAG violation with its elements, and only WCAG rules', async ({ page }) => {
  await page.setContent(`<!doctype html><html lang="en"><head><title>Check</title></head><body><main>
    <h1>Check</h1>
    <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" id="no-alt-1"><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" id="no-alt-2">
    <p id="faint" style="color:#ccc;background:#fff">Hard to read</p>
    <a href="#" tabindex="5" id="jumps">First in the tab order</a>
  </main></body></html>`);
  const found = await seriousViolations(page);
  // Both images, not only the first: the check reports every element of a violation.
  expect(found).toContainEqual(expect.stringMatching(/^image-alt: .*\(#no-alt-1, #no-alt-2\)$/));
  expect(found).toContainEqual(expect.stringMatching(/^color-contrast: .*\(#faint\)$/));
  // tabindex > 0 is a serious finding of axe's best practices, not of WCAG A/AA: not checked.
  expect(found.filter((v) => v.startsWith('tabindex:'))).toEqual([]);
});
