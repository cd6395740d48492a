/**
 * Who may call what (issue 28): every route declares it and the server checks it, whatever a
 * screen shows. A staff member's permissions come from their role, read at every request; a
 * refusal is 403 naming the permission; staff tokens are backed by a session. Through HTTP.
 */
import { PERMISSIONS, TEMPLATE_ROLES } from '@shop/shared';
import Fastify from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../test/fixtures.ts';
import { bearer, createStaff, createTestApp, registerShopper, type TestContext, testConfig } from '../../test/helpers.ts';
import authPlugin from '../plugins/auth.ts';
import contextPlugin from '../plugins/context.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const as = (token: string) => ({
  json: (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: bearer(token), ...(payload && { payload }) }),
});

describe('routes declare who may call them', () => {
  it('gives every operation of the OpenAPI document its x-permission', () => {
    const doc = ctx.app.swagger() as { paths: Record<string, Record<string, { 'x-permission'?: unknown }>> };
    const missing = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op['x-permission'] === undefined)
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(missing).toEqual([]);
    expect(doc.paths['/api/orders/{id}/refunds']?.post?.['x-permission']).toEqual(['orders.refund', 'pos.sell']);
    expect(doc.paths['/api/products']?.get?.['x-permission']).toBe('public');
  });

  it('refuses to start with a route under /api that declares nobody', async () => {
    const app = Fastify({ logger: false });
    await app.register(contextPlugin, { config: testConfig(), database: ctx.database });
    await app.register(authPlugin);
    await app.ready();
    expect(() => app.get('/api/forgotten', async () => 'who may call me?')).toThrow(
      'GET /api/forgotten declares nobody who may call it',
    );
    await app.close();
  });

  it('lists the permissions, each with its sentence', async () => {
    const shopper = await registerShopper(ctx.app);
    const res = await as(shopper.accessToken).json('GET', '/api/permissions');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toContainEqual({ key: 'orders.refund', sentence: PERMISSIONS['orders.refund'] });
    expect(res.json()).toHaveLength(Object.keys(PERMISSIONS).length);
  });
});

describe("a staff member's role", () => {
  it('signs in with its name and permissions, and the original clients still read role admin', async () => {
    const cashier = await createStaff(ctx, 'cashier');
    expect(cashier.user).toMatchObject({ role: 'admin', staffRole: 'Cashier' });
    expect([...cashier.user.permissions].sort()).toEqual([...TEMPLATE_ROLES.cashier.permissions].sort());
    const me = (await as(cashier.accessToken).json('GET', '/api/auth/me')).json();
    expect(me.user).toMatchObject({ role: 'admin', staffRole: 'Cashier' });
    expect([...me.user.permissions].sort()).toEqual([...cashier.user.permissions].sort());
  });

  it('refuses what the role lacks with 403 naming the permission, and changes nothing', async () => {
    const cashier = await createStaff(ctx, 'cashier');
    const res = await as(cashier.accessToken).json('POST', '/api/coupons', { code: 'CASHIER10', type: 'percent', value: 10 });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ msg: "You don't have permission to manage coupons", permission: 'coupons.write' });
    const owner = await createStaff(ctx);
    const coupons = (await as(owner.accessToken).json('GET', '/api/coupons')).json() as { code: string }[];
    expect(coupons.map((c) => c.code)).not.toContain('CASHIER10');
    // What the role has, it may.
    expect((await as(cashier.accessToken).json('GET', '/api/customers')).statusCode).toBe(200);
  });

  it("shows another shopper's order only to staff who may read orders", async () => {
    const shopper = await registerShopper(ctx.app);
    const product = await insertProduct(ctx.database.db, { counter: 3 });
    const { orderId } = (
      await as(shopper.accessToken).json('POST', '/api/checkout', { lines: [{ productId: product.id, quantity: 1 }] })
    ).json();
    const editor = await createStaff(ctx, 'content_editor');
    expect((await as(editor.accessToken).json('GET', `/api/orders/${orderId}`)).statusCode).toBe(404);
    const fulfilment = await createStaff(ctx, 'fulfilment');
    expect((await as(fulfilment.accessToken).json('GET', `/api/orders/${orderId}`)).statusCode).toBe(200);
    // Fulfilment sends orders but does not cancel them.
    const cancel = await as(fulfilment.accessToken).json('PATCH', `/api/orders/${orderId}/status`, { status: 'cancelled' });
    expect(cancel.statusCode).toBe(403);
    expect(cancel.json().permission).toBe('orders.cancel');
    expect((await as(shopper.accessToken).json('GET', `/api/orders/${orderId}`)).json().status).toBe('pending');
  });

  it('keeps the bank account to settings.payments; other settings and unchanged bank details need only settings.write', async () => {
    const owner = await createStaff(ctx);
    const bank = { bankName: 'Zenith Bank', bankAccountName: 'Adire Ltd', bankAccountNumber: '1012345678' };
    expect(
      (await as(owner.accessToken).json('PUT', '/api/settings', { ...bank, currentPassword: owner.password })).statusCode,
    ).toBe(200);
    const manager = await createStaff(ctx, 'manager');
    const change = await as(manager.accessToken).json('PUT', '/api/settings', { bankAccountNumber: '2012345678' });
    expect(change.statusCode).toBe(403);
    expect(change.json().permission).toBe('settings.payments');
    const resent = await as(manager.accessToken).json('PUT', '/api/settings', { ...bank, storeName: 'Adire Lekki' });
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({ ...bank, storeName: 'Adire Lekki' });
  });
});

describe('staff tokens are backed by a session', () => {
  it('refuses a staff token that names no session, even correctly signed', async () => {
    const owner = await createStaff(ctx);
    const claims = JSON.parse(Buffer.from(owner.accessToken.split('.')[1]!, 'base64url').toString()) as {
      sub: string;
      tv: number;
    };
    const key = new TextEncoder().encode(ctx.app.config.jwtSecret);
    const noSession = await new SignJWT({ role: 'admin', tv: claims.tv })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(key);
    expect((await as(noSession).json('GET', '/api/auth/me')).statusCode).toBe(401);
    expect((await as(owner.accessToken).json('GET', '/api/auth/me')).statusCode).toBe(200);
  });

  it('ends every session at sign-out', async () => {
    const owner = await createStaff(ctx);
    expect((await as(owner.accessToken).json('POST', '/api/auth/logout')).statusCode).toBe(204);
    expect((await as(owner.accessToken).json('GET', '/api/coupons')).statusCode).toBe(401);
  });
});
