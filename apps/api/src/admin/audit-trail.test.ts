/** Reading the trail: its filters and pages, its CSV, and an order's and a product's history. */
import type { InjectOptions } from 'fastify';
import { parse } from 'csv-parse/sync';
import { auditTime } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema/index.ts';
import { insertProduct } from '../../test/fixtures.ts';
import { bearer, createStaff, createTestApp, registerShopper, type TestContext } from '../../test/helpers.ts';

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof createStaff>>;
let admin: InjectOptions['headers'];
let shopper: Awaited<ReturnType<typeof registerShopper>>;

/** Entries of this file's own, at chosen times (inserting is all the trail allows). */
const ENTITY = 'trail-test';
beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createStaff(ctx, 'owner');
  admin = bearer(owner.accessToken);
  shopper = await registerShopper(ctx.app);
  const other = await createStaff(ctx, 'manager');
  const entry = (createdAt: string, values: Partial<typeof auditLog.$inferInsert> = {}) => ({
    actorId: owner.user.id,
    actorEmail: owner.email,
    actorName: 'Owner Staff',
    actorRole: 'Owner',
    action: 'coupon.created',
    entity: ENTITY,
    entityId: 'a',
    after: { code: 'WELCOME10' },
    createdAt: new Date(createdAt),
    ...values,
  });
  await ctx.database.db.insert(auditLog).values([
    // 22:59:59 UTC is 23:59:59 on 1 March in Lagos; 23:00 UTC is already 2 March there.
    entry('2025-03-01T22:59:59Z'),
    entry('2025-03-01T23:00:00Z', { entityId: 'b' }),
    entry('2025-03-02T22:59:59Z', { action: 'coupon.deleted', before: { code: 'OLD' }, after: null }),
    entry('2025-03-02T23:00:00Z', { actorId: other.user.id, actorEmail: other.email, actorName: 'Manager Staff' }),
    entry('2025-03-03T12:00:00Z', {
      entityId: 'c',
      // A name a spreadsheet would run as a formula.
      actorName: '=HYPERLINK("http://evil.example","Ada")',
      userAgent: '@SUM(1+1)',
    }),
  ]);
});
afterAll(() => ctx.close());

interface EntryJson {
  id: string;
  action: string;
  entityId: string | null;
  actorId: string | null;
  change: string;
  createdAt: string;
}

const get = (url: string, headers = admin) => ctx.app.inject({ method: 'GET', url, headers });
async function list(query: string) {
  const res = await get(`/api/admin/audit?entity=${ENTITY}&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return { items: res.json() as EntryJson[], total: Number(res.headers['x-total-count']) };
}
const createdAts = (items: EntryJson[]) => items.map((e) => e.createdAt);

describe('GET /api/admin/audit filters', () => {
  it('newest first, the total of every match in X-Total-Count, each entry in words', async () => {
    const { items, total } = await list('limit=2');
    expect(total).toBe(5);
    expect(createdAts(items)).toEqual(['2025-03-03T12:00:00.000Z', '2025-03-02T23:00:00.000Z']);
    expect(items[0]!.change).toBe('created the coupon “WELCOME10”');
  });

  it('by staff member, action and entity id', async () => {
    const other = (await list('')).items.find((e) => e.actorId !== owner.user.id)!;
    expect((await list(`staffId=${other.actorId}`)).items.map((e) => e.id)).toEqual([other.id]);
    expect(createdAts((await list('action=coupon.deleted')).items)).toEqual(['2025-03-02T22:59:59.000Z']);
    expect((await list('entityId=b')).total).toBe(1);
  });

  it('from and to are Lagos days, both included', async () => {
    expect(createdAts((await list('from=2025-03-02&to=2025-03-02')).items)).toEqual([
      '2025-03-02T22:59:59.000Z',
      '2025-03-01T23:00:00.000Z',
    ]);
    expect(createdAts((await list('to=2025-03-01')).items)).toEqual(['2025-03-01T22:59:59.000Z']);
    expect((await list('from=2025-03-03')).total).toBe(2);
  });

  it('pages at any offset, up to 200 at a time; bad filters are 400', async () => {
    const far = await list('offset=5000000&limit=200');
    expect(far).toEqual({ items: [], total: 5 });
    for (const query of [
      'limit=201',
      'limit=0',
      'offset=-1',
      'from=2025-03-02&to=2025-03-01',
      'staffId=nobody',
      'from=yesterday',
    ]) {
      const res = await get(`/api/admin/audit?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
  });
});

describe('GET /api/admin/audit.csv', () => {
  it('the same filter as the list, newest first, Lagos times, safe to open in a spreadsheet', async () => {
    const res = await get(`/api/admin/audit.csv?entity=${ENTITY}&from=2025-03-02`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="audit.csv"');
    const rows = parse(res.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r['time (Lagos)'])).toEqual([
      '2025-03-03 13:00:00',
      '2025-03-03 00:00:00',
      '2025-03-02 23:59:59',
      '2025-03-02 00:00:00',
    ]);
    expect(rows[0]).toMatchObject({
      staff: `'=HYPERLINK("http://evil.example","Ada")`,
      user_agent: "'@SUM(1+1)",
      action: 'coupon.created',
      what: 'created the coupon “WELCOME10”',
      after: '{"code":"WELCOME10"}',
    });
    expect(rows[2]).toMatchObject({ action: 'coupon.deleted', before: '{"code":"OLD"}', after: '' });
    expect((await get(`/api/admin/audit.csv?from=2025-03-02&to=2025-03-01`)).statusCode).toBe(400);
  });

  it('reads the whole trail in batches: every entry once, whatever its size', async () => {
    const many = Array.from({ length: 1_203 }, (_, i) => ({
      actorId: owner.user.id,
      action: 'banner.created',
      entity: 'csv-batches',
      entityId: String(i),
      // Several entries share a time to the microsecond: the batches still neither repeat nor skip one.
      createdAt: new Date(Date.UTC(2024, 0, 1, 0, 0, Math.floor(i / 3))),
    }));
    await ctx.database.db.insert(auditLog).values(many);
    const res = await get('/api/admin/audit.csv?entity=csv-batches');
    const rows = parse(res.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(1_203);
    expect(new Set(rows.map((r) => r.entity_id)).size).toBe(1_203);
  });
});

describe('history', () => {
  it("an order's: each change in a sentence, who and their role, oldest first", async () => {
    const product = await insertProduct(ctx.database.db, { price: 2_500_000, counter: 5 });
    const order = await ctx.app.orders.create({
      channel: 'web',
      userId: shopper.user.id,
      contact: { email: shopper.email },
      lines: [{ productId: product.id, quantity: 1 }],
      status: 'pending',
    });
    const paid = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/payments`,
      headers: admin,
      payload: { method: 'transfer', amount: 25_000 },
    });
    expect(paid.statusCode).toBe(201);
    const sent = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order.id}/status`,
      headers: admin,
      payload: { status: 'fulfilled' },
    });
    expect(sent.statusCode).toBe(200);

    const res = await get(`/api/orders/${order.id}/history`);
    expect(res.statusCode).toBe(200);
    const history = res.json() as {
      action: string;
      sentence: string;
      change: string;
      actorName: string;
      actorRole: string;
      createdAt: string;
    }[];
    expect(history.map((h) => h.action)).toEqual(['order.payment_recorded', 'order.status_changed']);
    expect(history[0]).toMatchObject({ actorName: 'Owner Staff', actorRole: 'Owner', change: 'recorded ₦25,000 by transfer' });
    expect(history[0]!.sentence).toBe(`Owner Staff (Owner) recorded ₦25,000 by transfer, ${auditTime(history[0]!.createdAt)}`);
    expect(history[1]!.change).toBe('marked the order sent');
  });

  it("a product's: a price change in words", async () => {
    const product = await insertProduct(ctx.database.db, { price: 2_500_000 });
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/products/${product.id}`,
      headers: admin,
      payload: { price: 30_000, title: 'Silk Wrap' },
    });
    const res = await get(`/api/products/${product.id}/history`);
    expect(res.statusCode).toBe(200);
    expect((res.json() as { change: string }[]).map((h) => h.change)).toEqual([
      `renamed it from “${product.title}” to “Silk Wrap”; changed the price from ₦25,000 to ₦30,000`,
    ]);
  });

  it('404 for an unknown or malformed id; 401 anonymous; 403 to a shopper and to a role without the permission', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const url of [
      `/api/orders/${unknown}/history`,
      '/api/orders/nope/history',
      `/api/products/${unknown}/history`,
      '/api/products/nope/history',
    ]) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
    const product = await insertProduct(ctx.database.db);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/products/${product.id}/history` })).statusCode).toBe(401);
    expect((await get(`/api/products/${product.id}/history`, bearer(shopper.accessToken))).statusCode).toBe(403);
    const editor = await createStaff(ctx, 'content_editor');
    const refused = await get(`/api/orders/${unknown}/history`, bearer(editor.accessToken));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ permission: 'orders.read' });
    expect((await get(`/api/products/${product.id}/history`, bearer(editor.accessToken))).statusCode).toBe(200);
  });
});
