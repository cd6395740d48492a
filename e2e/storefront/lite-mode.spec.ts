/**
 * Lite mode (issue 32, decision 0031) as a phone asking to save data sees it: `Save-Data: on`
 * on every request, a phone's viewport, an empty cache. Each of the four pages the budget names
 * (the home page, /women, /sales, the newest product) is measured as bench:web measures it
 * (scripts/bench-bytes.mjs: every response's bytes on the wire, until the network is idle):
 * ≤ 150 KB in all, ≤ 60 KB of HTML, CSS, JavaScript and fonts, each picture ≤ 25 KB. And the
 * page is lite: marked so, no app script before the first interaction, the hero not turning.
 */
import { expect, test } from '@playwright/test';
import { BUDGETS, measurePage } from '../../scripts/bench-bytes.mjs';

test.use({ extraHTTPHeaders: { 'Save-Data': 'on' }, viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });

const LITE_PICTURE = 25_000;

test('the four pages of the budget stay within it, with Save-Data: on', async ({ page, request }) => {
  const [newest] = await (await request.get('/api/products?limit=1')).json();
  for (const path of ['/', '/women', '/sales', `/productdetails/${newest.id}`]) {
    await page.context().clearCookies();
    const measured = await measurePage(page, path);
    const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
    expect(measured.total, `${path}: ${kb(measured.total)} in all`).toBeLessThanOrEqual(BUDGETS.litePage);
    expect(measured.code, `${path}: ${kb(measured.code)} of code`).toBeLessThanOrEqual(BUDGETS.liteCode);
    for (const picture of measured.images) {
      expect(picture.bytes, `${path}: ${picture.url}`).toBeLessThanOrEqual(LITE_PICTURE);
    }
    // A small loader only: the app's code waits for the shopper's first touch.
    expect(measured.bytes.js, `${path}: ${kb(measured.bytes.js)} of JavaScript`).toBeLessThanOrEqual(5_000);
    await expect(page.locator('html')).toHaveAttribute('data-lite', '');
  }
});

test("the home page's hero does not turn by itself in lite mode", async ({ page }) => {
  await page.goto('/');
  const carousel = page.getByRole('region', { name: 'Featured collections' });
  const first = carousel.getByRole('button', { name: /Show slide 1/ });
  await expect(first).toHaveAttribute('aria-current', 'true');
  // Past one turn of the normal carousel (3 s).
  await page.waitForTimeout(3_500);
  await expect(first).toHaveAttribute('aria-current', 'true');
  await expect(carousel.locator('img').first()).toHaveAttribute('src', '/img/hero-adire-400.webp');
});
