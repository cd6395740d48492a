import { SignJWT, base64url } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdmin, createTestApp, newShopper, registerShopper, type TestContext } from '../../test/helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('register → login → me', () => {
  it('signs the new shopper in and lets the token read their profile', async () => {
    const body = newShopper({ email: 'Mixed.Case@Example.com' });
    const reg = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
    expect(reg.statusCode).toBe(201);
    const { accessToken, user } = reg.json();
    expect(accessToken).toEqual(expect.any(String));
    expect(user).toMatchObject({
      fname: 'Chioma',
      lname: 'Eze',
      email: 'mixed.case@example.com',
      city: 'Ikoyi',
      role: 'shopper',
    });
    expect(user).not.toHaveProperty('passwordHash');

    // Email is case-insensitive at sign-in.
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'MIXED.case@example.com', password: body.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user).toEqual(user);

    const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(login.json().accessToken) });
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toEqual(user);
  });

  it('refuses a second account with the same email, whatever its case', async () => {
    const first = await registerShopper(ctx.app);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: newShopper({ email: first.email.toUpperCase() }),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toMatch(/already exists/);
  });

  it('answers bad input with 400 and a message per field, and creates nothing', async () => {
    const body = newShopper({ email: 'not-an-email', password: 'short', firstName: '' });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
    expect(res.statusCode).toBe(400);
    const json = res.json();
    expect(json.msg).toEqual(expect.any(String));
    const paths = json.errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['email', 'password', 'firstName']));
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'not-an-email', password: 'short' },
    });
    expect(login.statusCode).toBe(401);
  });

  it('ignores a role sent at registration: nobody registers as admin', async () => {
    const body = newShopper({ role: 'admin' });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
    expect(res.statusCode).toBe(201);
    expect(res.json().user.role).toBe('shopper');
    const admin = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/adminlogin',
      payload: { email: body.email, password: body.password },
    });
    expect(admin.statusCode).toBe(403);
  });
});

describe('login failures', () => {
  it('gives the same 401 message for an unknown email and a wrong password', async () => {
    const shopper = await registerShopper(ctx.app);
    const wrongPassword = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: shopper.email, password: 'wrong password' },
    });
    const unknownEmail = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody@example.com', password: 'wrong password' },
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ msg: 'Invalid email or password' });
    expect(unknownEmail.json()).toEqual({ msg: 'Invalid email or password' });
  });
});

describe('admin login', () => {
  it('lets an admin in and refuses a shopper with the right password', async () => {
    const admin = await createAdmin(ctx);
    expect(admin.accessToken).toEqual(expect.any(String));
    expect(admin.user).toMatchObject({ role: 'admin' });

    const shopper = await registerShopper(ctx.app);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/adminlogin',
      payload: { email: shopper.email, password: shopper.password },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toEqual(expect.any(String));
    expect(res.json()).not.toHaveProperty('accessToken');
  });
});

describe('tokens', () => {
  const me = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });

  it('refuses a request without a token', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toEqual(expect.any(String));
  });

  it('refuses a tampered token', async () => {
    const { accessToken } = await registerShopper(ctx.app);
    const [header, payload, signature] = accessToken.split('.');
    const claims = JSON.parse(new TextDecoder().decode(base64url.decode(payload!)));
    const forged = base64url.encode(JSON.stringify({ ...claims, role: 'admin' }));
    expect((await me(`${header}.${forged}.${signature}`)).statusCode).toBe(401);
  });

  it('refuses an unsigned (alg: none) token', async () => {
    const { accessToken } = await registerShopper(ctx.app);
    const payload = accessToken.split('.')[1];
    const none = base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }));
    expect((await me(`${none}.${payload}.`)).statusCode).toBe(401);
  });

  it('refuses a token signed with another secret', async () => {
    const { user } = await registerShopper(ctx.app);
    const token = await new SignJWT({ role: 'shopper', tv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('x'.repeat(48)));
    expect((await me(token)).statusCode).toBe(401);
  });

  it('refuses an expired token', async () => {
    const { user } = await registerShopper(ctx.app);
    const token = await new SignJWT({ role: 'shopper', tv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(new TextEncoder().encode(ctx.app.config.jwtSecret));
    expect((await me(token)).statusCode).toBe(401);
  });

  it('revokes older tokens when the password changes (stale token version)', async () => {
    const shopper = await registerShopper(ctx.app);
    const change = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      headers: bearer(shopper.accessToken),
      payload: { currentPassword: shopper.password, newPassword: 'a brand new password' },
    });
    expect(change.statusCode).toBe(200);
    expect((await me(shopper.accessToken)).statusCode).toBe(401);
    expect((await me(change.json().accessToken)).statusCode).toBe(200);
  });
});
