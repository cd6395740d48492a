/**
 * Stored XSS (issue 15): markup saved through the API in a product's name and description, a
 * blog post, a review and a shopper's name is shown as text, in the server-rendered HTML and
 * after the app has hydrated: no script runs (`window.__xss` stays undefined), no element
 * is made from it, and the words are on the page as typed.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { createProducts, DEMO_ADMIN, registerShopper, signInWithStorage, unique } from './fixtures.ts';

const IMG = '<img src=x onerror="window.__xss=1">';
const SCRIPT = '<script>window.__xss=1</script>';
const SVG = '<svg onload=window.__xss=1>';

async function adminHeaders(request: APIRequestContext) {
  const res = await request.post('/api/auth/adminlogin', { data: DEMO_ADMIN });
  expect(res.ok(), await res.text()).toBeTruthy();
  return { authorization: `Bearer ${(await res.json()).accessToken}` };
}

/** Nothing ran and nothing was made from the stored markup; `texts` are shown as typed. */
async function expectInert(page: Page, texts: string[]) {
  for (const text of texts) await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await expect(page.locator('svg[onload]')).toHaveCount(0);
  const scripts = await page.locator('script').evaluateAll((nodes) => nodes.map((n) => n.textContent ?? ''));
  expect(scripts.filter((s) => s.includes('window.__xss=1') && !s.includes('\\u003c'))).toEqual([]);
}

/** The HTML the server sends holds the markup only escaped. */
async function expectEscapedHtml(request: APIRequestContext, url: string) {
  const res = await request.get(url, { headers: { accept: 'text/html' } });
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).not.toContain(IMG);
  expect(html).not.toContain(SCRIPT);
  expect(html).not.toContain(SVG);
  return html;
}

test('markup in a product, a review and a shopper’s name is shown as text', async ({ page, request }) => {
  const admin = await adminHeaders(request);
  const tag = unique();
  const title = `Wrap ${tag} ${IMG}`;
  const [product] = await createProducts(request, [{ title, counter: 5 }]);
  const description = `Soft cotton ${SCRIPT} ${SVG} made in Lagos`;
  const edited = await request.put(`/api/products/${product!.id}`, { headers: admin, data: { description } });
  expect(edited.ok(), await edited.text()).toBeTruthy();

  // A shopper whose first name is markup buys the product and reviews it.
  const shopper = await registerShopper(request);
  const named = await request.patch('/api/auth/me', {
    headers: { authorization: `Bearer ${shopper.accessToken}` },
    data: { firstName: IMG, lastName: `Tester ${SCRIPT}` },
  });
  expect(named.ok(), await named.text()).toBeTruthy();
  shopper.user = (await named.json()).user;
  const bearer = { authorization: `Bearer ${shopper.accessToken}` };
  const checkout = await request.post('/api/checkout', {
    headers: bearer,
    data: { lines: [{ productId: product!.id, quantity: 1 }] },
  });
  expect(checkout.ok(), await checkout.text()).toBeTruthy();
  const { orderId, amount } = await checkout.json();
  const paid = await request.post(`/api/orders/${orderId}/payments`, {
    headers: admin,
    data: { method: 'transfer', amount: amount / 100 },
  });
  expect(paid.ok(), await paid.text()).toBeTruthy();
  const comment = `Lovely ${SCRIPT} and ${IMG}`;
  const review = await request.post(`/api/reviews/${product!.id}`, { headers: bearer, data: { rating: 5, comment } });
  expect(review.ok(), await review.text()).toBeTruthy();

  // The server's HTML, then the page as the browser runs it, signed in (the header greets by name).
  await expectEscapedHtml(request, `/productdetails/${product!.id}`);
  await signInWithStorage(page, shopper);
  await page.goto(`/productdetails/${product!.id}`);
  await expect(page.getByTestId('greeting')).toContainText('<img');
  await expectInert(page, [title, 'Soft cotton', SCRIPT, comment]);
});

test('markup in a blog post is shown as text on the list and on the post', async ({ page, request }) => {
  const admin = await adminHeaders(request);
  const title = `Caring for adire ${unique()} ${IMG}`;
  const text = `Wash in cold water. ${SCRIPT} ${SVG} Dry in the shade.`;
  const res = await request.post('/api/posts/create', { headers: admin, data: { title, heading: `Care ${SVG}`, text } });
  expect(res.ok(), await res.text()).toBeTruthy();
  const post = await res.json();

  await expectEscapedHtml(request, `/blogdetails/${post.id}`);
  await expectEscapedHtml(request, '/posts');
  await page.goto(`/blogdetails/${post.id}`);
  await expectInert(page, [title, 'Wash in cold water.']);
  await page.goto('/posts');
  await expectInert(page, [title]);
});
