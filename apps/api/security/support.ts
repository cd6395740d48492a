/**
 * What the security tests share: one app with a small shop in it (a product, each taxonomy
 * kind, a paid order of a shopper, an address, a coupon, a zone, a banner, a post, a
 * customer, a message), the callers (anonymous, two shoppers, an admin who is an Owner, and
 * a member of each role template), the routes of the OpenAPI document, and a fingerprint of
 * the money and stock tables.
 */
import { randomUUID } from 'node:crypto';
import { ROLE_TEMPLATES, type RoleTemplate } from '@shop/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { insertProduct } from '../test/fixtures.ts';
import { bearer, createAdmin, createStaff, createTestApp, registerShopper, type TestContext } from '../test/helpers.ts';

export const ADDRESS = {
  name: 'Chioma Eze',
  phone: '+2348030000000',
  address: '5 Awolowo Road',
  city: 'Ikoyi',
  state: 'Lagos Island',
};

/** `admin`: the ADMIN_EMAIL kind of account (an Owner); the templates: a member holding that template's role. */
export type Caller = 'anonymous' | 'shopper' | 'other' | 'admin' | RoleTemplate;
type Staff = Awaited<ReturnType<typeof createStaff>>;

export interface World {
  ctx: TestContext;
  app: FastifyInstance;
  tokens: Record<Exclude<Caller, 'anonymous'>, string>;
  admin: Awaited<ReturnType<typeof createAdmin>>;
  shopper: Awaited<ReturnType<typeof registerShopper>>;
  other: Awaited<ReturnType<typeof registerShopper>>;
  /** A member of each role template, signed in: their permissions as the sign-in answered them. */
  staff: Record<RoleTemplate, Staff>;
  ids: {
    product: string;
    category: string;
    sub: string;
    subsub: string;
    brand: string;
    order: string;
    reference: string;
    address: string;
    coupon: string;
    zone: string;
    banner: string;
    post: string;
    customer: string;
    message: string;
  };
}

export function headersFor(world: World, caller: Caller): InjectOptions['headers'] {
  return caller === 'anonymous' ? {} : bearer(world.tokens[caller]);
}

async function created(app: FastifyInstance, token: string, method: 'POST' | 'PUT', url: string, payload: object) {
  const res = await app.inject({ method, url, headers: bearer(token), payload });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json() as { id: string } & Record<string, unknown>;
}

/** The shop the tests act on. `env` is passed to the app's config. */
export async function buildWorld(env: Record<string, string> = {}): Promise<World> {
  const ctx = await createTestApp(env);
  const { app } = ctx;
  const admin = await createAdmin(ctx);
  const shopper = await registerShopper(app);
  const other = await registerShopper(app);
  const staff = {} as Record<RoleTemplate, Staff>;
  for (const template of ROLE_TEMPLATES) staff[template] = await createStaff(ctx, template);
  const a = admin.accessToken;

  const product = await insertProduct(ctx.database.db, { counter: 1000 });
  const category = await created(app, a, 'POST', '/api/categories/create', { name: `Women ${Date.now()}` });
  const sub = await created(app, a, 'POST', '/api/subs/create', { name: 'Dresses', categoryId: category.id });
  const subsub = await created(app, a, 'POST', '/api/subsubs/create', { name: 'Maxi', subId: sub.id });
  const brand = await created(app, a, 'POST', '/api/brands/create', { name: `Lagos Loom ${Date.now()}` });

  // A paid order of the shopper: a transfer the admin records.
  const checkout = await created(app, shopper.accessToken, 'POST', '/api/checkout', {
    lines: [{ productId: product.id, quantity: 1 }],
  });
  const orderId = String(checkout.orderId);
  await created(app, a, 'POST', `/api/orders/${orderId}/payments`, {
    method: 'transfer',
    amount: Number(checkout.amount) / 100,
  });

  const address = await created(app, shopper.accessToken, 'POST', '/api/account/addresses', ADDRESS);
  const coupon = await created(app, a, 'POST', '/api/coupons', { code: `SEC${Date.now() % 100000}`, type: 'percent', value: 10 });
  const zone = await created(app, a, 'POST', '/api/delivery/zones', { name: 'North', states: ['Kano'] });
  const banner = await created(app, a, 'POST', '/api/banners/create', { title: 'Free delivery in Lagos' });
  const post = await created(app, a, 'POST', '/api/posts/create', { title: 'Caring for adire' });
  const customer = await created(app, a, 'POST', '/api/customers/create', {
    firstName: 'Bola',
    lastName: 'Ade',
    email: `bola-${Date.now()}@example.com`,
  });
  const messages = await ctx.database.db.execute<{ id: string }>(sql`select id from messages limit 1`);
  const message = rows<{ id: string }>(messages)[0]?.id ?? '00000000-0000-4000-8000-000000000000';

  return {
    ctx,
    app,
    admin,
    shopper,
    other,
    staff,
    tokens: {
      shopper: shopper.accessToken,
      other: other.accessToken,
      admin: a,
      ...(Object.fromEntries(ROLE_TEMPLATES.map((t) => [t, staff[t].accessToken])) as Record<RoleTemplate, string>),
    },
    ids: {
      product: product.id,
      category: category.id,
      sub: sub.id,
      subsub: subsub.id,
      brand: brand.id,
      order: orderId,
      reference: String(checkout.reference),
      address: address.id,
      coupon: coupon.id,
      zone: zone.id,
      banner: banner.id,
      post: post.id,
      customer: customer.id,
      message,
    },
  };
}

/**
 * The calling file's own world: built before its tests (beforeAll) and closed after them
 * (afterAll). Returns the getter the tests read it with.
 */
export function fileWorld(): () => World {
  let world: World | undefined;
  beforeAll(async () => {
    world = await buildWorld();
  });
  afterAll(() => world?.ctx.close());
  return () => {
    if (!world) throw new Error('the world is built in beforeAll: read it in a test');
    return world;
  };
}

/** Rows of db.execute on either driver (PGlite answers {rows}, node-postgres too; some versions an array). */
export function rows<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);
}

/**
 * The id that fills a path parameter, by the path it is in: the shop's own resource where
 * the path names one, else a random uuid (a route added since: whoever may call it gets its
 * 404, whoever may not its 401 or 403).
 */
export function pathWithIds(world: World, path: string): string {
  const { ids } = world;
  const byPrefix: [RegExp, string][] = [
    [/^\/api\/categories\//, ids.category],
    [/^\/api\/subs\//, ids.sub],
    [/^\/api\/subsubs\//, ids.subsub],
    [/^\/api\/brands\//, ids.brand],
    [/^\/api\/products\//, ids.product],
    [/^\/api\/reviews\//, ids.product],
    [/^\/api\/delivery\/zones\//, ids.zone],
    [/^\/api\/coupons\//, ids.coupon],
    [/^\/api\/account\/addresses\//, ids.address],
    [/^\/api\/orders\//, ids.order],
    [/^\/api\/purchases\//, ids.order],
    [/^\/api\/banners\//, ids.banner],
    [/^\/api\/posts\//, ids.post],
    [/^\/api\/messages\//, ids.message],
  ];
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (name === 'reference') return ids.reference;
    return byPrefix.find(([re]) => re.test(path))?.[1] ?? randomUUID();
  });
}

export interface Operation {
  method: string;
  path: string;
  /** "POST /api/checkout" */
  key: string;
  op: OpenApiOperation;
}

export interface OpenApiOperation {
  security?: unknown[];
  /** Who may call it (plugins/openapi.ts): a permission, a list any of which admits, public, signed-in or owner-of-resource. */
  'x-permission'?: unknown;
  consumes?: string[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
}

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  pattern?: string;
  default?: unknown;
  additionalProperties?: boolean | JsonSchema;
};

/** Every operation of the OpenAPI document the app serves. */
export function operations(app: FastifyInstance): Operation[] {
  const doc = app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> };
  const list: Operation[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const m = method.toUpperCase();
      list.push({ method: m, path, key: `${m} ${path}`, op });
    }
  }
  return list;
}

/**
 * The money, stock and catalogue tables in one cheap query (a fuzz run takes thousands of
 * them): row counts, and the sums and hashes of the columns that hold money, stock and
 * states. A refused write must leave it unchanged. (Users and messages are left out: a
 * refused sign-in may count an attempt.)
 */
export const FINGERPRINT: Record<string, string> = {
  orders: `count(*) || ':' || coalesce(sum(total), 0) || ':' || coalesce(sum(amount_paid), 0) || ':' || coalesce(sum(amount_refunded), 0) || ':' || md5(coalesce(string_agg(status || payment_status, ',' order by id), ''))`,
  order_lines: `count(*) || ':' || coalesce(sum(quantity), 0) || ':' || coalesce(sum(restocked_quantity), 0)`,
  order_payments: `count(*) || ':' || coalesce(sum(amount), 0)`,
  order_refunds: `count(*) || ':' || coalesce(sum(amount), 0)`,
  products: `count(*) || ':' || coalesce(sum(price), 0) || ':' || coalesce(sum(discount), 0) || ':' || coalesce(sum(counter), 0) || ':' || coalesce(sum(rating_count), 0) || ':' || md5(coalesce(string_agg(title, ',' order by id), ''))`,
  product_variants: `count(*) || ':' || coalesce(sum(counter), 0) || ':' || coalesce(sum(price), 0) || ':' || md5(coalesce(string_agg(sku, ',' order by id), ''))`,
  coupons: `count(*) || ':' || coalesce(sum(value), 0) || ':' || coalesce(sum(min_subtotal), 0) || ':' || md5(coalesce(string_agg(code || active, ',' order by id), ''))`,
  coupon_redemptions: `count(*)`,
  payment_events: `count(*)`,
  reviews: `count(*)`,
  addresses: `count(*) || ':' || md5(coalesce(string_agg(address || city || state, ',' order by id), ''))`,
  delivery_zones: `count(*) || ':' || md5(coalesce(string_agg(name, ',' order by id), ''))`,
  delivery_methods: `count(*) || ':' || coalesce(sum(fee), 0)`,
  banners: `count(*) || ':' || md5(coalesce(string_agg(title, ',' order by id), ''))`,
  posts: `count(*) || ':' || md5(coalesce(string_agg(title, ',' order by id), ''))`,
  customers: `count(*)`,
  categories: `count(*) || ':' || md5(coalesce(string_agg(name, ',' order by id), ''))`,
  subs: `count(*) || ':' || md5(coalesce(string_agg(name, ',' order by id), ''))`,
  subsubs: `count(*) || ':' || md5(coalesce(string_agg(name, ',' order by id), ''))`,
  brands: `count(*) || ':' || md5(coalesce(string_agg(name, ',' order by id), ''))`,
};

const fingerprintQuery = sql.raw(
  `select ${Object.entries(FINGERPRINT)
    .map(([table, expression]) => `(select ${expression} from ${table}) as "${table}"`)
    .join(', ')}`,
);

export async function fingerprint(world: World): Promise<Record<string, string>> {
  const result = await world.ctx.database.db.execute<Record<string, string>>(fingerprintQuery);
  return rows<Record<string, string>>(result)[0] ?? {};
}

/**
 * Where the database's write-ahead log is: it moves on any write, so an unchanged position
 * spares the fingerprint (a moved one may still be a change elsewhere, e.g. a counted sign-in).
 * The insert position, not the written one (pg_current_wal_lsn): the tests' databases commit
 * without waiting for the disk (test/helpers.ts), so a commit's record may not be written yet.
 */
export async function walPosition(world: World): Promise<string> {
  const result = await world.ctx.database.db.execute<{ lsn: string }>(sql`select pg_current_wal_insert_lsn()::text as lsn`);
  return rows<{ lsn: string }>(result)[0]?.lsn ?? '';
}

/** The tables that differ between two fingerprints. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys(FINGERPRINT).filter((t) => before[t] !== after[t]);
}
