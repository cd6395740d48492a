// @vitest-environment node
/**
 * A shopper's own pages as the server renders them for her (issue 32, decision 0033), with the
 * API stood in by a fetch answering as her (or refusing: signed out, not hers): plain forms
 * carrying her CSRF token, her server cart, her orders; a 404 for an order that is not hers. The
 * API's side (the session forwarded, the forms' routes) is apps/api/src/storefront/own-pages.test.ts;
 * the whole journey without JavaScript is e2e/storefront/no-javascript.spec.ts.
 */
import { DEFAULT_STORE_SETTINGS } from '@shop/shared/content';
import { beforeAll, describe, expect, it } from 'vitest';
import { render, setTransport } from './entry-server.tsx';

const ORIGIN = 'https://adire.example';
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const LINE = {
  variantId: '7b1d5c1e-0000-4000-8000-0000000000aa',
  productId: '7b1d5c1e-0000-4000-8000-0000000000bb',
  title: 'Indigo Kaftan',
  size: 'medium',
  color: 'Indigo',
  price: 1_500_00,
  image: null,
  stock: 4,
  quantity: 2,
  available: true,
};
const USER = {
  id: 'u1',
  fname: 'Ada',
  lname: 'Obi',
  email: 'ada@example.com',
  phone: '0803',
  address: '1 Marina',
  city: 'Lagos',
  state: 'Lagos',
  country: 'Nigeria',
};

/** Whether the stand-in API answers as a signed-in shopper. */
let signedIn = true;
beforeAll(() =>
  setTransport(async (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    switch (url.pathname) {
      case '/api/banners':
        return json([]);
      case '/api/settings':
        return json(DEFAULT_STORE_SETTINGS);
      case '/api/cart':
        return json({ lines: [LINE], count: 2, subtotal: 3_000_00 });
      case '/api/auth/me':
        return signedIn ? json({ user: USER }) : json({ msg: 'Please sign in' }, 401);
      case '/api/orders/mine':
        return signedIn ? json([]) : json({ msg: 'Please sign in' }, 401);
      default:
        return json({ msg: 'Not found' }, 404);
    }
  }),
);

const own = async (url: string, asSignedIn = true) => {
  signedIn = asSignedIn;
  const page = await render(url, { origin: ORIGIN, own: { csrf: 'the-token' } });
  if (!page) throw new Error(`${url} was not rendered`);
  return page;
};

describe("a shopper's own pages, rendered on the server", () => {
  it('checkout: a form posting to /checkout with her token and her address; signed out, a way to sign in first', async () => {
    const page = await own('/checkout');
    expect(page.html).toContain('action="/checkout"');
    expect(page.html).toContain('name="_csrf" value="the-token"');
    expect(page.html).toContain('value="1 Marina"');
    expect(page.html).toContain('Card payment needs JavaScript');
    const signedOut = await own('/checkout', false);
    expect(signedOut.html).toContain('Sign in to check out');
    expect(signedOut.html).toContain('href="/signin?back=%2Fcheckout"');
    expect(signedOut.html).not.toContain('action="/checkout"');
  });

  it('cart: each line with a quantity form (POST /cart/update) and a remove form (POST /cart/remove) coming back to /cart', async () => {
    const page = await own('/cart');
    expect(page.html).toContain('action="/cart/update"');
    expect(page.html).toContain('action="/cart/remove"');
    expect(page.html.match(new RegExp(`name="variantId" value="${LINE.variantId}"`, 'g'))).toHaveLength(2);
    expect(page.html).toMatch(/name="quantity"[^>]*value="2"|value="2"[^>]*name="quantity"/);
    expect(page.html).toContain('href="/checkout"');
    expect(page.html).toContain('₦3,000.00');
  });

  it('sign-in: a form posting to /signin with her token and the page to go back to', async () => {
    const page = await own('/signin?back=%2Fcheckout', false);
    expect(page.html).toContain('action="/signin"');
    expect(page.html).toContain('name="_csrf" value="the-token"');
    expect(page.html).toContain('name="back" value="/checkout"');
    // Another site is never where she is sent back to.
    expect((await own('/signin?back=%2F%2Fevil.example', false)).html).toContain('name="back" value="/"');
  });

  it('orders: a way to sign in when the API refuses her; an order that is not hers is Not Found (404)', async () => {
    const signedOut = await own('/orders', false);
    expect(signedOut.status).toBe(200);
    expect(signedOut.html).toContain('href="/signin?back=%2Forders"');
    const notHers = await own('/orders/7b1d5c1e-0000-4000-8000-0000000000cc');
    expect(notHers.status).toBe(404);
    expect(notHers.html).toContain('Order not found');
  });

  it("forgot and reset password: forms posting to /forgot-password and /reset-password, the link's token carried", async () => {
    const forgot = await own('/forgot-password', false);
    expect(forgot.html).toContain('action="/forgot-password"');
    expect(forgot.html).toContain('name="_csrf" value="the-token"');
    const reset = await own('/reset-password?token=abc123abc123abc123abc123', false);
    expect(reset.html).toContain('action="/reset-password"');
    expect(reset.html).toContain('name="token" value="abc123abc123abc123abc123"');
    expect(reset.html).toContain('name="password"');
    expect(reset.html).toContain('name="confirmPassword"');
  });
});
