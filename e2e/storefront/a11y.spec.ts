import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { createProducts, unique } from './fixtures.ts';

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

test.describe('no serious or critical axe-core violations', () => {
  let productId = '';
  test.beforeAll(async ({ request }) => {
    const [product] = await createProducts(request, [
      { title: `Axe Check Dress ${unique()}`, discount: 1500, images: 2, sizes: 'small,medium,large' },
    ]);
    productId = product!.id;
  });

  for (const [name, path] of [
    ['home', '/'],
    ['a listing', '/women'],
    ['the register page', '/register'],
  ] as const) {
    test(name, async ({ page }) => {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test('a product page', async ({ page }) => {
    await page.goto(`/productdetails/${productId}`);
    await expect(page.getByRole('button', { name: 'Buy Now' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);
    // With the size question raised.
    await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Please choose a size' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the cart', async ({ page }) => {
    await page.goto(`/productdetails/${productId}`);
    await page.getByRole('radio', { name: 'small' }).check();
    await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
    await page.goto('/cart');
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
