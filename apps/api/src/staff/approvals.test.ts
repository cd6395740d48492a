/**
 * Approvals by PIN and the cashier's refund, through HTTP: an approval given by a member whose
 * role allows the action, with the right PIN, both names audited; a wrong PIN counted (kept
 * although the answer is a 4xx) and the PIN locked after 5 for 15 minutes (423 with the time),
 * a new PIN ending the lock; a cashier refunding a till sale with an approval used up in the
 * refund, and refused (nothing refunded) without one, with one used already, for another
 * amount, order or session, or expired (its expiry moved in the database, no waiting).
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvals, auditLog, orderRefunds, staffPins } from '../db/schema/index.ts';
import { insertProduct } from '../../test/fixtures.ts';
import {
  bearer,
  createStaff,
  createTestApp,
  expectRefusedWithout,
  registerShopper,
  type TestContext,
} from '../../test/helpers.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Staff = Awaited<ReturnType<typeof createStaff>>;
const REFUND_REFUSAL = "You don't have permission to refund orders";

let ctx: TestContext;
let owner: Staff;
let manager: Staff;
let cashier: Staff;
beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createStaff(ctx);
  manager = await createStaff(ctx, 'manager');
  cashier = await createStaff(ctx, 'cashier');
  await setPin(manager, '4321');
  await setPin(owner, '135790');
});
afterAll(() => ctx.close());

const as = (token?: string) => (method: Method, url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload && { payload }) });
async function setPin(member: Staff, pin: string) {
  const res = await as(owner.accessToken)('PUT', `/api/staff/${member.user.id}/pin`, { pin });
  expect(res.statusCode).toBe(204);
}
const ask = (by: Staff | string, body: object) =>
  as(typeof by === 'string' ? by : by.accessToken)('POST', '/api/pos/approvals', body);

/** A till sale of ₦10,000 (paid in cash) made by the cashier. */
async function tillSale(seller: Staff = cashier) {
  const product = await insertProduct(ctx.database.db, { title: `Adire Scarf ${Math.random()}`, price: 1_000_000, counter: 10 });
  const res = await as(seller.accessToken)('POST', '/api/pos/orders', {
    lines: [{ productId: product.id, quantity: 1 }],
    paymentMethod: 'cash',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().order as { id: string; total: number };
}
const refund = (by: Staff | string, orderId: string, body: object) =>
  as(typeof by === 'string' ? by : by.accessToken)('POST', `/api/orders/${orderId}/refunds`, { reason: 'Wrong size', ...body });
const refundsOf = (orderId: string) => ctx.database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));

describe('POST /api/pos/approvals', () => {
  it("gives an approval when the member's role allows the action and the PIN is right, and audits both names", async () => {
    const order = await tillSale();
    const res = await ask(cashier, {
      managerId: manager.user.id,
      pin: '4321',
      action: 'refund',
      amount: 2500,
      orderId: order.id,
    });
    expect(res.statusCode).toBe(201);
    const { approvalId, expiresAt } = res.json();
    expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(5 * 60_000);
    const [row] = await ctx.database.db.select().from(approvals).where(eq(approvals.id, approvalId));
    expect(row).toMatchObject({
      managerId: manager.user.id,
      requestedBy: cashier.user.id,
      action: 'refund',
      amount: 250_000,
      orderId: order.id,
      usedAt: null,
    });
    const [entry] = await ctx.database.db.select().from(auditLog).where(eq(auditLog.entityId, approvalId));
    expect(entry).toMatchObject({
      action: 'pos.approval.given',
      entity: 'approvals',
      actorId: cashier.user.id,
      actorName: 'Cashier Staff',
      actorRole: 'Cashier',
      after: expect.objectContaining({ managerName: 'Manager Staff', requestedByName: 'Cashier Staff', action: 'refund' }),
    });
    expect(JSON.stringify(entry)).not.toContain('4321');
  });

  it('refuses a member whose role does not allow the action, a deactivated or unknown one, or one without a PIN, changing nothing', async () => {
    const other = await createStaff(ctx, 'cashier');
    await setPin(other, '1111');
    const denied = await ask(cashier, { managerId: other.user.id, pin: '1111', action: 'refund', amount: 10 });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().msg).toBe("Cashier Staff's role (Cashier) does not allow refunds");
    const overrides = await ask(cashier, { managerId: other.user.id, pin: '1111', action: 'price_override' });
    expect(overrides.json().msg).toContain('does not allow price overrides');

    const noPin = await createStaff(ctx, 'manager');
    const none = await ask(cashier, { managerId: noPin.user.id, pin: '1111', action: 'discount' });
    expect(none.statusCode).toBe(403);
    expect(none.json().msg).toBe('Manager Staff has no PIN yet: set one on the Staff page');
    await setPin(noPin, '2222');
    await as(owner.accessToken)('PATCH', `/api/staff/${noPin.user.id}`, { active: false });
    expect((await ask(cashier, { managerId: noPin.user.id, pin: '2222', action: 'discount' })).statusCode).toBe(403);

    const shopper = await registerShopper(ctx.app);
    for (const managerId of ['00000000-0000-4000-8000-000000000000', shopper.user.id]) {
      const res = await ask(cashier, { managerId, pin: '1111', action: 'discount' });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('Unknown staff member');
    }
    const given = await ctx.database.db.select().from(approvals).where(eq(approvals.requestedBy, cashier.user.id));
    expect(given.map((a) => a.managerId)).not.toContain(other.user.id);
  });

  it('refuses bad input with 400: an action it does not know, a PIN not 4–6 digits, a negative amount', async () => {
    for (const body of [
      { managerId: manager.user.id, pin: '4321', action: 'free_stuff' },
      { managerId: manager.user.id, pin: '43', action: 'discount' },
      { managerId: manager.user.id, pin: '4321', action: 'discount', amount: -5 },
      { managerId: 'someone', pin: '4321', action: 'discount' },
      { pin: '4321', action: 'discount' },
    ]) {
      expect((await ask(cashier, body)).statusCode).toBe(400);
    }
  });

  it('counts wrong PINs although it answers 403, locks the PIN after 5 for 15 minutes (423), and a new PIN ends the lock', async () => {
    const approver = await createStaff(ctx, 'manager');
    await setPin(approver, '8642');
    const body = (pin: string) => ({ managerId: approver.user.id, pin, action: 'discount' as const });
    for (const left of [4, 3, 2, 1]) {
      const res = await ask(cashier, body('0000'));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        msg: `Wrong PIN: ${left} ${left === 1 ? 'try' : 'tries'} left before it locks for 15 minutes`,
        attemptsLeft: left,
      });
    }
    const fifth = await ask(cashier, body('0000'));
    expect(fifth.statusCode).toBe(423);
    const until = Date.parse(fifth.json().lockedUntil);
    expect(until - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(until - Date.now()).toBeLessThanOrEqual(15 * 60_000);
    expect(Number(fifth.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(fifth.json().msg).toContain("Manager Staff's PIN is locked after 5 wrong tries");
    // Locked: even the right PIN is refused, and not counted.
    expect((await ask(cashier, body('8642'))).statusCode).toBe(423);
    const [pin] = await ctx.database.db.select().from(staffPins).where(eq(staffPins.userId, approver.user.id));
    expect(pin).toMatchObject({ failedAttempts: 5, lockedUntil: expect.any(Date) });
    const refusals = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'pos.approval.refused'), eq(auditLog.entityId, approver.user.id)));
    // Each wrong PIN, the one that locked it too; not the tries while locked (nothing was checked).
    expect(refusals).toHaveLength(5);
    expect((await ask(cashier, body('0000'))).statusCode).toBe(423);
    expect(
      await ctx.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'pos.approval.refused'), eq(auditLog.entityId, approver.user.id))),
    ).toHaveLength(5);

    // The lock runs out: five more tries.
    await ctx.database.db
      .update(staffPins)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(staffPins.userId, approver.user.id));
    expect((await ask(cashier, body('0000'))).json().attemptsLeft).toBe(4);
    expect((await ask(cashier, body('8642'))).statusCode).toBe(201);
    // A right PIN clears the count.
    expect((await ask(cashier, body('0000'))).json().attemptsLeft).toBe(4);

    for (let i = 0; i < 4; i++) await ask(cashier, body('0000'));
    expect((await ask(cashier, body('8642'))).statusCode).toBe(423);
    await setPin(approver, '9753');
    expect((await ask(cashier, body('9753'))).statusCode).toBe(201);
  });

  it('five wrong PINs at once: all counted, the PIN locked, none given', async () => {
    const approver = await createStaff(ctx, 'manager');
    await setPin(approver, '8642');
    const results = await Promise.all(
      Array.from({ length: 7 }, () => ask(cashier, { managerId: approver.user.id, pin: '0000', action: 'discount' })),
    );
    expect(results.filter((r) => r.statusCode === 403)).toHaveLength(4);
    expect(results.filter((r) => r.statusCode === 423)).toHaveLength(3);
    expect((await ask(cashier, { managerId: approver.user.id, pin: '8642', action: 'discount' })).statusCode).toBe(423);
  });

  it('lets a manager approve their own request, as their role allows the action anyway', async () => {
    const res = await ask(manager, { managerId: manager.user.id, pin: '4321', action: 'negative_stock' });
    expect(res.statusCode).toBe(201);
  });

  it('is pos.sell: anonymous 401, a shopper and the templates without it 403 naming it', async () => {
    await expectRefusedWithout(ctx, 'pos.sell', [
      { method: 'POST', url: '/api/pos/approvals', payload: { managerId: manager.user.id, pin: '4321', action: 'discount' } },
    ]);
  });
});

describe('GET /api/pos/approvers', () => {
  it("answers the asker's own policy and the active members with a PIN whose role allows the action", async () => {
    const withoutPin = await createStaff(ctx, 'manager');
    const res = await as(cashier.accessToken)('GET', '/api/pos/approvers?action=refund');
    expect(res.statusCode, res.body).toBe(200);
    const { policy, approvers } = res.json() as { policy: string; approvers: { id: string; name: string; roleName: string }[] };
    expect(policy).toBe('approval');
    const ids = approvers.map((a) => a.id);
    expect(ids).toEqual(expect.arrayContaining([manager.user.id, owner.user.id]));
    expect(ids).not.toContain(cashier.user.id);
    expect(ids).not.toContain(withoutPin.user.id);
    expect(approvers.find((a) => a.id === manager.user.id)).toEqual({
      id: manager.user.id,
      name: 'Manager Staff', // createStaff's names
      roleName: 'Manager',
    });
    expect((await as(manager.accessToken)('GET', '/api/pos/approvers?action=refund')).json().policy).toBe('allow');
  });

  it('leaves out a deactivated member, and refuses an action it does not know (400)', async () => {
    const other = await createStaff(ctx, 'manager');
    await setPin(other, '2468');
    const listed = async () =>
      ((await as(cashier.accessToken)('GET', '/api/pos/approvers?action=discount')).json().approvers as { id: string }[]).map(
        (a) => a.id,
      );
    expect(await listed()).toContain(other.user.id);
    const off = await as(owner.accessToken)('PATCH', `/api/staff/${other.user.id}`, { active: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(await listed()).not.toContain(other.user.id);
    expect((await as(cashier.accessToken)('GET', '/api/pos/approvers?action=steal')).statusCode).toBe(400);
  });

  it('is pos.sell: anonymous 401, a shopper and the templates without it 403 naming it', async () => {
    await expectRefusedWithout(ctx, 'pos.sell', [{ method: 'GET', url: '/api/pos/approvers?action=refund' }]);
  });
});

describe("a cashier's refund of a till sale", () => {
  const approve = async (orderId: string, amount: number, by: Staff = cashier) =>
    (await ask(by, { managerId: manager.user.id, pin: '4321', action: 'refund', amount, orderId })).json().approvalId as string;

  it('with an approval for that order and amount: refunded, the approval used up; a second use refunds nothing', async () => {
    const order = await tillSale();
    const approvalId = await approve(order.id, 2500);
    const res = await refund(cashier, order.id, { amount: 2500, approvalId });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ amountRefunded: 2500 });
    const [used] = await ctx.database.db.select().from(approvals).where(eq(approvals.id, approvalId));
    expect(used!.usedAt).toBeInstanceOf(Date);

    const again = await refund(cashier, order.id, { amount: 2500, approvalId });
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual({
      msg: `That approval was used already. ${REFUND_REFUSAL} without a manager's approval (approvalId)`,
      permission: 'orders.refund',
    });
    expect(await refundsOf(order.id)).toHaveLength(1);
  });

  it('without an approval, or with one for another amount, order or session, or expired: 403 naming orders.refund, nothing refunded', async () => {
    const order = await tillSale();
    const without = await refund(cashier, order.id, { amount: 2500 });
    expect(without.statusCode).toBe(403);
    expect(without.json()).toEqual({
      msg: `${REFUND_REFUSAL} without a manager's approval (approvalId)`,
      permission: 'orders.refund',
    });

    const forLess = await approve(order.id, 1000);
    const amount = await refund(cashier, order.id, { amount: 2500, approvalId: forLess });
    expect(amount.statusCode).toBe(403);
    expect(amount.json().msg).toMatch(/^That approval is for ₦1,000\.00\. /);
    // A refund of the whole order is checked against what it comes to (₦10,000).
    expect((await refund(cashier, order.id, { approvalId: forLess })).statusCode).toBe(403);

    const otherOrder = await tillSale();
    const forOther = await approve(otherOrder.id, 2500);
    const wrongOrder = await refund(cashier, order.id, { amount: 2500, approvalId: forOther });
    expect(wrongOrder.statusCode).toBe(403);
    expect(wrongOrder.json().msg).toMatch(/^That approval is for another order\. /);

    const otherSession = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/adminlogin',
        payload: { email: cashier.email, password: cashier.password },
      })
    ).json().accessToken as string;
    const mine = await approve(order.id, 2500);
    const session = await refund(otherSession, order.id, { amount: 2500, approvalId: mine });
    expect(session.statusCode).toBe(403);
    expect(session.json().msg).toMatch(/^That approval was given to another session\. /);
    // Another cashier's session neither.
    const colleague = await createStaff(ctx, 'cashier');
    expect((await refund(colleague, order.id, { amount: 2500, approvalId: mine })).statusCode).toBe(403);

    const expiring = await approve(order.id, 2500);
    await ctx.database.db
      .update(approvals)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(approvals.id, expiring));
    const expired = await refund(cashier, order.id, { amount: 2500, approvalId: expiring });
    expect(expired.statusCode).toBe(403);
    expect(expired.json().msg).toMatch(/^That approval expired \(approvals work 5 minutes\)\. /);

    const unknown = await refund(cashier, order.id, { amount: 2500, approvalId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.json().msg).toMatch(/^That approval does not exist\. /);
    expect(await refundsOf(order.id)).toEqual([]);
    // Still good for what it was given for.
    expect((await refund(cashier, order.id, { amount: 2500, approvalId: mine })).statusCode).toBe(201);
  });

  it('a refund that fails leaves the approval unused', async () => {
    const order = await tillSale();
    const approvalId = await approve(order.id, 20_000);
    const res = await refund(cashier, order.id, { amount: 20_000, approvalId });
    expect(res.statusCode).toBe(409);
    const [row] = await ctx.database.db.select().from(approvals).where(eq(approvals.id, approvalId));
    expect(row!.usedAt).toBeNull();
  });

  it("refuses an online order whatever the approval, and a role whose till refund policy is deny; 'allow' needs none", async () => {
    const shopper = await registerShopper(ctx.app);
    const product = await insertProduct(ctx.database.db, { price: 1_000_000, counter: 5 });
    const started = (
      await as(shopper.accessToken)('POST', '/api/checkout', { lines: [{ productId: product.id, quantity: 1 }] })
    ).json();
    await as(shopper.accessToken)('POST', `/api/payments/sandbox/${started.reference}/pay`, { card: '4084 0840 8408 4081' });
    await as(shopper.accessToken)('POST', `/api/checkout/${started.reference}/verify`);
    const web = await refund(cashier, started.orderId, { amount: 1000, approvalId: await approve(started.orderId, 1000) });
    expect(web.statusCode).toBe(403);
    expect(web.json()).toEqual({ msg: REFUND_REFUSAL, permission: 'orders.refund' });

    const role = async (refundPolicy: 'allow' | 'deny') =>
      (
        await as(owner.accessToken)('POST', '/api/roles', {
          name: `Till ${refundPolicy}`,
          permissions: ['pos.sell'],
          pos: { discount: 'deny', priceOverride: 'deny', refund: refundPolicy, negativeStock: 'deny' },
          discountLimitPercent: 0,
        })
      ).json().id as string;
    const seller = async (roleId: string) => {
      const member = await createStaff(ctx, 'cashier');
      await as(owner.accessToken)('PATCH', `/api/staff/${member.user.id}`, { roleId });
      const token = (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/adminlogin',
          payload: { email: member.email, password: member.password },
        })
      ).json().accessToken as string;
      return token;
    };
    const order = await tillSale();
    const denied = await refund(await seller(await role('deny')), order.id, { amount: 1000 });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ msg: REFUND_REFUSAL, permission: 'orders.refund' });
    const allowed = await refund(await seller(await role('allow')), order.id, { amount: 1000 });
    expect(allowed.statusCode).toBe(201);
    // Staff with orders.refund refund any order, as before, no approval asked.
    expect((await refund(manager, started.orderId, { amount: 1000 })).statusCode).toBe(201);
  });

  it('is orders.refund or pos.sell: the others 403 naming orders.refund', async () => {
    const order = await tillSale();
    for (const template of ['fulfilment', 'content_editor'] as const) {
      const res = await refund(await createStaff(ctx, template), order.id, { amount: 1000 });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ msg: REFUND_REFUSAL, permission: 'orders.refund' });
    }
    expect((await refund('', order.id, { amount: 1000 })).statusCode).toBe(401);
  });
});
