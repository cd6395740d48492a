import type { InjectOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, messages, orderPayments, orders, products, staffPins, users } from '../db/schema/index.ts';
import { insertProduct } from '../../test/fixtures.ts';
import { PERMISSION_KEYS } from '@shop/shared';
import { bearer, createMemberOfRole, createStaff, createTestApp, registerShopper, type TestContext } from '../../test/helpers.ts';
import { recordAudit } from './audit.ts';

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof createStaff>>;
let admin: InjectOptions['headers'];
let shopper: Awaited<ReturnType<typeof registerShopper>>;

/** The user agent that makes the audit trail refuse an entry (a trigger of this file's own database). */
const AUDIT_DOWN = 'audit-store-down';

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createStaff(ctx, 'owner');
  admin = bearer(owner.accessToken);
  shopper = await registerShopper(ctx.app);
  // A real failure of the entry's INSERT, in the database, whatever writes it.
  await ctx.database.db.execute(sql`
    create function audit_store_down() returns trigger language plpgsql as $$
    begin
      raise exception 'the audit store is down';
    end;
    $$`);
  await ctx.database.db.execute(sql`
    create trigger audit_store_down before insert on audit_log for each row
    when (new.user_agent = ${sql.raw(`'${AUDIT_DOWN}'`)}) execute function audit_store_down()`);
});
afterAll(() => ctx.close());

interface EntryJson {
  id: string;
  actorId: string | null;
  actorEmail: string | null;
  actorName: string | null;
  actorRole: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  change: string;
  ip: string | null;
  userAgent: string | null;
  requestId: string | null;
  createdAt: string;
}

async function audit(query = '') {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/admin/audit${query}`, headers: admin });
  expect(res.statusCode, res.body).toBe(200);
  return { items: res.json() as EntryJson[], total: Number(res.headers['x-total-count']) };
}

async function pendingOrder(quantity = 1, price = 2_500_000) {
  const product = await insertProduct(ctx.database.db, { counter: 10, price });
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

/** An entry of the test's own, written as the routes that record their own entries write theirs. */
const testEntry = (
  entity: string,
  actor: { user: { id: string }; email: string },
  change: { before?: unknown; after?: unknown } = {},
) =>
  recordAudit(ctx.database.db, {
    actorId: actor.user.id,
    actorEmail: actor.email,
    action: 'POST /api/test',
    entity,
    entityId: null,
    before: change.before ?? null,
    after: change.after ?? null,
  });

/** The database's error a statement failed with (drizzle may wrap it). */
async function failureOf(statement: PromiseLike<unknown>): Promise<{ code?: string; message?: string; constraint?: string }> {
  try {
    await statement;
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    return (cause && typeof cause === 'object' && 'code' in cause ? cause : error) as { code?: string };
  }
  throw new Error('the statement was not refused');
}

const pinOf = async (userId: string) =>
  (await ctx.database.db.select().from(staffPins).where(sql`${staffPins.userId} = ${userId}`))[0];

const orderRow = async (id: string) => (await ctx.database.db.select().from(orders).where(sql`${orders.id} = ${id}`))[0]!;

describe('GET /api/admin/audit', () => {
  it('answers 401 without a token, 403 to a shopper and to a role without audit.read', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/audit' })).statusCode).toBe(401);
    const asShopper = await ctx.app.inject({ method: 'GET', url: '/api/admin/audit', headers: bearer(shopper.accessToken) });
    expect(asShopper.statusCode).toBe(403);
    const cashier = await createStaff(ctx, 'cashier');
    const refused = await ctx.app.inject({ method: 'GET', url: '/api/admin/audit', headers: bearer(cashier.accessToken) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ permission: 'audit.read' });
    const csv = await ctx.app.inject({ method: 'GET', url: '/api/admin/audit.csv', headers: bearer(cashier.accessToken) });
    expect(csv.statusCode).toBe(403);
  });
});

describe('what an entry records', () => {
  it('a status change: who (name, e-mail, role copied), a readable action, only the fields that changed, from where', async () => {
    const order = await pendingOrder();
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order.id}/status`,
      headers: { ...admin, 'user-agent': 'Back office on a phone', 'x-request-id': 'req-audit-1' },
      payload: { status: 'cancelled' },
    });
    expect(res.statusCode).toBe(200);

    const [entry] = (await audit(`?entityId=${order.id}`)).items;
    expect(entry).toMatchObject({
      actorId: owner.user.id,
      actorEmail: owner.email,
      actorName: 'Owner Staff',
      actorRole: 'Owner',
      action: 'order.status_changed',
      entity: 'orders',
      entityId: order.id,
      change: 'cancelled the order',
      userAgent: 'Back office on a phone',
      requestId: 'req-audit-1',
      ip: expect.any(String),
    });
    expect(entry!.before).toMatchObject({ status: 'pending' });
    expect(entry!.after).toMatchObject({ status: 'cancelled' });
    // Its line's units went back on sale; only that line, only that field.
    expect(entry!.before!.lines).toEqual([expect.objectContaining({ restockedQuantity: 0 })]);
    expect(entry!.after!.lines).toEqual([expect.objectContaining({ restockedQuantity: 1 })]);
    // Only what changed: the order's number, total and e-mail did not.
    for (const unchanged of ['number', 'total', 'email', 'updatedAt']) {
      expect(entry!.before).not.toHaveProperty(unchanged);
      expect(entry!.after).not.toHaveProperty(unchanged);
    }
  });

  it('a payment the handler answers itself (reply.send), in words, with the new payment row', async () => {
    const order = await pendingOrder(1, 2_500_000);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/payments`,
      headers: admin,
      payload: { method: 'transfer', amount: 25_000, reference: 'GTB-1' },
    });
    expect(res.statusCode).toBe(201);
    const [entry] = (await audit(`?entityId=${order.id}&action=order.payment_recorded`)).items;
    expect(entry!.change).toBe('recorded ₦25,000 by transfer (ref. GTB-1)');
    expect(entry!.before).toMatchObject({ paymentStatus: 'unpaid', amountPaid: 0, payments: [] });
    expect(entry!.after).toMatchObject({
      paymentStatus: 'paid',
      amountPaid: 2_500_000,
      payments: [{ method: 'transfer', amount: 2_500_000, reference: 'GTB-1', recordedBy: owner.user.id }],
    });
  });

  it('a create: no state before, the new thing read in the transaction, its id from the answer', async () => {
    const product = await insertProduct(ctx.database.db, { price: 900_000 });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/pos/orders',
      headers: admin,
      payload: {
        customer: { firstName: 'Uche', lastName: 'Nnaji', email: 'uche@example.com' },
        lines: [{ productId: product.id, quantity: 1 }],
        paymentMethod: 'cash',
      },
    });
    expect(res.statusCode).toBe(201);
    const orderId = res.json().order.id as string;
    const [entry] = (await audit(`?action=pos.sale&entityId=${orderId}`)).items;
    expect(entry).toMatchObject({ entity: 'orders', entityId: orderId, before: null, change: 'sold ₦9,000 by cash at the till' });
    expect(entry!.after).toMatchObject({ id: orderId, channel: 'pos', total: 900_000, lines: [{ productId: product.id }] });
  });

  it('a product change: the price in kobo as the database keeps it, and nothing else', async () => {
    const product = await insertProduct(ctx.database.db, { price: 2_500_000 });
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/products/${product.id}`,
      headers: admin,
      payload: { price: 30_000 },
    });
    expect(put.statusCode).toBe(200);
    const [entry] = (await audit(`?entity=products&entityId=${product.id}`)).items;
    expect(entry).toMatchObject({ action: 'product.updated', change: 'changed the price from ₦25,000 to ₦30,000' });
    expect(Object.keys(entry!.after!).sort()).toEqual(['maxSalePrice', 'minSalePrice', 'price', 'salePrice']);
    expect(entry!.before).toMatchObject({ price: 2_500_000 });
    expect(entry!.after).toMatchObject({ price: 3_000_000 });
  });

  it('keeps what things cost the shop for readers with catalog.cost: a reader without it never sees a cost, in the list or the CSV', async () => {
    const product = await insertProduct(ctx.database.db, { price: 2_500_000 });
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/products/${product.id}/variants`,
      headers: admin,
      payload: { variants: [{ sku: 'AUDIT-COST-1', size: '', color: '', counter: 3, cost: 12_345.67 }] },
    });
    expect(put.statusCode, put.body).toBe(200);
    const query = `?entity=products&entityId=${product.id}`;
    // The Owner reads the cost as it was saved (kobo, as the database keeps it).
    const [seen] = (await audit(query)).items;
    expect(JSON.stringify(seen!.after)).toContain('"cost":1234567');
    // A custom role that reads the trail but not costs: the same entry, without them.
    const role = await ctx.app.inject({
      method: 'POST',
      url: '/api/roles',
      headers: admin,
      payload: {
        name: 'Auditor without costs',
        permissions: PERMISSION_KEYS.filter((p) => p === 'audit.read' || p === 'catalog.read'),
        pos: { discount: 'deny', priceOverride: 'deny', refund: 'deny', negativeStock: 'deny' },
        discountLimitPercent: 0,
      },
    });
    expect(role.statusCode, role.body).toBe(201);
    const auditor = bearer((await createMemberOfRole(ctx, role.json().id)).accessToken);
    const list = await ctx.app.inject({ method: 'GET', url: `/api/admin/audit${query}`, headers: auditor });
    expect(list.statusCode).toBe(200);
    const [hidden] = list.json() as EntryJson[];
    expect(hidden!.id).toBe(seen!.id);
    expect(hidden!.after).not.toBeNull();
    expect(list.body).not.toMatch(/"(cost|unitCost|deliveryCost)"/i);
    const csv = await ctx.app.inject({ method: 'GET', url: `/api/admin/audit.csv${query}`, headers: auditor });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(product.id);
    expect(csv.body).not.toMatch(/""cost""/i);
    const ownerCsv = await ctx.app.inject({ method: 'GET', url: `/api/admin/audit.csv${query}`, headers: admin });
    expect(ownerCsv.body).toContain('""cost"":1234567');
  });

  it('leaves out refused and failed writes, shoppers, reads and the account endpoints', async () => {
    const { total } = await audit('?entity=orders');
    const order = await pendingOrder();
    expect((await patchStatus(order.id, 'delivered')).statusCode).toBe(409);
    expect((await patchStatus(order.id, 'paid', bearer(shopper.accessToken))).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/purchases', headers: admin })).statusCode).toBe(200);
    expect((await audit('?entity=orders')).total).toBe(total);

    const other = await createStaff(ctx, 'manager');
    // A member's own shopping is not a staff write.
    const address = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/addresses',
      headers: bearer(other.accessToken),
      payload: { name: 'Manager Staff', phone: '+2348030000000', address: '1 Marina', city: 'Lagos', state: 'Lagos Island' },
    });
    expect(address.statusCode).toBe(201);
    const changed = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      headers: bearer(other.accessToken),
      payload: { currentPassword: other.password, newPassword: 'another long password' },
    });
    expect(changed.statusCode).toBe(200);
    // Their sign-in is the sign-in events' (auth/events.ts), nothing else.
    const theirs = (await audit(`?staffId=${other.user.id}`)).items;
    expect(theirs.every((e) => e.entity === 'auth')).toBe(true);
  });

  it('a PIN set (hashed outside any transaction) records when it was set, never the PIN or its hash', async () => {
    const cashier = await createStaff(ctx, 'cashier');
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/staff/${cashier.user.id}/pin`,
      headers: admin,
      payload: { pin: '4821' },
    });
    expect(res.statusCode).toBe(204);
    const [entry] = (await audit(`?action=staff.pin_set&entityId=${cashier.user.id}`)).items;
    expect(entry).toMatchObject({
      entity: 'staff',
      before: { tillPin: null },
      after: { tillPin: { failedAttempts: 0, lockedUntil: null } },
    });
    expect(JSON.stringify(entry)).not.toMatch(/4821|argon2/);
    const pinBefore = await pinOf(cashier.user.id);
    const failed = await ctx.app.inject({
      method: 'PUT',
      url: `/api/staff/${cashier.user.id}/pin`,
      headers: { ...admin, 'user-agent': AUDIT_DOWN },
      payload: { pin: '9999' },
    });
    expect(failed.statusCode).toBe(500);
    expect((await audit(`?action=staff.pin_set&entityId=${cashier.user.id}`)).total).toBe(1);
    // The PIN is still the first: its hash and time as they were.
    expect(await pinOf(cashier.user.id)).toEqual(pinBefore);
  });

  it('never stores passwords, PINs or tokens', async () => {
    await testEntry('secrets-test', owner, {
      before: { password: 'x', nested: [{ passwordHash: 'y', keep: 1 }], pinHash: 'p' },
      after: { accessToken: 'z', user: { email: 'a@example.com', Password: 'w' }, tokenHash: 't', pin: '1234' },
    });
    const [entry] = (await audit('?entity=secrets-test')).items;
    expect(entry!.before).toEqual({ nested: [{ keep: 1 }] });
    expect(entry!.after).toEqual({ user: { email: 'a@example.com' } });
  });
});

describe('in the same transaction as the change', () => {
  it('an entry that cannot be written fails the change: 500, and the order is as it was', async () => {
    const order = await pendingOrder();
    const { total } = await audit();
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order.id}/status`,
      headers: { ...admin, 'user-agent': AUDIT_DOWN },
      payload: { status: 'cancelled' },
    });
    expect(res.statusCode).toBe(500);
    expect((await orderRow(order.id)).status).toBe('pending');
    expect((await audit()).total).toBe(total);
    // Nor was the shopper's "cancelled" e-mail queued: the outbox is written in the same transaction.
    expect(await ctx.database.db.select().from(messages).where(sql`${messages.orderId} = ${order.id}`)).toEqual([]);
    expect((await patchStatus(order.id, 'cancelled')).statusCode).toBe(200);
    const queued = await ctx.database.db.select().from(messages).where(sql`${messages.orderId} = ${order.id}`);
    expect(queued.map((m) => m.template)).toContain('order-cancelled');
  });

  it('a handler that sends its own answer (201) does not get it out before COMMIT: 500, no payment recorded', async () => {
    const order = await pendingOrder();
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/payments`,
      headers: { ...admin, 'user-agent': AUDIT_DOWN },
      payload: { method: 'cash', amount: 25_000 },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ msg: 'Something went wrong' });
    const payments = await ctx.database.db.select().from(orderPayments).where(sql`${orderPayments.orderId} = ${order.id}`);
    expect(payments).toEqual([]);
    expect((await orderRow(order.id)).paymentStatus).toBe('unpaid');
  });

  it('a failed entry of a product deletion keeps the product (and the next try deletes it)', async () => {
    const product = await insertProduct(ctx.database.db);
    const failed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/products/${product.id}`,
      headers: { ...admin, 'user-agent': AUDIT_DOWN },
    });
    expect(failed.statusCode).toBe(500);
    expect(
      await ctx.database.db.select({ id: products.id }).from(products).where(sql`${products.id} = ${product.id}`),
    ).toHaveLength(1);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/products/${product.id}`, headers: admin })).statusCode).toBe(200);
    const [entry] = (await audit(`?entityId=${product.id}`)).items;
    expect(entry).toMatchObject({ action: 'product.deleted', after: null, before: { id: product.id, title: product.title } });
  });
});

describe('append-only', () => {
  it('the database refuses UPDATE, DELETE and TRUNCATE of the trail', async () => {
    await testEntry('append-only-test', owner);
    const db = ctx.database.db;
    for (const statement of [
      sql`update audit_log set action = 'forged' where entity = 'append-only-test'`,
      sql`delete from audit_log where entity = 'append-only-test'`,
      sql`truncate audit_log`,
    ]) {
      expect(await failureOf(db.execute(statement))).toMatchObject({
        code: '42501',
        message: expect.stringMatching(/append-only/),
      });
    }
    const [row] = await db.select().from(auditLog).where(sql`${auditLog.entity} = 'append-only-test'`);
    expect(row).toMatchObject({ action: 'POST /api/test' });
  });

  it('an account an entry names cannot be deleted', async () => {
    const member = await createStaff(ctx, 'fulfilment');
    await testEntry('fk-test', member);
    expect(await failureOf(ctx.database.db.delete(users).where(sql`${users.id} = ${member.user.id}`))).toMatchObject({
      code: '23503',
      constraint: 'audit_log_actor_id_users_id_fk',
    });
    expect(await ctx.database.db.select({ id: users.id }).from(users).where(sql`${users.id} = ${member.user.id}`)).toHaveLength(
      1,
    );
  });
});
