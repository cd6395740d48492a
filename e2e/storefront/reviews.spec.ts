import { expect, test } from '@playwright/test';
import { createProducts, registerShopper, signInWithStorage, unique } from './fixtures.ts';

test('a review before buying is refused with the server’s message', async ({ page, request }) => {
  const [product] = await createProducts(request, [{ title: `Indigo Cushion ${unique()}`, category: 'Home', sizes: 'one size' }]);
  await signInWithStorage(page, await registerShopper(request));
  await page.goto(`/productdetails/${product!.id}`);

  await page.getByRole('button', { name: 'Send Review' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please choose a rating' })).toBeVisible();

  await page.getByRole('radio', { name: '5 stars' }).check({ force: true });
  await page.getByLabel('Comment').fill('Looks great');
  await page.getByRole('button', { name: 'Send Review' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'You have to buy this product to review!' })).toBeVisible();
  // Nothing was reset: the shopper can see what they wrote.
  await expect(page.getByLabel('Comment')).toHaveValue('Looks great');
  await expect(page.getByText('No reviews yet.')).toBeVisible();
});

test('an unknown product or brand answers 404 with the Not Found page, which hydrates and leads home', async ({ page }) => {
  const product = await page.goto('/productdetails/00000000-0000-4000-8000-000000000000');
  expect(product?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();

  const brand = await page.goto('/brand?brand=No+Such+Brand+Anywhere');
  expect(brand?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
});
