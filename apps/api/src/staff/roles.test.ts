/**
 * Roles through HTTP: the list in the shared shape, a custom role created, changed and deleted,
 * the Owner's never changed, a role held (or named by an open invitation) never deleted, bad
 * input refused whole, and staff.manage required throughout.
 */
import { PERMISSION_KEYS, TEMPLATE_ROLES } from '@shop/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles } from '../db/schema/index.ts';
import { bearer, createStaff, createTestApp, expectRefusedWithout, type TestContext } from '../../test/helpers.ts';

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof createStaff>>;
beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createStaff(ctx);
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const as = (token: string | undefined) => (method: Method, url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload && { payload }) });
const asOwner = (method: Method, url: string, payload?: object) => as(owner.accessToken)(method, url, payload);

const deny = { discount: 'deny', priceOverride: 'deny', refund: 'deny', negativeStock: 'deny' } as const;
let counter = 0;
const newRole = (overrides: object = {}) => {
  counter += 1;
  return {
    name: `Stock taker ${counter}`,
    permissions: ['catalog.read', 'stock.adjust'],
    pos: deny,
    discountLimitPercent: 0,
    ...overrides,
  };
};

describe('GET /api/roles', () => {
  it('lists the five templates first, each with permissions, till policies and its active members', async () => {
    await createStaff(ctx, 'cashier');
    const res = await asOwner('GET', '/api/roles');
    expect(res.statusCode).toBe(200);
    const list = res.json() as { name: string; template: string; editable: boolean; permissions: string[]; members: number }[];
    expect(list.slice(0, 5).map((r) => r.template)).toEqual(['owner', 'manager', 'cashier', 'fulfilment', 'content_editor']);
    const [ownerRole, , cashier] = list;
    expect(ownerRole).toMatchObject({ name: 'Owner', editable: false });
    expect([...ownerRole!.permissions].sort()).toEqual([...PERMISSION_KEYS].sort());
    expect(cashier).toMatchObject({
      name: 'Cashier',
      editable: true,
      pos: TEMPLATE_ROLES.cashier.pos,
      discountLimitPercent: 10,
      members: 1,
    });
  });
});

describe('custom roles', () => {
  it('creates one (201), changes it, and deletes it once nobody holds it', async () => {
    const created = await asOwner('POST', '/api/roles', newRole());
    expect(created.statusCode).toBe(201);
    const role = created.json();
    expect(role).toMatchObject({ template: null, editable: true, members: 0, permissions: ['catalog.read', 'stock.adjust'] });

    const changed = await asOwner('PATCH', `/api/roles/${role.id}`, { permissions: ['catalog.read'], discountLimitPercent: 5 });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ name: role.name, permissions: ['catalog.read'], discountLimitPercent: 5 });

    expect((await asOwner('DELETE', `/api/roles/${role.id}`)).statusCode).toBe(204);
    expect(await ctx.database.db.select().from(roles).where(eq(roles.id, role.id))).toEqual([]);
    expect((await asOwner('DELETE', `/api/roles/${role.id}`)).statusCode).toBe(404);
  });

  it('refuses a name taken (any case) with 409, and bad input with 400 in the shared error shape, changing nothing', async () => {
    const first = (await asOwner('POST', '/api/roles', newRole())).json();
    const again = await asOwner('POST', '/api/roles', newRole({ name: first.name.toUpperCase() }));
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toContain('exists already');

    const before = (await asOwner('GET', '/api/roles')).json();
    for (const body of [
      newRole({ permissions: ['catalog.read', 'orders.steal'] }),
      newRole({ discountLimitPercent: 101 }),
      newRole({ pos: { ...deny, refund: 'maybe' } }),
      newRole({ name: ' ' }),
    ]) {
      const res = await asOwner('POST', '/api/roles', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        msg: expect.any(String),
        errors: [{ path: expect.any(String), message: expect.any(String) }],
      });
    }
    const patched = await asOwner('PATCH', `/api/roles/${first.id}`, { permissions: ['orders.steal'] });
    expect(patched.statusCode).toBe(400);
    expect((await asOwner('GET', '/api/roles')).json()).toEqual(before);
  });

  it('never changes or deletes the Owner role (403), and answers 404 for an unknown role', async () => {
    const ownerRole = (await asOwner('GET', '/api/roles')).json()[0];
    const changed = await asOwner('PATCH', `/api/roles/${ownerRole.id}`, { permissions: [] });
    expect(changed.statusCode).toBe(403);
    expect(changed.json().msg).toBe('The Owner role cannot be changed');
    const deleted = await asOwner('DELETE', `/api/roles/${ownerRole.id}`);
    expect(deleted.statusCode).toBe(403);
    expect(deleted.json().msg).toBe('The Owner role cannot be deleted');
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      expect((await asOwner('PATCH', `/api/roles/${id}`, { discountLimitPercent: 1 })).statusCode).toBe(404);
      expect((await asOwner('DELETE', `/api/roles/${id}`)).statusCode).toBe(404);
    }
  });

  it('answers 409 when deleting a role someone holds, even a deactivated member, or an open invitation names', async () => {
    const role = (await asOwner('POST', '/api/roles', newRole())).json();
    const member = await createStaff(ctx, 'fulfilment');
    expect((await asOwner('PATCH', `/api/staff/${member.user.id}`, { roleId: role.id })).statusCode).toBe(200);
    const held = await asOwner('DELETE', `/api/roles/${role.id}`);
    expect(held.statusCode).toBe(409);
    expect(held.json().msg).toBe(`${role.name} is held by 1 member: give them another role first`);

    expect((await asOwner('PATCH', `/api/staff/${member.user.id}`, { active: false })).statusCode).toBe(200);
    expect((await asOwner('DELETE', `/api/roles/${role.id}`)).statusCode).toBe(409);

    const fulfilment = (await asOwner('GET', '/api/roles')).json().find((r: { template: string }) => r.template === 'fulfilment');
    expect((await asOwner('PATCH', `/api/staff/${member.user.id}`, { roleId: fulfilment.id })).statusCode).toBe(200);
    const invited = await asOwner('POST', '/api/staff/invitations', { email: `stock-${counter}@example.com`, roleId: role.id });
    expect(invited.statusCode).toBe(201);
    const named = await asOwner('DELETE', `/api/roles/${role.id}`);
    expect(named.statusCode).toBe(409);
    expect(named.json().msg).toContain('open invitation');

    // A cancelled invitation does not keep it.
    expect((await asOwner('DELETE', `/api/staff/invitations/${invited.json().id}`)).statusCode).toBe(204);
    expect((await asOwner('DELETE', `/api/roles/${role.id}`)).statusCode).toBe(204);
  });

  it("gives the role's members its new permissions at their next request", async () => {
    const content = await createStaff(ctx, 'content_editor');
    const editor = as(content.accessToken);
    expect((await editor('GET', '/api/customers')).statusCode).toBe(403);
    const role = (await asOwner('GET', '/api/roles')).json().find((r: { template: string }) => r.template === 'content_editor');
    await asOwner('PATCH', `/api/roles/${role.id}`, { permissions: [...role.permissions, 'customers.read'] });
    expect((await editor('GET', '/api/customers')).statusCode).toBe(200);
    await asOwner('PATCH', `/api/roles/${role.id}`, { permissions: role.permissions });
    expect((await editor('GET', '/api/customers')).statusCode).toBe(403);
  });
});

describe('who may manage roles', () => {
  it('is staff.manage only: anonymous 401, a shopper and every template but the Owner 403 naming it, nothing changed', async () => {
    const target = (await asOwner('POST', '/api/roles', newRole())).json();
    await expectRefusedWithout(ctx, 'staff.manage', [
      { method: 'GET', url: '/api/roles' },
      { method: 'POST', url: '/api/roles', payload: newRole() },
      { method: 'PATCH', url: `/api/roles/${target.id}`, payload: { discountLimitPercent: 50 } },
      { method: 'DELETE', url: `/api/roles/${target.id}` },
    ]);
    expect((await asOwner('GET', '/api/roles')).json().find((r: { id: string }) => r.id === target.id)).toMatchObject({
      discountLimitPercent: 0,
    });
  });
});
