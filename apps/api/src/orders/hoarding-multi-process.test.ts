/**
 * The rules against holding the shop's stock and against recording one payment twice, with
 * two real API processes on one PostgreSQL database (issue 26, items 1 and 15): each is one
 * locked row or one conditional UPDATE in SQL, so they hold whichever process serves a request.
 */
import { MESSAGES_ORDER } from '@shop/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiProcess, startApiProcess } from '../../test/api-process.ts';
import { insertProduct, readProduct } from '../../test/fixtures.ts';
import { createAdmin, createTestApp, newShopper, type TestContext } from '../../test/helpers.ts';
import { orders } from '../db/schema/index.ts';

describe.runIf(process.env.TEST_DATABASE_URL)('holding stock and recording money, with two API processes', () => {
  let ctx: TestContext;
  const processes: ApiProcess[] = [];
  let ports: number[] = [];
  let adminToken: string;
  let methodId: string;

  const call = async (port: number, method: string, url: string, body?: unknown, token?: string) => {
    const res = await fetch(`http://127.0.0.1:${port}${url}`, {
      method,
      headers: {
        ...(body !== undefined && { 'content-type': 'application/json' }),
        ...(token && { authorization: `Bearer ${token}` }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  };
  const register = async (port: number) => {
    const shopper = newShopper();
    const res = await call(port, 'POST', '/api/auth/register', shopper);
    return { token: res.json.accessToken as string, id: (res.json.user as { id: string }).id };
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    const env = { DATABASE_URL: ctx.database.url!, JWT_SECRET: 'hoarding-multi-process-secret-0123456789abcdef' };
    processes.push(...(await Promise.all([startApiProcess(env), startApiProcess(env)])));
    ports = processes.map((p) => p.port);
    const admin = await createAdmin(ctx);
    adminToken = (await call(ports[0]!, 'POST', '/api/auth/adminlogin', { email: admin.email, password: admin.password })).json
      .accessToken as string;
    const zone = await call(
      ports[0]!,
      'POST',
      '/api/delivery/zones',
      {
        name: 'Lagos Mainland',
        states: ['Lagos Mainland'],
        methods: [{ name: 'Standard delivery', kind: 'flat', fee: 2500, etaDays: 2, payOnDelivery: true }],
      },
      adminToken,
    );
    methodId = (zone.json.methods as { id: string }[])[0]!.id;
    expect((await call(ports[0]!, 'PUT', '/api/settings', { podMaxUnits: 5 }, adminToken)).status).toBe(200);
  }, 60_000);

  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await ctx.close();
  });

  it('one shopper sending 8 orders at once, web checkout and legacy create, across both processes: exactly 3 are made', async () => {
    const product = await insertProduct(ctx.database.db, { title: 'Aso-Oke Fila', counter: 50 });
    const shopper = await register(ports[0]!);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        i % 2 === 0
          ? call(ports[i % 2]!, 'POST', '/api/checkout', { lines: [{ productId: product.id, quantity: 1 }] }, shopper.token)
          : call(ports[i % 2]!, 'POST', '/api/purchases/create', { productId: product.id, quantity: 1 }, shopper.token),
      ),
    );
    const made = results.filter((r) => r.status === 200 || r.status === 201);
    expect(made).toHaveLength(3);
    expect(results.filter((r) => r.status === 409).map((r) => r.json.msg)).toEqual(Array(5).fill(MESSAGES_ORDER.tooManyUnpaid));
    expect(await ctx.database.db.select().from(orders).where(eq(orders.userId, shopper.id))).toHaveLength(3);
    expect((await readProduct(ctx.database.db, product.id)).counter).toBe(47);
  });

  it('pay-on-delivery orders of one shopper at once across both processes never hold more than podMaxUnits units', async () => {
    const product = await insertProduct(ctx.database.db, { title: 'Kente Stole', counter: 50 });
    const shopper = await register(ports[1]!);
    const results = await Promise.all(
      Array.from({ length: 3 }, (_, i) =>
        call(
          ports[i % 2]!,
          'POST',
          '/api/checkout',
          { lines: [{ productId: product.id, quantity: 2 }], paymentMethod: 'pod', deliveryMethodId: methodId },
          shopper.token,
        ),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(2);
    expect(results.filter((r) => r.status === 409)).toHaveLength(1);
    expect((await readProduct(ctx.database.db, product.id)).counter).toBe(46);
  });

  it('one bank reference recorded on two orders at once, on both processes: one is recorded, the other names it', async () => {
    const product = await insertProduct(ctx.database.db, { price: 1_000_000, counter: 10 });
    const ids: string[] = [];
    for (const port of ports) {
      const shopper = await register(port);
      const res = await call(port, 'POST', '/api/checkout', { lines: [{ productId: product.id, quantity: 1 }] }, shopper.token);
      ids.push(res.json.orderId as string);
    }
    const results = await Promise.all(
      ids.map((id, i) =>
        call(
          ports[i]!,
          'POST',
          `/api/orders/${id}/payments`,
          { method: 'transfer', amount: 10_000, reference: 'UBA-42' },
          adminToken,
        ),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const recorded = ids[results.findIndex((r) => r.status === 201)];
    expect(results.find((r) => r.status === 409)!.json.duplicateOf).toBe(recorded);
  });
});
