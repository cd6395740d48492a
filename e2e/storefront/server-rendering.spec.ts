/**
 * The storefront's public pages arrive rendered by the server (readable before, and
 * without, JavaScript), and the browser takes them over without a hydration error: the
 * buttons work and the shopper's own cart and name appear.
 */
import { type ConsoleMessage, expect, type Page, test } from '@playwright/test';
import { createProducts, registerShopper, signInWithStorage, unique } from './fixtures.ts';

/** Console errors and uncaught exceptions while the page runs (hydration mismatches are reported there). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a product page shows its title, price, description and main image', async ({ page, request }) => {
    const [product] = await createProducts(request, [{ price: 18_000, discount: 2_000 }]);
    await page.goto(`/productdetails/${product!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: product!.title })).toBeVisible();
    await expect(page.getByText('₦16,000.00').first()).toBeVisible();
    await expect(page.getByText('Made by hand in Lagos.')).toBeVisible();
    const main = page.locator(`img[srcset*="${product!.imageUrls[0]!.replace(/-\d+\.webp$/, '')}"]`).first();
    await expect(main).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(product!.title));
  });

  test('the home page, a listing and the blog show their content', async ({ page, request }) => {
    const [product] = await createProducts(request, [{ category: 'Women' }]);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'New Arrivals' })).toBeVisible();
    await expect(page.getByRole('link', { name: product!.title }).first()).toBeAttached();
    // The photos below the hero wait for JavaScript to ask for them; without it they show at once.
    const photo = page.locator(`img[srcset*="${product!.imageUrls[0]!.replace(/-\d+\.webp$/, '')}"]`).first();
    await photo.scrollIntoViewIfNeeded();
    await expect(photo).toBeVisible();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    await page.goto('/women?sort=latest');
    await expect(page.getByRole('heading', { level: 1, name: 'Women' })).toBeVisible();
    await expect(page.getByRole('link', { name: product!.title }).first()).toBeVisible();

    await page.goto('/posts');
    await expect(page.getByRole('article').first()).toBeVisible();
  });
});

test('a server-rendered page hydrates without errors, and its buttons work', async ({ page, request }) => {
  const [product] = await createProducts(request, [{ counter: 5 }]);
  const errors = collectErrors(page);
  for (const path of ['/', '/women', '/posts']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  await page.goto(`/productdetails/${product!.id}`);
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('the photos below the hero arrive once the hero has: category tiles and product cards', async ({ page, request }) => {
  const [product] = await createProducts(request, [{ category: 'Women' }]);
  await page.goto('/');
  // The hero's photo, the page's main image, comes in AVIF (40 % fewer bytes than its WebP).
  const hero = page.getByRole('group', { name: /^1 of 3/ }).locator('img');
  await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/img\/hero-adire-\d+\.avif$/);
  const card = page.locator(`img[srcset*="${product!.imageUrls[0]!.replace(/-\d+\.webp$/, '')}"]`).first();
  const photos = [card, page.locator('a[href="/jewellery"] img').first()];
  for (const photo of photos) {
    await photo.scrollIntoViewIfNeeded();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\.webp$/);
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(1);
  }
});

test('a listing fetches the photos within half a screen of the view, and the others as the shopper scrolls near them', async ({
  browser,
  request,
}) => {
  const brand = `Near View ${unique()}`;
  const products = await createProducts(
    request,
    Array.from({ length: 10 }, () => ({ brand })),
  );
  // A phone's screen: two cards a row.
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
  const page = await context.newPage();
  const requested: string[] = [];
  page.on('request', (r) => requested.push(r.url()));
  await page.goto(`/brand?brand=${encodeURIComponent(brand)}`);
  const photoOf = (product: (typeof products)[number]) => {
    const photo = product.imageUrls[0]!.replace(/-\d+\.webp$/, '');
    return page.locator(`img[srcset*="${photo}"], img[data-srcset*="${photo}"]`).first();
  };
  // Newest first: the first product made is the last card, five rows down.
  const first = photoOf(products.at(-1)!);
  const last = photoOf(products[0]!);
  await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(1);
  await page.waitForLoadState('networkidle');
  const lastPhoto = products[0]!.imageUrls[0]!.replace(/-\d+\.webp$/, '');
  expect(requested.filter((url) => url.includes(lastPhoto))).toEqual([]);

  await last.scrollIntoViewIfNeeded();
  await expect.poll(() => last.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(1);
  await context.close();
});

test("the shopper's saved cart and name replace the server's anonymous frame", async ({ page, request }) => {
  const [product] = await createProducts(request, [{}]);
  const shopper = await registerShopper(request);
  await signInWithStorage(page, shopper);
  const errors = collectErrors(page);
  await page.goto(`/productdetails/${product!.id}`);
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  await expect(page.getByText(`Hi ${shopper.firstName}`)).toBeVisible();
  expect(errors).toEqual([]);
});

test('a button pressed before the app has loaded still works once it has', async ({ page, request }) => {
  const [product] = await createProducts(request, [{}]);
  // A slow connection: the app's code arrives a second and a half late.
  await page.route(/\/assets\/main-[\w-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto(`/productdetails/${product!.id}`, { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible({ timeout: 10_000 });
});
