/**
 * Who may call what: every operation of the OpenAPI document × {anonymous, a shopper,
 * another shopper, an admin}. The rule of each route is written down in ACCESS below; a
 * route the document has and the table does not fails the test, so a new route cannot ship
 * without someone deciding who may call it.
 *
 * Rules (the server enforces every access rule, whatever a screen shows; orders/routes.ts
 * "404 otherwise, so ids do not leak"):
 * - public: nobody is refused with 401/403.
 * - user: anonymous → 401; a shopper and an admin pass.
 * - owner: like user, on a resource of the first shopper: another shopper → 404 (not 403,
 *   so ids do not leak), the owner passes (not 401/403/404).
 * - admin: anonymous → 401, a shopper → 403, an admin passes.
 * - signed: no token helps; without the provider's signature → 401 (Paystack's webhook).
 * Requests carry no body: for protected routes the token is checked before the body is
 * validated (onRequest), so anonymous gets 401, never a 400 that says what the route expects.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS, buildWorld, type Caller, headersFor, type Operation, operations, pathWithIds, type World } from './support.ts';

type Rule = 'public' | 'user' | 'owner' | 'admin' | 'signed';

const ACCESS: Record<string, Rule> = {
  'POST /api/auth/register': 'public',
  'POST /api/auth/login': 'public',
  'POST /api/auth/adminlogin': 'public',
  'GET /api/auth/me': 'user',
  'PATCH /api/auth/me': 'user',
  'POST /api/auth/password': 'user',
  // Signs every token of the account out: run last (see ordered below).
  'POST /api/auth/logout': 'user',
  'POST /api/auth/forgot': 'public',
  'POST /api/auth/reset': 'public',

  'GET /api/categories': 'public',
  'GET /api/categories/{id}': 'public',
  'PUT /api/categories/{id}': 'admin',
  'DELETE /api/categories/{id}': 'admin',
  'POST /api/categories/create': 'admin',
  'GET /api/subs': 'public',
  'GET /api/subs/{id}': 'public',
  'PUT /api/subs/{id}': 'admin',
  'DELETE /api/subs/{id}': 'admin',
  'POST /api/subs/create': 'admin',
  'GET /api/subsubs': 'public',
  'GET /api/subsubs/{id}': 'public',
  'PUT /api/subsubs/{id}': 'admin',
  'DELETE /api/subsubs/{id}': 'admin',
  'POST /api/subsubs/create': 'admin',
  'GET /api/brands': 'public',
  'GET /api/brands/{id}': 'public',
  'PUT /api/brands/{id}': 'admin',
  'DELETE /api/brands/{id}': 'admin',
  'POST /api/brands/create': 'admin',

  'GET /api/products': 'public',
  'GET /api/products/facets': 'public',
  'GET /api/products/{id}': 'public',
  'PUT /api/products/{id}': 'admin',
  'DELETE /api/products/{id}': 'admin',
  'POST /api/products/create': 'admin',
  'PUT /api/products/{id}/variants': 'admin',
  'GET /api/products.csv': 'admin',
  'POST /api/products/import': 'admin',
  'GET /api/search/suggest': 'public',
  'GET /api/products/{id}/reviews': 'public',
  'POST /api/reviews/{productId}': 'user',

  'POST /api/checkout/quote': 'user',
  'POST /api/checkout': 'user',
  'POST /api/checkout/{reference}/verify': 'owner',
  'POST /api/payments/paystack/webhook': 'signed',
  'GET /api/payments/sandbox/{reference}': 'owner',
  'POST /api/payments/sandbox/{reference}/pay': 'owner',

  'GET /api/delivery/zones': 'public',
  'POST /api/delivery/zones': 'admin',
  'GET /api/delivery/zones/all': 'admin',
  'PUT /api/delivery/zones/{id}': 'admin',
  'DELETE /api/delivery/zones/{id}': 'admin',
  'GET /api/coupons': 'admin',
  'POST /api/coupons': 'admin',
  'PUT /api/coupons/{id}': 'admin',
  'DELETE /api/coupons/{id}': 'admin',

  'GET /api/account/addresses': 'user',
  'POST /api/account/addresses': 'user',
  'PUT /api/account/addresses/{id}': 'owner',
  'DELETE /api/account/addresses/{id}': 'owner',

  'GET /api/orders/mine': 'user',
  'GET /api/orders/{id}': 'owner',
  'POST /api/orders/{id}/cancel': 'owner',
  'PATCH /api/orders/{id}/status': 'admin',
  'POST /api/orders/{id}/confirm': 'admin',
  'POST /api/orders/{id}/refused': 'admin',
  'POST /api/orders/{id}/payments': 'admin',
  'POST /api/orders/{id}/refunds': 'admin',

  'GET /api/purchases': 'admin',
  'GET /api/purchases.csv': 'admin',
  'GET /api/purchases/{id}': 'admin',
  'DELETE /api/purchases/{id}': 'admin',
  'POST /api/purchases/{id}/restore': 'admin',
  'POST /api/purchases/create': 'user',
  'POST /api/pos/orders': 'admin',
  'GET /api/admin/stats': 'admin',
  'GET /api/admin/audit': 'admin',

  'GET /api/banners': 'public',
  'GET /api/banners/all': 'admin',
  'POST /api/banners/create': 'admin',
  'PUT /api/banners/{id}': 'admin',
  'DELETE /api/banners/{id}': 'admin',
  'GET /api/posts': 'public',
  'GET /api/posts/{id}': 'public',
  'PUT /api/posts/{id}': 'admin',
  'DELETE /api/posts/{id}': 'admin',
  'POST /api/posts/create': 'admin',
  'GET /api/settings': 'public',
  'PUT /api/settings': 'admin',
  'GET /api/customers': 'admin',
  'POST /api/customers/create': 'admin',
  'GET /api/users': 'admin',
  'GET /api/users/countries': 'admin',
  'GET /api/permissions': 'user',
  'GET /api/messages': 'admin',
  'GET /api/messages/{id}': 'admin',
  'POST /api/messages/{id}/resend': 'admin',
};

/** Query strings that make a public route an admin one (the stock filter: the shop's business). */
const EXTRA: { key: string; url: string; rule: Rule }[] = [
  { key: 'GET /api/products/?stock=low', url: '/api/products?stock=low', rule: 'admin' },
  { key: 'GET /api/products/facets?stock=low', url: '/api/products/facets?stock=low', rule: 'admin' },
];

const CALLERS: Caller[] = ['anonymous', 'other', 'shopper', 'admin'];

/** What each caller may get under each rule; undefined: anything but 401/403 (and never 5xx). */
function expected(rule: Rule, caller: Caller): number | undefined {
  if (rule === 'public') return undefined;
  if (rule === 'signed') return 401;
  if (caller === 'anonymous') return 401;
  if (rule === 'admin' && (caller === 'shopper' || caller === 'other')) return 403;
  if (rule === 'owner' && caller === 'other') return 404;
  return undefined;
}

let world: World;
let ops: Operation[];
beforeAll(async () => {
  world = await buildWorld();
  ops = operations(world.app);
});
afterAll(() => world?.ctx.close());

describe('the access matrix', () => {
  it('has a rule for every route of the OpenAPI document, and none for a route that is gone', () => {
    const missing = ops.filter((o) => !(o.key in ACCESS)).map((o) => `new route without an access rule: ${o.key}`);
    const stale = Object.keys(ACCESS)
      .filter((key) => !ops.some((o) => o.key === key))
      .map((key) => `access rule for a route that does not exist: ${key}`);
    expect([...missing, ...stale]).toEqual([]);
  });

  it('documents a bearer token on exactly the protected routes', () => {
    const wrong = ops
      .filter((o) => o.key in ACCESS)
      .filter((o) => {
        const bearerToken = ACCESS[o.key] !== 'public' && ACCESS[o.key] !== 'signed';
        return bearerToken !== (o.op.security !== undefined && o.op.security.length > 0);
      })
      .map((o) => `${o.key}: rule ${ACCESS[o.key]}, OpenAPI security ${JSON.stringify(o.op.security ?? null)}`);
    expect(wrong).toEqual([]);
  });

  it('answers each caller as the rule says (401 anonymous, 403 shopper on admin routes, 404 for another shopper’s order)', async () => {
    // Deletes last, so the resources the other routes use are still there; signing out after them.
    const rank = (o: Operation) => (o.key === 'POST /api/auth/logout' ? 2 : o.method === 'DELETE' ? 1 : 0);
    const ordered = [...ops].sort((a, b) => rank(a) - rank(b));
    const cases = [
      ...EXTRA.map((e) => ({ key: e.key, method: 'GET', url: e.url, rule: e.rule })),
      ...ordered
        .filter((o) => o.key in ACCESS)
        .map((o) => ({ key: o.key, method: o.method, url: pathWithIds(world, o.path), rule: ACCESS[o.key]! })),
    ];
    // Owner routes that read a body validate it before they look the resource up: a valid one,
    // so another shopper reaches the lookup (and its 404).
    const bodies: Record<string, object> = {
      'PUT /api/account/addresses/{id}': ADDRESS,
      'POST /api/payments/sandbox/{reference}/pay': { card: '4000 0000 0000 0002' },
    };
    const failures: string[] = [];
    let checked = 0;
    for (const c of cases) {
      for (const caller of CALLERS) {
        const res = await world.app.inject({
          method: c.method as 'GET',
          url: c.url,
          headers: headersFor(world, caller),
          ...(bodies[c.key] && { payload: bodies[c.key] }),
        });
        checked += 1;
        const want = expected(c.rule, caller);
        const status = res.statusCode;
        const ok =
          status < 500 &&
          (want !== undefined
            ? status === want
            : status !== 401 && status !== 403 && !(c.rule === 'owner' && caller === 'shopper' && status === 404));
        if (!ok) {
          failures.push(
            `${c.key} as ${caller} (${c.rule}): got ${status}${want ? `, want ${want}` : ', want not 401/403'} ${res.body.slice(0, 120)}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(4 * 90);
  });
});
