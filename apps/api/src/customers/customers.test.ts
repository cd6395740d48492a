import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdmin, createTestApp, registerShopper, type TestContext } from '../../test/helpers.ts';

let ctx: TestContext;
let admin: InjectOptions['headers'];
let shopper: InjectOptions['headers'];
beforeAll(async () => {
  ctx = await createTestApp();
  admin = bearer((await createAdmin(ctx)).accessToken);
  shopper = bearer((await registerShopper(ctx.app)).accessToken);
});
afterAll(() => ctx.close());

interface CustomerJson {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  createdAt: string;
}

const create = (payload: Record<string, unknown>, headers = admin) =>
  ctx.app.inject({ method: 'POST', url: '/api/customers/create', headers, payload });
async function list(query = '') {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/customers${query}`, headers: admin });
  expect(res.statusCode).toBe(200);
  return { items: res.json() as CustomerJson[], total: Number(res.headers['x-total-count']) };
}

describe('point-of-sale customers', () => {
  it('creates a customer (200), trimming names and lower-casing the email', async () => {
    const res = await create({ firstName: ' Ngozi ', lastName: 'Okonkwo', email: ' Ngozi.Okonkwo@Example.COM ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: expect.any(String),
      firstName: 'Ngozi',
      lastName: 'Okonkwo',
      email: 'ngozi.okonkwo@example.com',
      phone: '',
      storeCredit: 0,
      createdAt: expect.any(String),
    });
    const withPhone = await create({
      firstName: 'Tunde',
      lastName: 'Bakare',
      email: 'tunde@example.com',
      phone: '+234 809 111 2222',
    });
    expect(withPhone.json().phone).toBe('+234 809 111 2222');
  });

  it('refuses a second customer with the same email, whatever its case, with 409', async () => {
    const before = await list();
    const res = await create({ firstName: 'Someone', lastName: 'Else', email: 'NGOZI.okonkwo@example.com' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ msg: 'A customer with this email already exists' });
    expect((await list()).total).toBe(before.total);
  });

  it('refuses bad input with 400 and a message per field, and writes nothing', async () => {
    const before = await list();
    const res = await create({ firstName: '', lastName: ' ', email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    const paths = res.json().errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['firstName', 'lastName', 'email']));
    for (const payload of [
      { firstName: 'A', lastName: 'B' },
      { firstName: 'A', lastName: 'B', email: 'a@b.co', phone: 'x'.repeat(41) },
    ]) {
      expect((await create(payload)).statusCode).toBe(400);
    }
    expect((await list()).total).toBe(before.total);
  });

  it('lists customers newest first, with search, paging and X-Total-Count', async () => {
    for (const [firstName, lastName, email] of [
      ['Amaka', 'Nwosu', 'amaka@example.com'],
      ['Emeka', 'Obi', 'emeka.obi@shop.ng'],
      ['Fatima', 'Sule', 'fsule@example.com'],
    ]) {
      expect((await create({ firstName, lastName, email })).statusCode).toBe(200);
    }
    const all = await list();
    expect(all.total).toBe(5);
    expect(all.items.map((c) => c.firstName)).toEqual(['Fatima', 'Emeka', 'Amaka', 'Tunde', 'Ngozi']);

    const firstNames = async (query: string) => (await list(query)).items.map((c) => c.firstName);
    expect(await firstNames('?search=AMAKA')).toEqual(['Amaka']);
    expect(await firstNames('?search=nwo')).toEqual(['Amaka']);
    expect(await firstNames('?search=SHOP.NG')).toEqual(['Emeka']);
    expect(await firstNames('?search=Emeka%20Obi')).toEqual(['Emeka']);
    expect(await firstNames('?search=%25')).toEqual([]);
    expect(await firstNames('?search=')).toHaveLength(5);
    const searched = await list('?search=example.com');
    expect(searched.total).toBe(4);

    const page = await list('?limit=2&offset=1');
    expect(page.items.map((c) => c.firstName)).toEqual(['Emeka', 'Amaka']);
    expect(page.total).toBe(5);
    for (const query of ['?limit=0', '?limit=201', '?offset=-1', '?limit=ten']) {
      const bad = await ctx.app.inject({ method: 'GET', url: `/api/customers${query}`, headers: admin });
      expect(bad.statusCode, query).toBe(400);
    }
  });

  it('answers one customer with their store credit, 404 for an unknown id', async () => {
    const made = (await create({ firstName: 'Bisi', lastName: 'Ade', email: 'bisi.ade@example.com' })).json();
    const res = await ctx.app.inject({ method: 'GET', url: `/api/customers/${made.id}`, headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...made, storeCredit: 0 });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const missing = await ctx.app.inject({ method: 'GET', url: `/api/customers/${id}`, headers: admin });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().msg).toBe('Customer not found');
    }
  });

  it('answers 401 anonymous and 403 for a shopper on both endpoints, and writes nothing', async () => {
    const before = await list();
    const requests: InjectOptions[] = [
      { method: 'GET', url: '/api/customers' },
      { method: 'GET', url: '/api/customers/00000000-0000-4000-8000-000000000000' },
      { method: 'POST', url: '/api/customers/create', payload: { firstName: 'X', lastName: 'Y', email: 'xy@example.com' } },
    ];
    for (const request of requests) {
      const anonymous = await ctx.app.inject(request);
      expect(anonymous.statusCode, `${request.method} ${request.url}`).toBe(401);
      expect(anonymous.json().msg).toEqual(expect.any(String));
      expect((await ctx.app.inject({ ...request, headers: shopper })).statusCode).toBe(403);
    }
    expect((await list()).total).toBe(before.total);
  });
});
