/**
 * The wishlist (issue 31): a guest saves two products with their hearts (the product page's and
 * a card's), finds them on /wishlist, signs in and finds them there still, now the account's
 * (merged, and gone from the device); the list's share link shows the same products to a
 * stranger, read-only.
 */
import { expect, test } from '@playwright/test';
import { seriousViolations } from '../axe.ts';
import { createProducts, registerShopper, unique, openApp } from './fixtures.ts';

test('a guest wishlists two products, signs in and sees them; the shared link shows them to anyone', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const tag = unique();
  const [dress, scarf] = await createProducts(request, [
    { title: `Wishlist Wrap Dress ${tag}` },
    { title: `Wishlist Silk Scarf ${tag}` },
  ]);
  const shopper = await registerShopper(request);

  // The product page's heart.
  await openApp(page, `/productdetails/${dress!.id}`);
  const heart = page.getByRole('button', { name: 'Save to wishlist', exact: true });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  await expect(page.getByRole('button', { name: 'Remove from wishlist', exact: true })).toHaveAttribute('aria-pressed', 'true');
  // Kept on the device: the server renders the page without it, and the app shows it once it
  // has taken over, without a hydration error.
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.reload();
  await expect(page.getByRole('button', { name: 'Remove from wishlist', exact: true })).toHaveAttribute('aria-pressed', 'true');
  expect(errors).toEqual([]);

  // A card's heart, in the search results.
  await page.goto(`/search?title=${tag}`);
  await page.getByRole('button', { name: `Save to wishlist: ${scarf!.title}` }).click();
  await expect(page.getByRole('button', { name: `Remove from wishlist: ${scarf!.title}` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('button', { name: `Remove from wishlist: ${dress!.title}` })).toBeVisible();

  // /wishlist, as a guest: both, kept on this device.
  await page.goto('/wishlist');
  const grid = page.getByTestId('product-grid');
  await expect(grid.getByRole('article')).toHaveCount(2);
  await expect(page.getByText('Saved on this device.')).toBeVisible();

  // Signing in merges them into the account; the device keeps nothing.
  // The page's own Sign in (the header has one too): she stays on /wishlist.
  await page.getByRole('main').getByRole('button', { name: 'Sign in', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await dialog.getByLabel('Email').fill(shopper.email);
  await dialog.getByLabel('Password', { exact: true }).fill(shopper.password);
  await dialog.getByRole('button', { name: 'LOGIN' }).click();
  await expect(page.getByRole('heading', { name: 'Share your wishlist' })).toBeVisible();
  await expect(grid.getByRole('link', { name: dress!.title })).toBeVisible();
  await expect(grid.getByRole('link', { name: scarf!.title })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('wishlist'))).toBeNull();
  const saved = await request.get('/api/account/wishlist', { headers: { authorization: `Bearer ${shopper.accessToken}` } });
  expect((await saved.json()).map((i: { productId: string }) => i.productId).sort()).toEqual([dress!.id, scarf!.id].sort());

  await page.waitForLoadState('networkidle');
  expect(await seriousViolations(page)).toEqual([]);

  // The share link and WhatsApp.
  const link = await page.getByLabel("Your wishlist's link").inputValue();
  expect(link).toMatch(/\/wishlist\/[\w-]{22}$/);
  const whatsapp = await page.getByRole('link', { name: 'Share on WhatsApp' }).getAttribute('href');
  expect(decodeURIComponent(whatsapp ?? '')).toContain(link);

  // A stranger opens the link: the two products, nothing to change.
  const stranger = await browser.newPage();
  await stranger.goto(new URL(link).pathname);
  await expect(stranger.getByRole('heading', { level: 1, name: 'A wishlist shared with you' })).toBeVisible();
  await expect(stranger.getByTestId('product-grid').getByRole('article')).toHaveCount(2);
  await expect(stranger.getByText(shopper.firstName)).toHaveCount(0);
  await stranger.close();
});
