/**
 * Access tokens that are not the server's own, as issued and still current, open nothing:
 * a forged or stripped signature (`alg: none`), another algorithm, an expired token, a
 * shopper's token with the role edited to admin, and a token for someone who does not exist.
 * A valid admin token works (the control), so the refusals are not an accident.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdmin, createTestApp, registerShopper, type TestContext } from '../test/helpers.ts';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof createAdmin>>;
let shopper: Awaited<ReturnType<typeof registerShopper>>;
let key: Uint8Array;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createAdmin(ctx);
  shopper = await registerShopper(ctx.app);
  key = new TextEncoder().encode(ctx.app.config.jwtSecret);
});
afterAll(() => ctx?.close());

const b64 = (value: object | string) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const parts = (token: string) => token.split('.') as [string, string, string];
const claimsOf = (token: string) => JSON.parse(Buffer.from(parts(token)[1], 'base64url').toString()) as Record<string, unknown>;

const call = (url: string, token: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
const adminOnly = (token: string) => call('/api/admin/stats', token);
const signedIn = (token: string) => call('/api/auth/me', token);

describe('access tokens', () => {
  it('a valid admin token opens the admin routes and a shopper token is refused there with 403 (the controls)', async () => {
    expect((await adminOnly(admin.accessToken)).statusCode).toBe(200);
    expect((await adminOnly(shopper.accessToken)).statusCode).toBe(403);
    expect((await signedIn(shopper.accessToken)).statusCode).toBe(200);
  });

  it('refuses a forged signature (another secret, or one character changed) with 401', async () => {
    const claims = claimsOf(admin.accessToken);
    const otherKey = new TextEncoder().encode('x'.repeat(48));
    const forged = await new SignJWT({ role: 'admin', tv: claims.tv })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.sub))
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(otherKey);
    expect((await adminOnly(forged)).statusCode).toBe(401);

    const [h, p, s] = parts(admin.accessToken);
    const flipped = `${h}.${p}.${s.slice(0, -2)}${s.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await adminOnly(flipped)).statusCode).toBe(401);
  });

  it('refuses `alg: none` (no signature) and a token signed with another HMAC algorithm', async () => {
    const claims = claimsOf(admin.accessToken);
    for (const token of [
      `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`,
      `${b64({ alg: 'None', typ: 'JWT' })}.${b64(claims)}.`,
      `${b64({ alg: 'none' })}.${b64(claims)}`,
    ]) {
      expect((await adminOnly(token)).statusCode, token).toBe(401);
      expect((await signedIn(token)).statusCode, token).toBe(401);
    }
    // HS512 with the right secret: the server accepts HS256 only.
    const hs512 = await new SignJWT({ role: 'admin', tv: claims.tv })
      .setProtectedHeader({ alg: 'HS512', typ: 'JWT' })
      .setSubject(String(claims.sub))
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(key);
    expect((await adminOnly(hs512)).statusCode).toBe(401);
  });

  it('refuses an expired token, even one signed with the right secret', async () => {
    const claims = claimsOf(admin.accessToken);
    const expired = await new SignJWT({ role: 'admin', tv: claims.tv })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.sub))
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(key);
    expect((await adminOnly(expired)).statusCode).toBe(401);
  });

  it("refuses a shopper's token with the role edited to admin (old signature, or re-signed by the server's key)", async () => {
    const [h, , s] = parts(shopper.accessToken);
    const claims = claimsOf(shopper.accessToken);
    expect(claims.role).toBe('shopper');
    const edited = `${h}.${b64({ ...claims, role: 'admin' })}.${s}`;
    expect((await adminOnly(edited)).statusCode).toBe(401);
    expect((await signedIn(edited)).statusCode).toBe(401);

    // Even with a valid signature (a leaked secret), the role must match the account's.
    const payload = `${h}.${b64({ ...claims, role: 'admin' })}`;
    const resigned = `${payload}.${createHmac('sha256', Buffer.from(key)).update(payload).digest('base64url')}`;
    expect((await adminOnly(resigned)).statusCode).toBe(401);
  });

  it('refuses a well-signed token for someone who does not exist, or of another token version', async () => {
    const claims = claimsOf(shopper.accessToken);
    const sign = (sub: string, tv: unknown) =>
      new SignJWT({ role: 'shopper', tv: tv as number })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(sub)
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(key);
    expect((await signedIn(await sign(randomUUID(), claims.tv))).statusCode).toBe(401);
    expect((await signedIn(await sign('not-a-uuid', claims.tv))).statusCode).toBe(401);
    expect((await signedIn(await sign(String(claims.sub), Number(claims.tv) + 1))).statusCode).toBe(401);
    expect((await signedIn(await sign(String(claims.sub), String(claims.tv)))).statusCode).toBe(401);
  });

  it('refuses garbage in the Authorization header with 401, never 500', async () => {
    for (const header of ['Bearer', 'Bearer ', 'Bearer a.b.c', 'Bearer ....', `Basic ${b64('a:b')}`, 'Bearer eyJ', '\u0000']) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: header } });
      expect(res.statusCode, header).toBe(401);
    }
  });
});
