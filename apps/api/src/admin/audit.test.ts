import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog } from '../db/schema/index.ts';
import { insertProduct } from '../../test/fixtures.ts';
import { bearer, createAdmin, createTestApp, registerShopper, type TestContext } from '../../test/helpers.ts';
import { recordAudit } from './audit.ts';

let ctx: TestContext;
let adminUser: Awaited<ReturnType<typeof createAdmin>>;
let admin: InjectOptions['headers'];
let shopper: Awaited<ReturnType<typeof registerShopper>>;
beforeAll(async () => {
  ctx = await createTestApp();
  adminUser = await createAdmin(ctx);
  admin = bearer(adminUser.accessToken);
  shopper = await registerShopper(ctx.app);
});
afterAll(() => ctx.close());

interface EntryJson {
  id: string;
  actorId: string | null;
  actorEmail: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  createdAt: string;
}

async function audit(query = '') {
  await ctx.app.audit.flush();
  const res = await ctx.app.inject({ method: 'GET', url: `/api/admin/audit${query}`, headers: admin });
  expect(res.statusCode).toBe(200);
  return { items: res.json() as EntryJson[], total: Number(res.headers['x-total-count']) };
}

async function pendingOrder(quantity = 1) {
  const product = await insertProduct(ctx.database.db, { counter: 10 });
  return ctx.app.orders.create({
    channel: 'web',
    userId: shopper.user.id,
    contact: { email: shopper.email },
    lines: [{ productId: product.id, quantity }],
    status: 'pending',
  });
}

const patchStatus = (id: string, status: string, headers = admin) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/orders/${id}/status`, headers, payload: { status } });

describe('GET /api/admin/audit', () => {
  it('answers 401 without a token and 403 for a shopper', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/audit' })).statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/admin/audit', headers: bearer(shopper.accessToken) })).statusCode,
    ).toBe(403);
  });
});

describe('the audit log', () => {
  it('records an order status change: who, what, and the order before → after', async () => {
    const order = await pendingOrder();
    const res = await patchStatus(order.id, 'cancelled');
    expect(res.statusCode).toBe(200);

    const { items } = await audit('?entity=orders');
    expect(items[0]).toMatchObject({
      actorId: adminUser.user.id,
      actorEmail: adminUser.email,
      action: 'PATCH /api/orders/:id/status',
      entity: 'orders',
      entityId: order.id,
      before: { id: order.id, status: 'pending', allowedTransitions: ['cancelled', 'failed'] },
      after: { id: order.id, status: 'cancelled', allowedTransitions: [] },
      createdAt: expect.any(String),
    });
  });

  it('records archiving a purchase and updating a product, with the state before', async () => {
    const order = await pendingOrder(2);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/purchases/${order.id}`, headers: admin })).statusCode).toBe(200);
    const [archive] = (await audit('?entity=purchases')).items;
    expect(archive).toMatchObject({
      action: 'DELETE /api/purchases/:id',
      entityId: order.id,
      before: { id: order.id, quantity: 2, archivedAt: null },
      after: { msg: 'Purchase archived', id: order.id },
    });

    const product = await insertProduct(ctx.database.db, { price: 2_500_000 });
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/products/${product.id}`,
      headers: admin,
      payload: { price: 30_000 },
    });
    expect(put.statusCode).toBe(200);
    const [update] = (await audit('?entity=products')).items;
    expect(update).toMatchObject({
      action: 'PUT /api/products/:id',
      entityId: product.id,
      before: { price: 25_000 },
      after: { price: 30_000 },
    });
  });

  it('records a create, with no state before', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/pos/orders',
      headers: admin,
      payload: {
        customer: { firstName: 'Uche', lastName: 'Nnaji', email: 'uche@example.com' },
        lines: [{ productId: (await insertProduct(ctx.database.db)).id, quantity: 1 }],
        paymentMethod: 'cash',
      },
    });
    expect(res.statusCode).toBe(201);
    const [entry] = (await audit('?entity=pos')).items;
    expect(entry).toMatchObject({
      action: 'POST /api/pos/orders',
      entityId: null,
      before: null,
      after: { customer: { email: 'uche@example.com' } },
    });
  });

  it('leaves out failed writes, shoppers, reads and sign-in endpoints', async () => {
    const { total } = await audit();
    const order = await pendingOrder();
    expect((await patchStatus(order.id, 'delivered')).statusCode).toBe(409);
    expect((await patchStatus(order.id, 'paid', bearer(shopper.accessToken))).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/purchases', headers: admin })).statusCode).toBe(200);
    const other = await createAdmin(ctx);
    const changed = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      headers: bearer(other.accessToken),
      payload: { currentPassword: other.password, newPassword: 'another long password' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await audit()).total).toBe(total);
  });

  it('never stores passwords or tokens', async () => {
    await recordAudit(ctx.database.db, {
      actorId: adminUser.user.id,
      actorEmail: adminUser.email,
      action: 'POST /api/test',
      entity: 'secrets-test',
      entityId: null,
      before: { password: 'x', nested: [{ passwordHash: 'y', keep: 1 }] },
      after: { accessToken: 'z', user: { email: 'a@example.com', Password: 'w' } },
    });
    const [entry] = (await audit('?entity=secrets-test')).items;
    expect(entry!.before).toEqual({ nested: [{ keep: 1 }] });
    expect(entry!.after).toEqual({ user: { email: 'a@example.com' } });
  });

  it('keeps answering when the audit write fails', async () => {
    const order = await pendingOrder();
    const { total } = await audit();
    const db = ctx.app.db;
    const insert = db.insert.bind(db);
    const spy = vi.spyOn(db, 'insert').mockImplementation(((table: Parameters<typeof db.insert>[0]) => {
      if (table === auditLog) throw new Error('audit store unavailable');
      return insert(table);
    }) as typeof db.insert);
    try {
      const res = await patchStatus(order.id, 'cancelled');
      expect(res.statusCode).toBe(200);
      await ctx.app.audit.flush();
    } finally {
      spy.mockRestore();
    }
    expect((await audit()).total).toBe(total);
  });

  it('pages newest first with the total in X-Total-Count', async () => {
    const all = await audit();
    expect(all.total).toBeGreaterThanOrEqual(4);
    const times = all.items.map((e) => e.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const page = await audit('?limit=2&offset=1');
    expect(page.total).toBe(all.total);
    expect(page.items.map((e) => e.id)).toEqual(all.items.slice(1, 3).map((e) => e.id));
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/audit?limit=0', headers: admin })).statusCode).toBe(400);
  });
});
