import { expect, test } from '@playwright/test';
import { createBanner, createProducts, openApp, unique } from './fixtures.ts';

test('the mega-menu opens one panel at a time; again, outside or Escape closes it', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const panel = page.getByTestId('mega-menu');

  await nav.getByRole('button', { name: 'WOMEN' }).click();
  await expect(panel).toHaveAttribute('data-section', 'women');
  await expect(nav.getByRole('button', { name: 'WOMEN' })).toHaveAttribute('aria-expanded', 'true');

  await nav.getByRole('button', { name: 'BEAUTY' }).click();
  await expect(panel).toHaveCount(1);
  await expect(panel).toHaveAttribute('data-section', 'beauty');
  await expect(nav.getByRole('button', { name: 'WOMEN' })).toHaveAttribute('aria-expanded', 'false');

  await nav.getByRole('button', { name: 'BEAUTY' }).click();
  await expect(panel).toHaveCount(0);

  await nav.getByRole('button', { name: 'MEN', exact: true }).click();
  await expect(panel).toHaveAttribute('data-section', 'men');
  await page.getByRole('heading', { name: 'Shop by category' }).click();
  await expect(panel).toHaveCount(0);

  await nav.getByRole('button', { name: 'BRANDS' }).click();
  await expect(panel).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(nav.getByRole('button', { name: 'BRANDS' })).toBeFocused();

  // SALE is a plain link.
  await nav.getByRole('link', { name: 'SALE' }).click();
  await expect(page).toHaveURL(/\/sales$/);
});

test('the mega-menu links to the matching filtered listing', async ({ page, request }) => {
  const brand = `Test Brand ${unique()}`;
  await createProducts(request, [{ category: 'Men', sub: 'Kaftans', brand }]);
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'MEN', exact: true }).click();
  await page.getByTestId('mega-menu').getByRole('link', { name: 'Kaftans' }).click();
  await expect(page).toHaveURL(/\/men\?sub=Kaftans$/);
  await expect(page.getByLabel('Category', { exact: true })).toHaveValue('Kaftans');
});

test('the announcement banner rotates every 3 s, wraps, and pauses while hovered', async ({ page, request }) => {
  const mine = [`Banner one ${unique()}`, `Banner two ${unique()}`];
  for (const title of mine) await createBanner(request, title);
  const all: { title: string }[] = await (await request.get('/api/banners')).json();

  // The bar's clock starts when the app takes the page over, which on a busy machine comes
  // more than a second after the server's page shows the first banner.
  await openApp(page, '/');
  // The pointer away from the bar, which it pauses: the headless shell's starts at (0, 0), on it.
  await page.mouse.move(600, 500);
  const text = page.getByTestId('announcement');
  await expect(text).toHaveText(all[0]!.title);
  // The next one comes by itself after 3000 ms...
  await expect(text).toHaveText(all[1]!.title, { timeout: 4500 });

  // ...but not while the pointer is on the bar.
  await text.hover();
  const held = await text.textContent();
  await page.waitForTimeout(3800);
  await expect(text).toHaveText(held!);

  // Stepping through every banner comes back to the same one (wrap).
  for (let i = 0; i < all.length; i++) await page.getByRole('button', { name: 'Next announcement' }).click();
  await expect(text).toHaveText(held!);
  await page.getByRole('button', { name: 'Previous announcement' }).click();
  const before = all[(all.findIndex((b) => b.title === held) - 1 + all.length) % all.length]!;
  await expect(text).toHaveText(before.title);
});

test('the blog pages have no announcement banner', async ({ page }) => {
  await page.goto('/posts');
  await expect(page.getByRole('heading', { level: 1, name: 'The Journal' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Announcements' })).toHaveCount(0);
});

test('the home carousel moves by 3: next wraps to the start, previous to the last 3', async ({ page, request }) => {
  await createProducts(request, [{ discount: 500 }, {}, {}, {}]);
  const latest: { title: string }[] = await (await request.get('/api/products?sort=latest&limit=12')).json();
  const titles = latest.map((p) => p.title);
  const carousel = page.getByRole('region', { name: 'New Arrivals' });
  const shown = () => carousel.getByTestId('carousel-item').getByRole('heading').allTextContents();

  await page.goto('/');
  await expect.poll(shown).toEqual(titles.slice(0, 3));
  await carousel.getByRole('button', { name: 'Previous products: New Arrivals' }).click();
  await expect.poll(shown).toEqual(titles.slice(-3));
  await carousel.getByRole('button', { name: 'Next products: New Arrivals' }).click();
  await expect.poll(shown).toEqual(titles.slice(0, 3));
  await carousel.getByRole('button', { name: 'Next products: New Arrivals' }).click();
  await expect.poll(shown).toEqual(titles.slice(3, 6));
  // The other carousel did not move.
  const onSale = page.getByRole('region', { name: 'On Sale' });
  await expect(onSale.getByText('Showing 1 to', { exact: false })).toBeAttached();
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the hamburger menu lists every section and Sign In', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Menu' });
    const expected = [
      ['New In', '/new'],
      ['Sale', '/sales'],
      ['Women', '/women'],
      ['Beauty', '/beauty'],
      ['Jewellery', '/jewellery'],
      ['Home Decor', '/homedecor'],
      ['Men', '/men'],
      ['Brands', '/brand'],
    ];
    for (const [name, href] of expected)
      await expect(menu.getByRole('link', { name, exact: true })).toHaveAttribute('href', href!);
    await menu.getByRole('link', { name: 'Jewellery', exact: true }).click();
    await expect(page).toHaveURL(/\/jewellery$/);
    await expect(menu).toBeHidden();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Menu' }).getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
    // Nothing is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  test('a category landing page shows one product at a time, and wraps', async ({ page, request }) => {
    await createProducts(request, [
      { category: 'Beauty', sizes: 'one size' },
      { category: 'Beauty', sizes: 'one size' },
    ]);
    const beauty: { title: string }[] = await (await request.get('/api/products?category=Beauty&sort=latest&limit=12')).json();
    await page.goto('/beautycategory');
    await expect(page.getByRole('heading', { level: 1, name: 'Beauty' })).toBeVisible();
    const items = page.getByTestId('carousel-item');
    await expect(items).toHaveCount(1);
    await expect(items.getByRole('heading')).toHaveText(beauty[0]!.title);
    await page.getByRole('button', { name: 'Next products: Shop beauty' }).click();
    await expect(items.getByRole('heading')).toHaveText(beauty[1]!.title);
    await page.getByRole('button', { name: 'Previous products: Shop beauty' }).click();
    await page.getByRole('button', { name: 'Previous products: Shop beauty' }).click();
    await expect(items.getByRole('heading')).toHaveText(beauty.at(-1)!.title);
  });
});
