/**
 * Two-factor sign-in for staff (issue 28), through HTTP: setup, enable, the sign-in challenge
 * and its code or recovery code, the challenge's life (5 minutes, 5 wrong codes), the wrong
 * codes per (account, client IP), turning it off, and the lost phone (an Owner's reset, the
 * command line's).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MESSAGES, TWO_FACTOR_MESSAGES } from '@shop/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectTooMany, uniqueIp } from '../../test/rate-limits.ts';
import {
  aStepLater,
  bearer,
  createStaff,
  createTestApp,
  embeddedDatabaseIn,
  registerShopper,
  type TestContext,
  testConfig,
} from '../../test/helpers.ts';
import { buildApp } from '../app.ts';
import { openDatabase } from '../db/client.ts';
import { auditLog, staffSessions, twoFactor, twoFactorChallenges } from '../db/schema/index.ts';
import { upsertAdmin } from '../users/index.ts';
import { commandScript } from '../../test/commands.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type Staff = Awaited<ReturnType<typeof createStaff>>;

const post = (app: FastifyInstance, url: string, payload: object, token?: string, remoteAddress?: string) =>
  app.inject({ method: 'POST', url, payload, ...(token && { headers: bearer(token) }), ...(remoteAddress && { remoteAddress }) });

/** The code the app shows now. */
const codeNow = (secret: string) => generate({ secret });

/** A six-digit code that is none of those accepted now (the step before, this one, the step after). */
async function wrongCode(secret: string): Promise<string> {
  const epoch = Math.floor(Date.now() / 1000);
  const near = await Promise.all([-60, -30, 0, 30, 60].map((d) => generate({ secret, epoch: epoch + d })));
  for (let n = 0; ; n++) {
    const candidate = String(n).padStart(6, '0');
    if (!near.includes(candidate)) return candidate;
  }
}

/** A member with two-factor on: their secret and recovery codes. */
async function withTwoFactor(template: Parameters<typeof createStaff>[1] = 'owner', app = ctx.app, shop = ctx) {
  const staff = await createStaff({ ...shop, app }, template);
  const setup = await post(app, '/api/auth/2fa/setup', {}, staff.accessToken);
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json() as { secret: string };
  const enabled = await post(app, '/api/auth/2fa/enable', { code: await codeNow(secret) }, staff.accessToken);
  expect(enabled.statusCode).toBe(200);
  await aStepLater(shop, staff.user.id);
  return { ...staff, secret, recoveryCodes: (enabled.json() as { recoveryCodes: string[] }).recoveryCodes };
}

/** Signs in with the password: the challenge to answer. */
async function challengeFor(staff: Staff, url = '/api/auth/adminlogin', remoteAddress?: string, app = ctx.app) {
  const res = await post(app, url, { email: staff.email, password: staff.password }, undefined, remoteAddress);
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
  return (res.json() as { challenge: string }).challenge;
}

const verify = (payload: object, remoteAddress?: string, app = ctx.app) =>
  post(app, '/api/auth/2fa/verify', payload, undefined, remoteAddress);

const sessionsOf = async (userId: string) =>
  (await ctx.database.db.select().from(staffSessions).where(eq(staffSessions.userId, userId))).length;

const auditOf = (entityId: string, action: string) =>
  ctx.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, entityId), eq(auditLog.action, action)));

describe('setting up two-factor sign-in', () => {
  it('answers a secret and its otpauth URL (the shop as issuer, the e-mail as label), and keeps the secret sealed', async () => {
    const staff = await createStaff(ctx);
    const res = await post(ctx.app, '/api/auth/2fa/setup', {}, staff.accessToken);
    expect(res.statusCode).toBe(200);
    const { secret, otpauthUrl } = res.json() as { secret: string; otpauthUrl: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(decodeURIComponent(url.pathname)).toBe(`/Adire:${staff.email}`);
    expect(url.searchParams.get('issuer')).toBe('Adire');
    expect(url.searchParams.get('secret')).toBe(secret);
    const [row] = await ctx.database.db.select().from(twoFactor).where(eq(twoFactor.userId, staff.user.id));
    expect(row?.enabledAt).toBeNull();
    expect(row?.secret).not.toContain(secret);
  });

  it('replaces a setup not finished: only the newest secret enables', async () => {
    const staff = await createStaff(ctx);
    const first = (await post(ctx.app, '/api/auth/2fa/setup', {}, staff.accessToken)).json() as { secret: string };
    const second = (await post(ctx.app, '/api/auth/2fa/setup', {}, staff.accessToken)).json() as { secret: string };
    expect(second.secret).not.toBe(first.secret);
    const stale = await post(ctx.app, '/api/auth/2fa/enable', { code: await wrongCode(second.secret) }, staff.accessToken);
    expect(stale.statusCode).toBe(400);
    expect(stale.json().msg).toBe(TWO_FACTOR_MESSAGES.wrongCode);
    const enabled = await post(ctx.app, '/api/auth/2fa/enable', { code: await codeNow(second.secret) }, staff.accessToken);
    expect(enabled.statusCode).toBe(200);
    const { recoveryCodes } = enabled.json() as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[0-9a-f]{5}(-[0-9a-f]{5}){3}$/);
    expect((await auditOf(staff.user.id, 'auth.two_factor_enabled')).length).toBe(1);
  });

  it('refuses a new setup or enable while it is on (409), enable before setup (409), and shoppers (403)', async () => {
    const staff = await withTwoFactor();
    const again = await post(ctx.app, '/api/auth/2fa/setup', {}, staff.accessToken);
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe(TWO_FACTOR_MESSAGES.alreadyOn);
    expect(
      (await post(ctx.app, '/api/auth/2fa/enable', { code: await codeNow(staff.secret) }, staff.accessToken)).statusCode,
    ).toBe(409);
    const fresh = await createStaff(ctx, 'cashier');
    const early = await post(ctx.app, '/api/auth/2fa/enable', { code: '123456' }, fresh.accessToken);
    expect(early.statusCode).toBe(409);
    expect(early.json().msg).toBe(TWO_FACTOR_MESSAGES.notStarted);
    const shopper = await registerShopper(ctx.app);
    const refused = await post(ctx.app, '/api/auth/2fa/setup', {}, shopper.accessToken);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe(TWO_FACTOR_MESSAGES.staffOnly);
    expect((await post(ctx.app, '/api/auth/2fa/setup', {})).statusCode).toBe(401);
  });
});

describe('signing in with two-factor on', () => {
  it('answers a challenge and no token, then the token for the right code (both sign-in routes); the session starts then', async () => {
    const staff = await withTwoFactor('manager');
    for (const url of ['/api/auth/login', '/api/auth/adminlogin']) {
      const before = await sessionsOf(staff.user.id);
      const challenge = await challengeFor(staff, url);
      expect(await sessionsOf(staff.user.id)).toBe(before);
      await aStepLater(ctx, staff.user.id);
      const res = await verify({ challenge, code: await codeNow(staff.secret) });
      expect(res.statusCode).toBe(200);
      const body = res.json() as { accessToken: string; user: { staffRole: string; permissions: string[]; role: string } };
      expect(body.user).toMatchObject({ role: 'admin', staffRole: 'Manager' });
      expect(body.user.permissions).toContain('orders.refund');
      expect(await sessionsOf(staff.user.id)).toBe(before + 1);
      const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(body.accessToken) });
      expect(me.statusCode).toBe(200);
      // A challenge works once.
      await aStepLater(ctx, staff.user.id);
      expect((await verify({ challenge, code: await codeNow(staff.secret) })).statusCode).toBe(401);
    }
    const signIns = await auditOf(staff.user.id, 'auth.sign_in');
    expect(signIns.map((e) => (e.after as { method: string }).method)).toContain('password and code');
  });

  it('takes a code once: the same code again is refused, on a new challenge too, until the next one', async () => {
    const staff = await withTwoFactor();
    const code = await codeNow(staff.secret);
    expect((await verify({ challenge: await challengeFor(staff), code })).statusCode).toBe(200);
    const replayed = await verify({ challenge: await challengeFor(staff), code });
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json()).toEqual({ msg: TWO_FACTOR_MESSAGES.wrongCode });
    await aStepLater(ctx, staff.user.id);
    expect((await verify({ challenge: await challengeFor(staff), code: await codeNow(staff.secret) })).statusCode).toBe(200);
  });

  it('refuses a wrong code (401) and keeps the challenge for the right one', async () => {
    const staff = await withTwoFactor();
    const challenge = await challengeFor(staff);
    const wrong = await verify({ challenge, code: await wrongCode(staff.secret) });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ msg: TWO_FACTOR_MESSAGES.wrongCode });
    expect((await verify({ challenge, code: await codeNow(staff.secret) })).statusCode).toBe(200);
  });

  it('kills a challenge after 5 wrong codes: the right code is refused then', async () => {
    const staff = await withTwoFactor();
    const challenge = await challengeFor(staff);
    const wrong = await wrongCode(staff.secret);
    for (let i = 0; i < 5; i++) expect((await verify({ challenge, code: wrong })).statusCode).toBe(401);
    const late = await verify({ challenge, code: await codeNow(staff.secret) });
    expect(late.statusCode).toBe(401);
    expect(late.json().msg).toBe(TWO_FACTOR_MESSAGES.challengeEnded);
  });

  it('kills a challenge after 5 minutes', async () => {
    const staff = await withTwoFactor();
    const challenge = await challengeFor(staff);
    await ctx.database.db
      .update(twoFactorChallenges)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(twoFactorChallenges.id, challenge));
    const late = await verify({ challenge, code: await codeNow(staff.secret) });
    expect(late.statusCode).toBe(401);
    expect(late.json().msg).toBe(TWO_FACTOR_MESSAGES.challengeEnded);
    // Created 5 minutes ahead of now.
    const fresh = await challengeFor(staff);
    const [row] = await ctx.database.db
      .select({ minutes: sql<number>`extract(epoch from ${twoFactorChallenges.expiresAt} - now()) / 60` })
      .from(twoFactorChallenges)
      .where(eq(twoFactorChallenges.id, fresh));
    expect(Number(row!.minutes)).toBeGreaterThan(4.9);
    expect(Number(row!.minutes)).toBeLessThanOrEqual(5);
  });

  it('answers 429 after 10 wrong codes for one account from one client, while another client still signs in', async () => {
    const staff = await withTwoFactor();
    const [guesser, owner] = [uniqueIp(), uniqueIp()];
    const wrong = await wrongCode(staff.secret);
    for (let round = 0; round < 2; round++) {
      const challenge = await challengeFor(staff, '/api/auth/adminlogin', guesser);
      for (let i = 0; i < 5; i++) expect((await verify({ challenge, code: wrong }, guesser)).statusCode).toBe(401);
    }
    const challenge = await challengeFor(staff, '/api/auth/adminlogin', guesser);
    const refused = await verify({ challenge, code: await codeNow(staff.secret) }, guesser);
    expectTooMany(refused);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(14 * 60);
    const elsewhere = await challengeFor(staff, '/api/auth/adminlogin', owner);
    expect((await verify({ challenge: elsewhere, code: await codeNow(staff.secret) }, owner)).statusCode).toBe(200);
  });

  it('takes a recovery code once: the second time it is refused', async () => {
    const staff = await withTwoFactor();
    const [code] = staff.recoveryCodes;
    const first = await verify({ challenge: await challengeFor(staff), recoveryCode: code!.toUpperCase() });
    expect(first.statusCode).toBe(200);
    expect(first.json().accessToken).toEqual(expect.any(String));
    const challenge = await challengeFor(staff);
    const second = await verify({ challenge, recoveryCode: code });
    expect(second.statusCode).toBe(401);
    expect(second.json().msg).toBe(TWO_FACTOR_MESSAGES.wrongCode);
    // The refusal counted against the challenge, which still takes another code.
    expect((await verify({ challenge, recoveryCode: staff.recoveryCodes[1] })).statusCode).toBe(200);
  });

  it('refuses a body with both or neither of code and recovery code, and an unknown challenge', async () => {
    const staff = await withTwoFactor();
    const challenge = await challengeFor(staff);
    expect((await verify({ challenge })).statusCode).toBe(400);
    expect((await verify({ challenge, code: '123456', recoveryCode: staff.recoveryCodes[0] })).statusCode).toBe(400);
    const unknown = await verify({ challenge: 'not-a-challenge', code: '123456' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().msg).toBe(TWO_FACTOR_MESSAGES.challengeEnded);
  });

  it('still refuses a wrong password (401) before any challenge', async () => {
    const staff = await withTwoFactor();
    const res = await post(ctx.app, '/api/auth/adminlogin', { email: staff.email, password: 'not the password' });
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toBe(MESSAGES.invalidCredentials);
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('wrong codes counted across API processes', () => {
  it('refuses the 11th wrong-or-right code from one client whichever process answers, sharing Redis', async () => {
    const env = { REDIS_URL: process.env.TEST_REDIS_URL! };
    const a = await createTestApp(env);
    // A second API process on the same database (closed before it: the database is a's).
    const b = await buildApp({ config: testConfig(env), database: { ...a.database, close: async () => {} }, logger: false });
    try {
      await b.ready();
      const staff = await withTwoFactor('owner', a.app, a);
      const client = uniqueIp();
      const wrong = await wrongCode(staff.secret);
      for (const app of [a.app, b]) {
        const challenge = await challengeFor(staff, '/api/auth/adminlogin', client, app);
        for (let i = 0; i < 5; i++) expect((await verify({ challenge, code: wrong }, client, app)).statusCode).toBe(401);
      }
      for (const app of [a.app, b]) {
        const challenge = await challengeFor(staff, '/api/auth/adminlogin', client, app);
        expectTooMany(await verify({ challenge, code: await codeNow(staff.secret) }, client, app));
      }
    } finally {
      await b.close();
      await a.close();
    }
  });
});

describe('turning two-factor off', () => {
  it('needs the password and a code: wrong ones change nothing (403), right ones turn it off', async () => {
    const staff = await withTwoFactor();
    const disable = (payload: object) => post(ctx.app, '/api/auth/2fa/disable', payload, staff.accessToken);
    const wrongPassword = await disable({ password: 'not it', code: await codeNow(staff.secret) });
    expect(wrongPassword.statusCode).toBe(403);
    expect(wrongPassword.json().msg).toBe(TWO_FACTOR_MESSAGES.wrongPassword);
    const badCode = await disable({ password: staff.password, code: await wrongCode(staff.secret) });
    expect(badCode.statusCode).toBe(403);
    expect(badCode.json().msg).toBe(TWO_FACTOR_MESSAGES.wrongCode);
    await challengeFor(staff);

    expect((await disable({ password: staff.password, code: await codeNow(staff.secret) })).statusCode).toBe(204);
    const signIn = await post(ctx.app, '/api/auth/adminlogin', { email: staff.email, password: staff.password });
    expect(signIn.json().accessToken).toEqual(expect.any(String));
    expect((await disable({ password: staff.password, code: await codeNow(staff.secret) })).statusCode).toBe(409);
    expect((await auditOf(staff.user.id, 'auth.two_factor_disabled')).length).toBe(1);
  });

  it('takes a recovery code instead of a code from the app', async () => {
    const staff = await withTwoFactor();
    const res = await post(
      ctx.app,
      '/api/auth/2fa/disable',
      { password: staff.password, code: staff.recoveryCodes[3] },
      staff.accessToken,
    );
    expect(res.statusCode).toBe(204);
    expect(await ctx.database.db.select().from(twoFactor).where(eq(twoFactor.userId, staff.user.id))).toEqual([]);
  });
});

describe('lost phone', () => {
  it("lets an Owner turn off another member's two-factor, ending their sessions; audited; nobody else may", async () => {
    const member = await withTwoFactor('cashier');
    const memberSession = (
      await verify({ challenge: await challengeFor(member), code: await codeNow(member.secret) })
    ).json() as {
      accessToken: string;
    };
    const manager = await createStaff(ctx, 'manager');
    const owner = await createStaff(ctx, 'owner');
    const reset = (token: string, id = member.user.id) =>
      ctx.app.inject({ method: 'DELETE', url: `/api/staff/${id}/two-factor`, headers: bearer(token) });

    const refused = await reset(manager.accessToken);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().permission).toBe('staff.manage');
    expect((await reset(owner.accessToken, owner.user.id)).statusCode).toBe(403);
    expect((await reset(owner.accessToken, (await registerShopper(ctx.app)).user.id)).statusCode).toBe(404);

    expect((await reset(owner.accessToken)).statusCode).toBe(204);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(memberSession.accessToken) });
    expect(me.statusCode).toBe(401);
    const signIn = await post(ctx.app, '/api/auth/adminlogin', { email: member.email, password: member.password });
    expect(signIn.json().accessToken).toEqual(expect.any(String));
    expect((await reset(owner.accessToken)).statusCode).toBe(409);

    const [entry] = await auditOf(member.user.id, 'auth.two_factor_reset');
    expect(entry).toMatchObject({ actorId: owner.user.id, actorRole: 'Owner', actorEmail: owner.email });
    expect(entry?.after).toMatchObject({ member: member.email, via: 'staff page' });
  });
});

describe('npm run admin:create -- --reset-2fa', () => {
  const apiDir = path.resolve(import.meta.dirname, '../..');
  const run = (env: Record<string, string>, args: string[]) =>
    spawnSync(process.execPath, [commandScript('admin-create'), ...args], {
      cwd: apiDir,
      env: { ...process.env, NODE_ENV: 'test', ADMIN_PASSWORD: '', DATABASE_URL: '', ...env },
      encoding: 'utf8',
    });

  it('turns off any account’s two-factor from the server, and says so for an unknown address', async () => {
    // The command opens the database by itself: the test's PostgreSQL database, or an
    // embedded one on disk, which one process at a time may open (embeddedDatabaseIn leaves
    // the folder empty on the PostgreSQL pass).
    const url = ctx.database.url;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'reset-2fa-'));
    embeddedDatabaseIn(dataDir);
    const env: Record<string, string> = url ? { DATABASE_URL: url, DATA_DIR: dataDir } : { DATA_DIR: dataDir };
    const open = async () => {
      if (url) return { app: ctx.app, db: ctx.database.db, close: async () => {} };
      const database = await openDatabase({ dataDir });
      await database.migrate();
      const app = await buildApp({ config: testConfig({ DATA_DIR: dataDir }), database, logger: false });
      await app.ready();
      return { app, db: database.db, close: () => app.close() };
    };
    try {
      let shop = await open();
      const email = `lost-phone-${Date.now()}@example.com`;
      const password = 'a long password 1';
      await upsertAdmin(shop.db, { email, password });
      const signedIn = await post(shop.app, '/api/auth/adminlogin', { email, password });
      const { accessToken } = signedIn.json() as { accessToken: string };
      const { secret } = (await post(shop.app, '/api/auth/2fa/setup', {}, accessToken)).json() as { secret: string };
      expect((await post(shop.app, '/api/auth/2fa/enable', { code: await codeNow(secret) }, accessToken)).statusCode).toBe(200);
      expect((await post(shop.app, '/api/auth/adminlogin', { email, password })).json().twoFactorRequired).toBe(true);
      await shop.close();

      const reset = run(env, ['--email', email, '--reset-2fa']);
      expect(reset.stderr).toBe('');
      expect(reset.status).toBe(0);
      expect(reset.stdout).toMatch(/Two-factor sign-in turned off/);
      const unknown = run(env, ['--email', 'nobody@example.com', '--reset-2fa']);
      expect(unknown.status).toBe(1);
      expect(unknown.stderr).toMatch(/No account has the e-mail nobody@example.com/);

      shop = await open();
      const after = await post(shop.app, '/api/auth/adminlogin', { email, password });
      expect(after.json().accessToken).toEqual(expect.any(String));
      const entries = await shop.db.select().from(auditLog).where(eq(auditLog.action, 'auth.two_factor_reset'));
      expect(entries.some((e) => (e.after as { via?: string }).via === 'command line' && e.actorId === null)).toBe(true);
      await shop.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
