/**
 * The storefront's public pages with JavaScript off (issue 32, decision 0033), as Opera Mini's
 * shoppers and those with scripts disabled see them: from the home page to a listing (the
 * footer's links), a sort and a filter sent with the listing's GET form, a search from the
 * header's plain form, a product whose size is chosen with its GET form (?variant=), and "Add to
 * Cart" posted to /cart/add, which comes back to the product page with the line in the
 * server cart.
 */
import { expect, test } from '@playwright/test';
import { createProducts, DEMO_ADMIN, unique } from './fixtures.ts';

test('browse, filter, search, choose a size and add to the cart without JavaScript', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const baseURL = test.info().project.use.baseURL;
  const [wrap] = await createProducts(request, [
    { title: `No Script Wrap ${unique()}`, price: 1500, counter: 4, sizes: 'medium', color: 'Indigo', category: 'Women' },
  ]);
  // Two sizes, as the back office's variant editor saves them: medium in stock, large sold out.
  const login = await request.post('/api/auth/adminlogin', { data: DEMO_ADMIN });
  expect(login.ok(), await login.text()).toBeTruthy();
  const tag = unique();
  const saved = await request.put(`/api/products/${wrap!.id}/variants`, {
    headers: { authorization: `Bearer ${(await login.json()).accessToken}` },
    data: {
      variants: [
        { sku: `NS-${tag}-M`, size: 'medium', color: 'Indigo', counter: 4 },
        { sku: `NS-${tag}-L`, size: 'large', color: 'Indigo', counter: 0 },
      ],
    },
  });
  expect(saved.ok(), await saved.text()).toBeTruthy();
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();

  // ── Home → a listing, through the footer's links ─────────────────────────────────────
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Shopping' }).getByRole('link', { name: 'Women', exact: true }).click();
  await expect(page).toHaveURL(/\/women$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Women' })).toBeVisible();

  // ── Sort and a filter, sent with the listing's GET form ──────────────────────────────
  const filters = page.getByRole('complementary', { name: 'Filters' });
  await filters.getByLabel('Sort by').selectOption('price_asc');
  await filters.getByRole('checkbox', { name: /^medium/ }).check();
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/\/women\?.*sort=price_asc/);
  expect(new URL(page.url()).searchParams.getAll('size')).toEqual(['medium']);
  // The server's page applied them: the sort shown chosen, the size ticked, the cheap wrap listed.
  await expect(filters.getByLabel('Sort by')).toHaveValue('price_asc');
  await expect(filters.getByRole('checkbox', { name: /^medium/ })).toBeChecked();

  // ── Search from the header's form ────────────────────────────────────────────────────
  await page.getByRole('banner').getByRole('searchbox', { name: 'Search' }).fill(wrap!.title);
  await page.getByRole('banner').getByRole('searchbox', { name: 'Search' }).press('Enter');
  await expect(page).toHaveURL(/\/search\?title=No\+Script\+Wrap/);
  await page
    .getByRole('link', { name: new RegExp(wrap!.title) })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/productdetails/${wrap!.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: wrap!.title })).toBeVisible();

  // ── Choose a size with the page's GET form ───────────────────────────────────────────
  // Nothing can be added before a size is chosen.
  await expect(page.getByRole('button', { name: 'Add to Cart', exact: true })).toBeHidden();
  // (Playwright's text matching passes over a <noscript>'s text, so the element is named.)
  const ask = page.locator('form[action="/cart/add"] noscript p');
  await expect(ask).toBeVisible();
  await expect(ask).toHaveText('Please choose a size');
  const choose = page.getByTestId('variant-form');
  await choose.getByLabel('Size').selectOption({ label: 'medium / Indigo' });
  await choose.getByRole('button', { name: 'Choose' }).click();
  await expect(page).toHaveURL(new RegExp(`/productdetails/${wrap!.id}\\?variant=[0-9a-f-]{36}$`));
  const variantId = new URL(page.url()).searchParams.get('variant')!;
  await expect(page.getByTestId('variant-form').getByLabel('Size')).toHaveValue(variantId);
  await expect(page.getByTestId('availability')).toHaveText(/In Stock/);

  // ── Add to Cart: posted, 303 back to this page, the line in the server cart ──────────
  const productUrl = page.url();
  const [posted] = await Promise.all([
    page.waitForResponse((res) => res.url().endsWith('/cart/add') && res.request().method() === 'POST'),
    page.getByRole('button', { name: 'Add to Cart', exact: true }).click(),
  ]);
  expect(posted.status()).toBe(303);
  expect(posted.headers().location).toBe(new URL(productUrl).pathname + new URL(productUrl).search);
  await expect(page).toHaveURL(productUrl);
  const cart = await context.request.get('/api/cart');
  expect(cart.ok(), await cart.text()).toBeTruthy();
  const { lines } = await cart.json();
  expect(lines).toEqual([expect.objectContaining({ variantId, productId: wrap!.id, size: 'medium', quantity: 1 })]);

  // The sold-out size can be looked at, but not added.
  await page.getByTestId('variant-form').getByLabel('Size').selectOption({ label: 'large / Indigo (sold out)' });
  await page.getByTestId('variant-form').getByRole('button', { name: 'Choose' }).click();
  await expect(page.getByTestId('availability')).toHaveText('Out of Stock');
  await expect(page.getByRole('button', { name: 'Add to Cart', exact: true })).toBeDisabled();
  await context.close();
});
