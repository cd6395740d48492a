/**
 * The last active Owner with two real API processes on one PostgreSQL database: two Owners
 * demoting each other at once, each through another process, leave one Owner (the row locks
 * of staff/members.ts hold whichever process serves a request).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiProcess, startApiProcess } from '../../test/api-process.ts';
import { createStaff, createTestApp, type TestContext } from '../../test/helpers.ts';
import { users } from '../db/schema/index.ts';
import { findRoleByTemplate } from './index.ts';

describe.runIf(process.env.TEST_DATABASE_URL)('the last active Owner, with two API processes', () => {
  let ctx: TestContext;
  const processes: ApiProcess[] = [];

  const call = async (port: number, method: string, url: string, body: unknown, token?: string) => {
    const res = await fetch(`http://127.0.0.1:${port}${url}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
      body: JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    const env = { DATABASE_URL: ctx.database.url!, JWT_SECRET: 'owners-multi-process-secret-0123456789abcdef' };
    processes.push(...(await Promise.all([startApiProcess(env), startApiProcess(env)])));
  }, 60_000);

  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await ctx.close();
  });

  it('two Owners demoting each other at once, each on its own process: one wins, one Owner is left', async () => {
    const owner = await findRoleByTemplate(ctx.database.db, 'owner');
    const manager = await findRoleByTemplate(ctx.database.db, 'manager');
    const [port0, port1] = processes.map((p) => p.port) as [number, number];
    for (const body of [{ roleId: manager.id }, { active: false }]) {
      const a = await createStaff(ctx);
      const b = await createStaff(ctx);
      await ctx.database.db.update(users).set({ active: false }).where(eq(users.staffRoleId, owner.id));
      for (const o of [a, b]) await ctx.database.db.update(users).set({ active: true }).where(eq(users.id, o.user.id));
      // Tokens from the processes themselves (the same secret, so either would do).
      const tokenA = (await call(port0, 'POST', '/api/auth/adminlogin', { email: a.email, password: a.password })).json
        .accessToken;
      const tokenB = (await call(port1, 'POST', '/api/auth/adminlogin', { email: b.email, password: b.password })).json
        .accessToken;
      const results = await Promise.all([
        call(port0, 'PATCH', `/api/staff/${b.user.id}`, body, tokenA as string),
        call(port1, 'PATCH', `/api/staff/${a.user.id}`, body, tokenB as string),
      ]);
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      // The loser found itself the last Owner, or its session had ended before it was let in.
      expect([409, 401]).toContain(results.find((r) => r.status !== 200)!.status);
      const owners = await ctx.database.db.select().from(users).where(eq(users.staffRoleId, owner.id));
      expect(owners.filter((u) => u.active)).toHaveLength(1);
    }
  });
});
