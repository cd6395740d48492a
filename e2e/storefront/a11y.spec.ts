import { expect, test } from '@playwright/test';
import { seriousViolations } from '../axe.ts';
import { createProducts, registerShopper, signInWithStorage, unique } from './fixtures.ts';

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

  test('the delivery and payment step, at 360 px wide', async ({ page, request }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signInWithStorage(page, await registerShopper(request));
    await page.goto(`/productdetails/${productId}`);
    await page.getByRole('radio', { name: 'small' }).check();
    await page.getByRole('button', { name: 'Buy Now' }).click();
    const step = page.getByRole('dialog', { name: 'Delivery and payment' });
    await expect(step.getByRole('button', { name: /^Pay ₦/ })).toBeEnabled();
    await expect(step.getByRole('radio', { name: /^Pickup/ })).toBeVisible();
    expect(await seriousViolations(page, 'dialog[open]')).toEqual([]);
    // Nothing wider than the phone's screen.
    expect(await step.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    // With a refused coupon's message shown.
    await step.getByLabel('Coupon code').fill('NOT-A-CODE');
    await step.getByRole('button', { name: 'Apply' }).click();
    await expect(step.getByRole('alert')).toHaveText('This code cannot be used');
    expect(await seriousViolations(page, 'dialog[open]')).toEqual([]);
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
