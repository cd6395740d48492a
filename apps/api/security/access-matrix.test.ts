/**
 * Who may call what: every operation of the OpenAPI document × {anonymous, a shopper, another
 * shopper, a member of each role template (Owner, Manager, Cashier, Fulfilment, Content
 * editor)}. What each caller should get is read from the operation's own `x-permission` (the
 * route's `config.access`, plugins/openapi.ts), so a route is checked the day it lands, and an
 * operation that declares nothing fails the test:
 * - `public`: nobody is refused (no 401 or 403).
 * - `signed-in`: anonymous 401; every signed-in caller passes (anything but 401/403).
 * - `owner-of-resource`: anonymous 401. Where the path names a resource of the first shopper
 *   (RESOURCES below) she passes (anything but 401/403/404) and another shopper gets 404, not
 *   403, so ids do not leak. Staff pass when their role has the permission with which the
 *   handler reads anyone's (orders, and an order by its payment reference: `orders.read`,
 *   orders/queries.ts viewerOf), and get 404 otherwise, like another shopper: the guard lets
 *   every signed-in caller in, and only the lookup knows whose the resource is, so it answers
 *   "not found" rather than telling a stranger the id exists. Cancelling one's own order looks
 *   only among the caller's orders (staff cancel through PATCH …/status): staff get 404 there.
 *   A path that names no resource the suite knows (a route added since) gets a random id:
 *   anonymous 401, anyone else anything but 401/403.
 * - a permission, or a list of them any one of which admits: anonymous 401; shoppers and the
 *   templates without it 403 `{msg: "You don't have permission to <sentence>", permission}`
 *   naming it (the first of a list); the templates with it pass (a 404 for a random id, a 400
 *   for the missing body are passes).
 * A route the handler scopes to the caller while declaring `signed-in` (one's own address) is
 * held to the owner rule through RESOURCES too. What `x-permission` cannot say is in small
 * tables: the `stock` filter of the public product lists (EXTRA), Paystack's webhook (public,
 * yet refused without the provider's signature whoever calls: SIGNED), the signed-in routes
 * that are for staff only (two-factor sign-in: STAFF_ONLY, shoppers 403), and the routes whose
 * handler needs a narrower permission for some bodies (BY_BODY: cancelling through the status
 * change, the bank account among the settings, a product's prices and stock).
 *
 * Requests carry no body (but where an owner route validates one before its lookup): the
 * token is checked before the body is validated (onRequest), so anonymous gets 401, never a
 * 400 that says what the route expects. No answer may be a 5xx.
 */
import {
  isPermission,
  type Permission,
  type ProductDetail,
  permissionRefusal,
  ROLE_TEMPLATES,
  type RoleTemplate,
  TEMPLATE_ROLES,
} from '@shop/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../test/helpers.ts';
import {
  ADDRESS,
  buildWorld,
  type Caller,
  fingerprint,
  headersFor,
  type Operation,
  operations,
  pathWithIds,
  type World,
} from './support.ts';

type Declared = 'public' | 'signed-in' | 'owner-of-resource' | readonly Permission[];

/**
 * The route's declaration as the document carries it; undefined when it has none (or a word
 * nobody knows). `till` (a till's device token, or a member with pos.sell naming the till:
 * pos/till-auth.ts) is, for the callers here, who all sign in as members, pos.sell; what a
 * device token reaches is in pos/catalogue.test.ts.
 */
function declared(value: unknown): Declared | undefined {
  if (value === 'till') return ['pos.sell'];
  if (value === 'public' || value === 'signed-in' || value === 'owner-of-resource') return value;
  const list = typeof value === 'string' ? [value] : Array.isArray(value) ? (value as unknown[]) : [];
  if (list.length === 0 || !list.every((p) => typeof p === 'string' && isPermission(p))) return undefined;
  return list as Permission[];
}

/**
 * Resources of the first shopper a path names, and the permission with which staff read
 * anyone's (null: nobody's but the caller's own). The first that matches counts.
 */
const RESOURCES: [RegExp, Permission | null][] = [
  // orders/lifecycle.ts cancelByShopper: only among the caller's own orders.
  [/^\/api\/orders\/\{id\}\/cancel$/, null],
  [/^\/api\/orders\/\{id\}/, 'orders.read'],
  // An order by its payment reference: checkout's verify, the sandbox's checkout.
  [/\{reference\}/, 'orders.read'],
  // account/: every query is scoped to the caller, staff included.
  [/^\/api\/account\/addresses\/\{id\}$/, null],
];

/** Public in the document, yet no token helps: without the provider's signature → 401. */
const SIGNED = new Set(['POST /api/payments/paystack/webhook']);

/**
 * `signed-in`, yet for the shop's team only: the handler refuses a shopper with 403 (no
 * permission names "staff"). Staff pass as the declaration says.
 */
const STAFF_ONLY = new Set(['POST /api/auth/2fa/setup']);

/** Query strings that make a public route a guarded one (stock levels are the shop's business). */
const EXTRA: { key: string; url: string; access: Declared }[] = [
  { key: 'GET /api/products?stock=low', url: '/api/products?stock=low', access: ['catalog.read'] },
  { key: 'GET /api/products/facets?stock=low', url: '/api/products/facets?stock=low', access: ['catalog.read'] },
];

/** Owner routes that validate a body before they look the resource up: a valid one, so the lookup answers. */
const BODIES: Record<string, object> = {
  'PUT /api/account/addresses/{id}': ADDRESS,
  'POST /api/payments/sandbox/{reference}/pay': { card: '4000 0000 0000 0002' },
};

const CALLERS: Caller[] = ['anonymous', 'shopper', 'other', ...ROLE_TEMPLATES];

/** What a caller should get: 'pass' anything but 401/403, 'found' also not 404, a status, or a refusal naming one of the permissions. */
type Want = 'pass' | 'found' | 401 | 403 | 404 | { refused: readonly Permission[] };

let world: World;
let ops: Operation[];
beforeAll(async () => {
  world = await buildWorld();
  ops = operations(world.app);
});
afterAll(() => world?.ctx.close());

/** Whether the caller's role has the permission, as their sign-in answered it. */
function may(caller: Caller, permission: Permission): boolean {
  if (!(ROLE_TEMPLATES as readonly string[]).includes(caller)) return false;
  return world.staff[caller as RoleTemplate].user.permissions.includes(permission);
}

function want(access: Declared, caller: Caller, path: string): Want {
  if (access === 'public') return 'pass';
  if (caller === 'anonymous') return 401;
  if (access === 'signed-in' || access === 'owner-of-resource') {
    const resource = RESOURCES.find(([re]) => re.test(path));
    if (!resource) return 'pass';
    if (caller === 'shopper') return 'found';
    if (caller === 'other') return 404;
    return resource[1] !== null && may(caller, resource[1]) ? 'found' : 404;
  }
  return access.some((p) => may(caller, p)) ? 'pass' : { refused: access };
}

/** Why the answer is not what the rule wants; undefined when it is. */
function mismatch(expected: Want, status: number, body: string): string | undefined {
  if (status >= 500) return 'a 5xx';
  if (expected === 'pass') return status === 401 || status === 403 ? 'want anything but 401/403' : undefined;
  if (expected === 'found') return [401, 403, 404].includes(status) ? 'want anything but 401/403/404' : undefined;
  if (typeof expected === 'number') return status === expected ? undefined : `want ${expected}`;
  if (status !== 403) return `want 403 naming ${expected.refused.join(' or ')}`;
  const json = JSON.parse(body) as { permission?: string };
  const named = expected.refused.find((p) => p === json.permission);
  const refusal = named && { msg: permissionRefusal(named), permission: named };
  return refusal && JSON.stringify(json) === JSON.stringify(refusal)
    ? undefined
    : `want {msg: "You don't have permission to …", permission: ${expected.refused.join(' | ')}}`;
}

/** Deletes after the rest, so what the others use is still there; ending sessions after them; signing out last. */
function rank(o: Operation): number {
  if (o.path.endsWith('/logout')) return 3;
  if (o.method === 'DELETE' && o.path.includes('/sessions')) return 2;
  return o.method === 'DELETE' ? 1 : 0;
}

describe('the access matrix', () => {
  it('finds who may call every operation in its x-permission', () => {
    const undeclared = ops
      .filter((o) => declared(o.op['x-permission']) === undefined)
      .map((o) => `${o.key}: x-permission ${JSON.stringify(o.op['x-permission'] ?? null)}`);
    expect(undeclared).toEqual([]);
    expect(ops.length).toBeGreaterThan(90);
  });

  it('keeps its own tables to routes that exist', () => {
    const keys = new Set(ops.map((o) => o.key));
    const stale = [...SIGNED, ...STAFF_ONLY, ...Object.keys(BODIES), ...BY_BODY.map((c) => c.route)].filter(
      (key) => !keys.has(key),
    );
    expect(stale).toEqual([]);
    for (const [re] of RESOURCES) expect(ops.some((o) => re.test(o.path))).toBe(true);
  });

  it('documents a bearer token on exactly the routes that are not public', () => {
    const wrong = ops
      .filter((o) => (declared(o.op['x-permission']) !== 'public') !== (o.op.security !== undefined && o.op.security.length > 0))
      .map(
        (o) =>
          `${o.key}: x-permission ${JSON.stringify(o.op['x-permission'])}, security ${JSON.stringify(o.op.security ?? null)}`,
      );
    expect(wrong).toEqual([]);
  });

  it('refuses a narrower permission by what the body asks (BY_BODY), and changes nothing', async () => {
    const failures: string[] = [];
    for (const c of BY_BODY) {
      const before = await c.state(world);
      const res = await world.app.inject({ ...(await c.request(world)), headers: bearer(world.staff[c.caller].accessToken) });
      const problem =
        c.permission === undefined
          ? res.statusCode === 200
            ? undefined
            : 'want 200'
          : mismatch({ refused: [c.permission] }, res.statusCode, res.body);
      if (problem) failures.push(`${c.name} as ${c.caller}: got ${res.statusCode}, ${problem}: ${res.body.slice(0, 160)}`);
      if (c.permission !== undefined && JSON.stringify(await c.state(world)) !== JSON.stringify(before)) {
        failures.push(`${c.name} as ${c.caller}: refused, yet something changed`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers each caller as the route declares (401 anonymous, 403 naming the permission, 404 for what is not theirs)', async () => {
    const ordered = [...ops].sort((a, b) => rank(a) - rank(b));
    const cases = [
      ...EXTRA.map((e) => ({ key: e.key, method: 'GET', path: e.url, url: e.url, access: e.access })),
      ...ordered.map((o) => ({
        key: o.key,
        method: o.method,
        path: o.path,
        url: pathWithIds(world, o.path),
        access: declared(o.op['x-permission']) ?? 'public',
      })),
    ];
    const failures: string[] = [];
    let checked = 0;
    for (const c of cases) {
      for (const caller of CALLERS) {
        const res = await world.app.inject({
          method: c.method as 'GET',
          url: c.url,
          headers: headersFor(world, caller),
          ...(BODIES[c.key] && { payload: BODIES[c.key] }),
        });
        checked += 1;
        const shopper = caller === 'shopper' || caller === 'other';
        const expected: Want = SIGNED.has(c.key) ? 401 : STAFF_ONLY.has(c.key) && shopper ? 403 : want(c.access, caller, c.path);
        const problem = mismatch(expected, res.statusCode, res.body);
        if (problem) {
          failures.push(
            `${c.key} as ${caller} (${JSON.stringify(c.access)}): got ${res.statusCode}, ${problem}: ${res.body.slice(0, 120)}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBe(cases.length * CALLERS.length);
  });
});

// ── Narrower permissions by body ────────────────────────────────────────────────────────

interface ByBody {
  name: string;
  /** The operation, as the document names it. */
  route: string;
  caller: RoleTemplate;
  request: (world: World) => Promise<InjectOptions> | InjectOptions;
  /** The permission the refusal names; undefined: the request is allowed (200). */
  permission?: Permission;
  /** What a refusal must leave as it was. */
  state: (world: World) => Promise<unknown>;
}

const asOwner = (w: World, url: string) =>
  w.app.inject({ method: 'GET', url, headers: bearer(w.staff.owner.accessToken) }).then((r) => r.json() as unknown);

/** A save of the product's variants as the back office's editor sends it back, each changed by `edit`. */
function variantsSave(edit: (variant: Record<string, unknown>) => object) {
  return async (w: World): Promise<InjectOptions> => {
    const { variants } = (await asOwner(w, `/api/products/${w.ids.product}`)) as ProductDetail;
    const asRead = variants.map((v) => {
      const { id, sku, size, color, counter } = v;
      return { id, sku, size, color, counter, price: v.priceOverride, discount: v.discountOverride };
    });
    return { method: 'PUT', url: `/api/products/${w.ids.product}/variants`, payload: { variants: asRead.map(edit) } };
  };
}

const BY_BODY: ByBody[] = [
  {
    name: 'cancelling through the status change',
    route: 'PATCH /api/orders/{id}/status',
    caller: 'fulfilment',
    permission: 'orders.cancel',
    request: (w) => ({ method: 'PATCH', url: `/api/orders/${w.ids.order}/status`, payload: { status: 'cancelled' } }),
    state: (w) => asOwner(w, `/api/orders/${w.ids.order}`),
  },
  {
    name: "changing the shop's bank account",
    route: 'PUT /api/settings',
    caller: 'manager',
    permission: 'settings.payments',
    request: () => ({ method: 'PUT', url: '/api/settings', payload: { bankAccountNumber: '2012345678' } }),
    state: (w) => asOwner(w, '/api/settings'),
  },
  {
    name: "changing a product's price",
    route: 'PUT /api/products/{id}',
    caller: 'content_editor',
    permission: 'catalog.prices',
    request: (w) => ({ method: 'PUT', url: `/api/products/${w.ids.product}`, payload: { title: 'Renamed', price: 1 } }),
    state: fingerprint,
  },
  {
    name: "changing a product's stock",
    route: 'PUT /api/products/{id}',
    caller: 'content_editor',
    permission: 'stock.adjust',
    request: (w) => ({ method: 'PUT', url: `/api/products/${w.ids.product}`, payload: { title: 'Renamed', counter: 7 } }),
    state: fingerprint,
  },
  {
    name: "changing a variant's price",
    route: 'PUT /api/products/{id}/variants',
    caller: 'fulfilment',
    permission: 'catalog.prices',
    request: variantsSave((v) => ({ ...v, price: 12_345 })),
    state: fingerprint,
  },
  {
    name: "changing a variant's SKU",
    route: 'PUT /api/products/{id}/variants',
    caller: 'fulfilment',
    permission: 'catalog.write',
    request: variantsSave((v) => ({ ...v, sku: `${v.sku}-X` })),
    state: fingerprint,
  },
  // Last: it changes the stock.
  {
    name: "changing only a variant's stock",
    route: 'PUT /api/products/{id}/variants',
    caller: 'fulfilment',
    request: variantsSave((v) => ({ ...v, counter: Number(v.counter) + 5 })),
    state: fingerprint,
  },
];

// The templates the cases rely on still lack (or hold) what the cases say.
describe('the templates the BY_BODY cases rely on', () => {
  it('lack the permissions the refusals name', () => {
    for (const c of BY_BODY) {
      if (c.permission) expect(TEMPLATE_ROLES[c.caller].permissions, `${c.name}`).not.toContain(c.permission);
    }
  });
});
