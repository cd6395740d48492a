/**
 * Sign-in events in the audit trail (issue 28), through HTTP: a staff sign-in with who and from
 * where; refused sign-ins to a staff account at most once a minute per (e-mail, client IP),
 * counted together by every API process (Redis); nothing for a shopper's account or an
 * unknown address.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff, createTestApp, registerShopper, type TestContext, testConfig } from '../../test/helpers.ts';
import { uniqueIp } from '../../test/rate-limits.ts';
import { buildApp } from '../app.ts';
import { auditLog } from '../db/schema/index.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const signIn = (app: FastifyInstance, email: string, password: string, remoteAddress: string, url = '/api/auth/adminlogin') =>
  app.inject({
    method: 'POST',
    url,
    payload: { email, password },
    remoteAddress,
    headers: {
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
      'x-request-id': 'req-signin-1',
    },
  });

const failures = (shop: TestContext, email: string) =>
  shop.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'auth.sign_in_failed'), eq(auditLog.actorEmail, email)));

describe('sign-in events', () => {
  it('records a staff sign-in with the member, their role, the IP, the user agent and the request id', async () => {
    const staff = await createStaff(ctx, 'content_editor');
    const ip = uniqueIp();
    expect((await signIn(ctx.app, staff.email, staff.password, ip)).statusCode).toBe(200);
    const entries = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.sign_in'), eq(auditLog.actorId, staff.user.id), eq(auditLog.ip, ip)));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorEmail: staff.email,
      actorName: 'Content Staff',
      actorRole: 'Content editor',
      entity: 'auth',
      entityId: staff.user.id,
      userAgent: expect.stringContaining('Firefox/127.0'),
      requestId: 'req-signin-1',
    });
  });

  it('records refused sign-ins to a staff account once a minute per (e-mail, client IP), on both sign-in routes', async () => {
    const staff = await createStaff(ctx, 'cashier');
    const [first, second] = [uniqueIp(), uniqueIp()];
    for (let i = 0; i < 3; i++) expect((await signIn(ctx.app, staff.email, `guess-${i}`, first)).statusCode).toBe(401);
    expect((await signIn(ctx.app, staff.email.toUpperCase(), 'guess', first, '/api/auth/login')).statusCode).toBe(401);
    expect(await failures(ctx, staff.email)).toHaveLength(1);
    expect((await signIn(ctx.app, staff.email, 'guess', second)).statusCode).toBe(401);
    const entries = await failures(ctx, staff.email);
    expect(entries.map((e) => e.ip).sort()).toEqual([first, second].sort());
    expect(entries[0]).toMatchObject({
      actorId: staff.user.id,
      actorRole: 'Cashier',
      entityId: staff.user.id,
      after: { step: 'password' },
    });
  });

  it("records nothing for a shopper's account or an unknown address", async () => {
    const shopper = await registerShopper(ctx.app);
    const ip = uniqueIp();
    expect((await signIn(ctx.app, shopper.email, 'guess', ip, '/api/auth/login')).statusCode).toBe(401);
    expect((await signIn(ctx.app, 'nobody-here@example.com', 'guess', ip)).statusCode).toBe(401);
    const entries = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.ip, ip), inArray(auditLog.action, ['auth.sign_in_failed', 'auth.sign_in'])));
    expect(entries).toEqual([]);
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('refused staff sign-ins across API processes', () => {
  it('are recorded once a minute per (e-mail, client IP) whichever process answers', async () => {
    const env = { REDIS_URL: process.env.TEST_REDIS_URL! };
    const a = await createTestApp(env);
    // A second API process on the same database (closed before it: the database is a's).
    const b = await buildApp({ config: testConfig(env), database: { ...a.database, close: async () => {} }, logger: false });
    try {
      await b.ready();
      const staff = await createStaff(a, 'manager');
      const ip = uniqueIp();
      for (const app of [a.app, b, a.app, b]) expect((await signIn(app, staff.email, 'guess', ip)).statusCode).toBe(401);
      expect(await failures(a, staff.email)).toHaveLength(1);
    } finally {
      await b.close();
      await a.close();
    }
  });
});
