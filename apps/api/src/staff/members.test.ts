/**
 * The Staff page's members through HTTP: the list, a new role or a deactivation taking effect
 * at the member's next request, sessions ended on demand, never deleted; the Owner role an
 * Owner's to give; the last active Owner kept, also when two Owners demote each other at once
 * (PostgreSQL: two connections); till PINs set by a manager of staff or by the member with
 * their password. Every route's access rule and 4xx cases.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffPins, users } from '../db/schema/index.ts';
import { verifyPassword } from '../lib/passwords.ts';
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
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const STAFF_MANAGE = { msg: "You don't have permission to manage staff, roles and invitations", permission: 'staff.manage' };

let ctx: TestContext;
let owner: Staff;
let roleIds: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createStaff(ctx);
  const list = (await as(owner.accessToken)('GET', '/api/roles')).json() as { id: string; template: string | null }[];
  roleIds = Object.fromEntries(list.map((r) => [r.template, r.id]));
});
afterAll(() => ctx.close());

const as =
  (token: string | undefined, app = () => ctx.app) =>
  (method: Method, url: string, payload?: object) =>
    app().inject({ method, url, headers: token ? bearer(token) : {}, ...(payload && { payload }) });
const asOwner = (method: Method, url: string, payload?: object) => as(owner.accessToken)(method, url, payload);
const signIn = (email: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/adminlogin', payload: { email, password } });

describe('GET /api/staff', () => {
  it('lists every member with role, active, last sign-in and two-factor, and no shopper', async () => {
    const cashier = await createStaff(ctx, 'cashier');
    const shopper = await registerShopper(ctx.app);
    const res = await asOwner('GET', '/api/staff');
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: string }[];
    expect(list.find((m) => m.id === cashier.user.id)).toEqual({
      id: cashier.user.id,
      firstName: 'Cashier',
      lastName: 'Staff',
      email: cashier.email,
      roleId: roleIds.cashier,
      roleName: 'Cashier',
      active: true,
      lastSignInAt: expect.any(String),
      twoFactor: false,
    });
    expect(list.map((m) => m.id)).not.toContain(shopper.user.id);
  });
});

describe('PATCH /api/staff/{id}', () => {
  it("gives a new role: the member's sessions end (401), and their next sign-in carries the new permissions", async () => {
    const member = await createStaff(ctx, 'fulfilment');
    const them = as(member.accessToken);
    expect((await them('GET', '/api/purchases')).statusCode).toBe(200);
    const res = await asOwner('PATCH', `/api/staff/${member.user.id}`, { roleId: roleIds.content_editor });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: member.user.id,
      roleId: roleIds.content_editor,
      roleName: 'Content editor',
      active: true,
    });
    expect((await them('GET', '/api/auth/me')).statusCode).toBe(401);

    const again = await signIn(member.email, member.password);
    expect(again.json().user).toMatchObject({ staffRole: 'Content editor', role: 'admin' });
    expect(again.json().user.permissions).toContain('content.write');
    expect(again.json().user.permissions).not.toContain('orders.read');
  });

  it('deactivates (401 at once, sign-in refused "This account is deactivated"), never deletes, and makes active again', async () => {
    const member = await createStaff(ctx, 'cashier');
    const res = await asOwner('PATCH', `/api/staff/${member.user.id}`, { active: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ active: false, roleName: 'Cashier' });
    expect((await as(member.accessToken)('GET', '/api/auth/me')).statusCode).toBe(401);
    const refused = await signIn(member.email, member.password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe('This account is deactivated');
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, member.user.id));
    expect(row).toMatchObject({ active: false, role: 'admin' });
    expect((await asOwner('GET', '/api/staff')).json()).toContainEqual(
      expect.objectContaining({ id: member.user.id, active: false }),
    );

    expect((await asOwner('PATCH', `/api/staff/${member.user.id}`, { active: true })).json()).toMatchObject({ active: true });
    const back = await signIn(member.email, member.password);
    expect(back.statusCode).toBe(200);
    expect((await as(back.json().accessToken)('GET', '/api/auth/me')).statusCode).toBe(200);
  });

  it('leaves sessions alone when nothing changes', async () => {
    const member = await createStaff(ctx, 'cashier');
    const res = await asOwner('PATCH', `/api/staff/${member.user.id}`, { roleId: roleIds.cashier, active: true });
    expect(res.statusCode).toBe(200);
    expect((await as(member.accessToken)('GET', '/api/auth/me')).statusCode).toBe(200);
  });

  it('answers 404 for an unknown id or a shopper, 400 for an unknown role or nothing to change, and changes nothing', async () => {
    const member = await createStaff(ctx, 'cashier');
    const shopper = await registerShopper(ctx.app);
    for (const id of [UNKNOWN, 'nope', shopper.user.id]) {
      const res = await asOwner('PATCH', `/api/staff/${id}`, { active: false });
      expect(res.statusCode, id).toBe(404);
      expect(res.json().msg).toBe('Staff member not found');
    }
    const unknownRole = await asOwner('PATCH', `/api/staff/${member.user.id}`, { roleId: UNKNOWN, active: false });
    expect(unknownRole.statusCode).toBe(400);
    expect(unknownRole.json()).toMatchObject({ msg: 'Unknown role', errors: [{ path: 'roleId' }] });
    for (const body of [{}, { roleId: 'cashier' }, { active: 'no' }]) {
      expect((await asOwner('PATCH', `/api/staff/${member.user.id}`, body)).statusCode).toBe(400);
    }
    expect((await as(member.accessToken)('GET', '/api/auth/me')).json().user.staffRole).toBe('Cashier');
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, shopper.user.id));
    expect(row).toMatchObject({ role: 'shopper', staffRoleId: null });
  });

  it('lets only an Owner give the Owner role or change an Owner', async () => {
    const manager = await createStaff(ctx, 'manager');
    // A custom role that may manage staff, but is no Owner.
    const hr = await asOwner('POST', '/api/roles', {
      name: 'People',
      permissions: ['staff.manage'],
      pos: { discount: 'deny', priceOverride: 'deny', refund: 'deny', negativeStock: 'deny' },
      discountLimitPercent: 0,
    });
    const person = await createStaff(ctx, 'cashier');
    await asOwner('PATCH', `/api/staff/${person.user.id}`, { roleId: hr.json().id });
    const people = as((await signIn(person.email, person.password)).json().accessToken);

    const promote = await people('PATCH', `/api/staff/${manager.user.id}`, { roleId: roleIds.owner });
    expect(promote.statusCode).toBe(403);
    expect(promote.json().msg).toBe('Only an Owner can give the Owner role, or change or deactivate an Owner');
    expect((await people('PATCH', `/api/staff/${person.user.id}`, { roleId: roleIds.owner })).statusCode).toBe(403);
    expect((await people('PATCH', `/api/staff/${owner.user.id}`, { active: false })).statusCode).toBe(403);
    expect((await people('PUT', `/api/staff/${owner.user.id}/pin`, { pin: '1234' })).statusCode).toBe(403);
    expect((await people('DELETE', `/api/staff/${owner.user.id}/sessions`)).statusCode).toBe(403);
    expect(
      (await people('POST', '/api/staff/invitations', { email: 'boss@example.com', roleId: roleIds.owner })).statusCode,
    ).toBe(403);
    // Anyone else, they may.
    expect((await people('PATCH', `/api/staff/${manager.user.id}`, { roleId: roleIds.fulfilment })).statusCode).toBe(200);
    expect((await as(owner.accessToken)('GET', '/api/auth/me')).statusCode).toBe(200);
    expect((await asOwner('PATCH', `/api/staff/${manager.user.id}`, { roleId: roleIds.owner })).statusCode).toBe(200);
  });
});

describe('DELETE /api/staff/{id}/sessions', () => {
  it("ends every session of a member: each token's next request is 401; they may sign in again", async () => {
    const member = await createStaff(ctx, 'cashier');
    const second = (await signIn(member.email, member.password)).json().accessToken as string;
    const res = await asOwner('DELETE', `/api/staff/${member.user.id}/sessions`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ended: 2 });
    for (const token of [member.accessToken, second]) expect((await as(token)('GET', '/api/auth/me')).statusCode).toBe(401);
    expect((await signIn(member.email, member.password)).statusCode).toBe(200);
    expect((await asOwner('DELETE', `/api/staff/${UNKNOWN}/sessions`)).statusCode).toBe(404);
  });
});

describe('PUT /api/staff/{id}/pin', () => {
  const pinOf = async (userId: string) => (await ctx.database.db.select().from(staffPins).where(eq(staffPins.userId, userId)))[0];

  it('sets anyone’s PIN with staff.manage, stored hashed, and a new one replaces it', async () => {
    const cashier = await createStaff(ctx, 'cashier');
    expect((await asOwner('PUT', `/api/staff/${cashier.user.id}/pin`, { pin: '2468' })).statusCode).toBe(204);
    const stored = await pinOf(cashier.user.id);
    expect(stored!.pinHash).not.toContain('2468');
    expect(await verifyPassword(stored!.pinHash, '2468')).toBe(true);
    expect((await asOwner('PUT', `/api/staff/${cashier.user.id}/pin`, { pin: '135790' })).statusCode).toBe(204);
    expect(await verifyPassword((await pinOf(cashier.user.id))!.pinHash, '135790')).toBe(true);
  });

  it('lets a member set their own with their password: 400 without it, 403 when wrong (a 401 would sign them out)', async () => {
    const manager = await createStaff(ctx, 'manager');
    const self = as(manager.accessToken);
    const url = `/api/staff/${manager.user.id}/pin`;
    const missing = await self('PUT', url, { pin: '9753' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([{ path: 'currentPassword', message: 'Enter your password to set your own PIN' }]);
    const wrong = await self('PUT', url, { pin: '9753', currentPassword: 'not it' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().msg).toBe('Current password is incorrect');
    expect((await self('GET', '/api/auth/me')).statusCode).toBe(200);
    expect(await pinOf(manager.user.id)).toBeUndefined();
    expect((await self('PUT', url, { pin: '9753', currentPassword: manager.password })).statusCode).toBe(204);
    expect(await verifyPassword((await pinOf(manager.user.id))!.pinHash, '9753')).toBe(true);
  });

  it("refuses another member's PIN without staff.manage and a shopper's (403), anonymous 401, 404, and a PIN not 4–6 digits (400)", async () => {
    const cashier = await createStaff(ctx, 'cashier');
    const other = await createStaff(ctx, 'cashier');
    const shopper = await registerShopper(ctx.app);
    const url = `/api/staff/${other.user.id}/pin`;
    const body = { pin: '1357', currentPassword: cashier.password };
    const refused = await as(cashier.accessToken)('PUT', url, body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(STAFF_MANAGE);
    const byShopper = await as(shopper.accessToken)('PUT', `/api/staff/${shopper.user.id}/pin`, {
      pin: '1357',
      currentPassword: shopper.password,
    });
    expect(byShopper.statusCode).toBe(403);
    expect((await as(undefined)('PUT', url, body)).statusCode).toBe(401);
    expect((await asOwner('PUT', `/api/staff/${UNKNOWN}/pin`, { pin: '1357' })).statusCode).toBe(404);
    expect((await asOwner('PUT', `/api/staff/${shopper.user.id}/pin`, { pin: '1357' })).statusCode).toBe(404);
    for (const pin of ['123', '1234567', '12a4', '', 1234]) {
      expect((await asOwner('PUT', url, { pin })).statusCode, String(pin)).toBe(400);
    }
    expect(await pinOf(other.user.id)).toBeUndefined();
  });
});

describe('who may manage members', () => {
  it('is staff.manage: anonymous 401, a shopper and every template but the Owner 403 naming it, nothing changed', async () => {
    const target = await createStaff(ctx, 'cashier');
    await expectRefusedWithout(ctx, 'staff.manage', [
      { method: 'GET', url: '/api/staff' },
      { method: 'PATCH', url: `/api/staff/${target.user.id}`, payload: { active: false } },
      { method: 'DELETE', url: `/api/staff/${target.user.id}/sessions` },
    ]);
    expect((await as(target.accessToken)('GET', '/api/auth/me')).statusCode).toBe(200);
  });
});

describe('the last active Owner', () => {
  // A shop of its own: exactly the Owners each test makes.
  let shop: TestContext;
  let ownerRole: string;
  let managerRole: string;
  beforeAll(async () => {
    shop = await createTestApp();
    const roles = (await as((await createStaff(shop)).accessToken, () => shop.app)('GET', '/api/roles')).json();
    ownerRole = roles[0].id;
    managerRole = roles[1].id;
  });
  afterAll(() => shop.close());

  /** Deactivates every Owner but those given. */
  async function onlyOwners(...keep: Staff[]) {
    await shop.database.db.update(users).set({ active: false }).where(eq(users.staffRoleId, ownerRole));
    for (const o of keep) await shop.database.db.update(users).set({ active: true }).where(eq(users.id, o.user.id));
  }
  const activeOwners = async () =>
    (await shop.database.db.select().from(users).where(eq(users.staffRoleId, ownerRole))).filter((u) => u.active).length;

  it('cannot be deactivated or demoted (409), not even by themselves; with a second Owner, can', async () => {
    const a = await createStaff(shop);
    await onlyOwners(a);
    const self = as(a.accessToken, () => shop.app);
    for (const body of [{ active: false }, { roleId: managerRole }, { roleId: managerRole, active: true }]) {
      const res = await self('PATCH', `/api/staff/${a.user.id}`, body);
      expect(res.statusCode).toBe(409);
      expect(res.json().msg).toMatch(/^Owner Staff is the last active Owner: make someone else an Owner before/);
    }
    expect(await activeOwners()).toBe(1);

    const b = await createStaff(shop);
    expect((await self('PATCH', `/api/staff/${a.user.id}`, { roleId: managerRole })).statusCode).toBe(200);
    const byB = as(b.accessToken, () => shop.app);
    expect((await byB('PATCH', `/api/staff/${b.user.id}`, { active: false })).statusCode).toBe(409);
    // A deactivated Owner does not count: making one active again is fine, deactivating the other then too.
    expect((await byB('PATCH', `/api/staff/${a.user.id}`, { roleId: ownerRole })).statusCode).toBe(200);
    expect((await byB('PATCH', `/api/staff/${a.user.id}`, { active: false })).statusCode).toBe(200);
    expect((await byB('PATCH', `/api/staff/${b.user.id}`, { roleId: managerRole })).statusCode).toBe(409);
    expect(await activeOwners()).toBe(1);
  });

  it('two Owners demoting (or deactivating) each other at once: one wins, one Owner is left', async () => {
    for (const body of [{ roleId: managerRole }, { active: false }]) {
      const a = await createStaff(shop);
      const b = await createStaff(shop);
      await onlyOwners(a, b);
      const results = await Promise.all([
        as(a.accessToken, () => shop.app)('PATCH', `/api/staff/${b.user.id}`, body),
        as(b.accessToken, () => shop.app)('PATCH', `/api/staff/${a.user.id}`, body),
      ]);
      // The loser waited for the winner's locks and found itself the last Owner (409), or, had
      // the winner committed before it was let in, its session had ended (401).
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
      expect([409, 401]).toContain(results.find((r) => r.statusCode !== 200)!.statusCode);
      expect(await activeOwners()).toBe(1);
    }
  });
});
