/**
 * The browser's cart and the server's agree (issue 32, decision 0030): with JavaScript the cart
 * is as instant as before (the app's own copy), and each change also reaches the server cart
 * the page's forms use without JavaScript; a line the server cart has that the browser's lacks
 * (added by a form, or on another device) appears in the app's cart on the next visit.
 */
import { expect, type Page, test } from '@playwright/test';
import { createProducts, openApp } from './fixtures.ts';

/** The server cart of this browser (its `cart` cookie), as GET /api/cart answers it. */
async function serverLines(page: Page): Promise<{ productId: string; quantity: number }[]> {
  const res = await page.request.get('/api/cart');
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { lines: { productId: string; quantity: number }[] }).lines.map(({ productId, quantity }) => ({
    productId,
    quantity,
  }));
}

test("the app's cart changes reach the server cart, and the server cart's lines reach the app", async ({ page, request }) => {
  const [wrap, scarf] = await createProducts(request, [{ counter: 10 }, { counter: 10 }]);

  await openApp(page, `/productdetails/${wrap!.id}`);
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  await expect.poll(() => serverLines(page)).toEqual([{ productId: wrap!.id, quantity: 1 }]);

  await page.getByRole('link', { name: 'Cart, 1 item' }).click();
  // The cart line's own button: until the cart page's code has come, the product page (with
  // its own "Increase quantity", for the quantity to add) stays on screen.
  await page.getByTestId('cart-line').getByRole('button', { name: 'Increase quantity' }).click();
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
  await expect.poll(() => serverLines(page)).toEqual([{ productId: wrap!.id, quantity: 2 }]);

  // A line added by the page's form (as without JavaScript), in the same browser.
  const product = await (await page.request.get(`/api/products/${scarf!.id}`)).json();
  const added = await page.request.post('/cart/add', {
    form: { variantId: product.variants[0].id, quantity: '1', back: '/' },
    headers: { origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
  expect(added.status()).toBe(303);
  await openApp(page, '/cart');
  await expect(page.getByRole('link', { name: 'Cart, 3 items' })).toBeVisible();
  await expect(page.getByTestId('cart-line')).toHaveCount(2);
});
