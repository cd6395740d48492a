/** Registering, listing and revoking tills (issue 29); what a till's token may reach is in catalogue.test.ts. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, tills } from '../db/schema/index.ts';
import { bearer, createStaff, createTestApp, expectRefusedWithout, type TestContext } from '../../test/helpers.ts';

let ctx: TestContext;
let cashier: Awaited<ReturnType<typeof createStaff>>;
let manager: Awaited<ReturnType<typeof createStaff>>;
beforeAll(async () => {
  ctx = await createTestApp();
  cashier = await createStaff(ctx, 'cashier');
  manager = await createStaff(ctx, 'manager');
});
afterAll(() => ctx.close());

const register = (name: unknown, token = cashier.accessToken) =>
  ctx.app.inject({ method: 'POST', url: '/api/pos/tills', headers: bearer(token), payload: { name } });

describe('tills', () => {
  it('registers a till for a cashier with its own prefix and a device token shown once, stored hashed', async () => {
    const first = await register('  Front counter ');
    expect(first.statusCode).toBe(201);
    const made = first.json();
    expect(made).toEqual({
      tillId: expect.any(String),
      prefix: expect.stringMatching(/^T\d+$/),
      deviceToken: expect.stringMatching(/^till_[\w-]{43}$/),
    });
    const second = (await register('Back counter')).json();
    expect(second.prefix).not.toBe(made.prefix);
    expect(second.deviceToken).not.toBe(made.deviceToken);

    const [row] = await ctx.database.db.select().from(tills).where(eq(tills.id, made.tillId));
    expect(row).toMatchObject({ name: 'Front counter', createdBy: cashier.user.id, revokedAt: null });
    expect(row!.deviceTokenHash).not.toContain(made.deviceToken.slice(5));
    const [entry] = await ctx.database.db.select().from(auditLog).where(eq(auditLog.entityId, made.tillId));
    expect(entry).toMatchObject({ action: 'pos.till_registered', entity: 'tills', actorId: cashier.user.id });
    expect(JSON.stringify(entry)).not.toContain(made.deviceToken);
    expect(JSON.stringify(entry)).not.toContain(row!.deviceTokenHash);

    const list = await ctx.app.inject({ method: 'GET', url: '/api/pos/tills', headers: bearer(cashier.accessToken) });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual(
      expect.arrayContaining([
        {
          id: made.tillId,
          name: 'Front counter',
          prefix: made.prefix,
          createdAt: expect.any(String),
          lastSyncAt: null,
          revokedAt: null,
        },
      ]),
    );
    expect(list.body).not.toContain('till_');
  });

  it('refuses a till without a name (400) and registers nothing', async () => {
    const before = await ctx.database.db.select().from(tills);
    for (const name of ['', '   ', 'x'.repeat(61), undefined]) {
      const res = await register(name);
      expect(res.statusCode).toBe(400);
    }
    expect((await register('')).json().msg).toMatch(/Give the till a name/);
    expect(await ctx.database.db.select().from(tills)).toHaveLength(before.length);
  });

  it('revokes a till with settings.write (a cashier may not), 404 for an unknown one, and keeps it listed', async () => {
    const { tillId } = (await register('Lost tablet')).json();
    const byCashier = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/pos/tills/${tillId}`,
      headers: bearer(cashier.accessToken),
    });
    expect(byCashier.statusCode).toBe(403);
    expect(byCashier.json().permission).toBe('settings.write');
    const revoked = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/pos/tills/${tillId}`,
      headers: bearer(manager.accessToken),
    });
    expect(revoked.statusCode).toBe(204);
    const again = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/pos/tills/${tillId}`,
      headers: bearer(manager.accessToken),
    });
    expect(again.statusCode).toBe(204);
    const unknown = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/pos/tills/00000000-0000-4000-8000-000000000000',
      headers: bearer(manager.accessToken),
    });
    expect(unknown.statusCode).toBe(404);
    const list = (await ctx.app.inject({ method: 'GET', url: '/api/pos/tills', headers: bearer(manager.accessToken) })).json();
    expect(list.find((t: { id: string }) => t.id === tillId).revokedAt).toEqual(expect.any(String));
    const [entry] = await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'pos.till_revoked'));
    expect(entry).toMatchObject({ entityId: tillId, actorId: manager.user.id });
  });

  it('is refused to those without pos.sell', async () => {
    await expectRefusedWithout(ctx, 'pos.sell', [
      { method: 'POST', url: '/api/pos/tills', payload: { name: 'Till' } },
      { method: 'GET', url: '/api/pos/tills' },
    ]);
    await expectRefusedWithout(ctx, 'settings.write', [
      { method: 'DELETE', url: '/api/pos/tills/00000000-0000-4000-8000-000000000000' },
    ]);
  });
});
