import { expect, test } from '@playwright/test';

test('the built app is served by the API and renders the shop shell', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'ADIRE', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('an unknown page shows a real Not Found page with a way home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
});
