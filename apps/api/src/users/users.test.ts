import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdmin, createTestApp, registerShopper, type TestContext } from '../../test/helpers.ts';

let ctx: TestContext;
let admin: InjectOptions['headers'];
let shopper: InjectOptions['headers'];
let adminId: string;

/** Registered in this order; the admin (no country) comes first. */
const PEOPLE = [
  { firstName: 'Kwame', lastName: 'Mensah', email: 'kwame@example.com', phone: '+233 20 123 4567', country: 'Ghana' },
  { firstName: 'Adaeze', lastName: 'Okafor', email: 'ada.okafor@shop.ng', phone: '+234 803 111 1111', country: 'Nigeria' },
  { firstName: 'Zainab', lastName: 'Bello', email: 'zainab@example.com', phone: '', country: 'Kenya' },
  { firstName: 'bola', lastName: 'Adeyemi', email: 'bola_a@example.com', phone: '+234 805 222 2222', country: ' nigeria ' },
];

beforeAll(async () => {
  ctx = await createTestApp();
  const a = await createAdmin(ctx, 'boss@example.com');
  admin = bearer(a.accessToken);
  adminId = a.user.id;
  for (const person of PEOPLE) await registerShopper(ctx.app, person);
  shopper = bearer(
    (await registerShopper(ctx.app, { firstName: 'Yemi', lastName: 'Alade', email: 'yemi@example.com', country: 'Nigeria' }))
      .accessToken,
  );
});
afterAll(() => ctx.close());

interface UserJson {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  country: string;
  role: string;
}

async function list(query = '') {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/users${query}`, headers: admin });
  expect(res.statusCode, res.body).toBe(200);
  return { items: res.json() as UserJson[], total: Number(res.headers['x-total-count']), raw: res.body };
}
const firstNames = async (query: string) => (await list(query)).items.map((u) => u.firstName);

describe('GET /api/users', () => {
  it('lists users newest first with the table fields, never the password hash', async () => {
    const { items, total, raw } = await list();
    expect(total).toBe(6);
    expect(items.map((u) => u.firstName)).toEqual(['Yemi', 'bola', 'Zainab', 'Adaeze', 'Kwame', 'Shop']);
    expect(Object.keys(items[0]!).sort()).toEqual(
      ['address', 'city', 'country', 'createdAt', 'email', 'firstName', 'id', 'lastName', 'phone', 'role', 'state'].sort(),
    );
    expect(items[3]).toMatchObject({
      firstName: 'Adaeze',
      lastName: 'Okafor',
      email: 'ada.okafor@shop.ng',
      phone: '+234 803 111 1111',
      address: '5 Awolowo Road',
      state: 'Lagos',
      country: 'Nigeria',
      role: 'shopper',
    });
    expect(raw).not.toMatch(/password|argon2|tokenVersion/i);
  });

  it('searches first name, last name, full name, email and phone, case-insensitively', async () => {
    expect(await firstNames('?search=KWAME')).toEqual(['Kwame']);
    expect(await firstNames('?search=okaf')).toEqual(['Adaeze']);
    expect(await firstNames('?search=Zainab%20Bello')).toEqual(['Zainab']);
    expect(await firstNames('?search=SHOP.NG')).toEqual(['Adaeze']);
    expect(await firstNames('?search=233%2020')).toEqual(['Kwame']);
    // LIKE wildcards are matched literally.
    expect(await firstNames('?search=bola_')).toEqual(['bola']);
    expect(await firstNames('?search=%25')).toEqual([]);
    expect(await firstNames('?search=_')).toEqual(['bola']);
    const { total } = await list('?search=example.com');
    expect(total).toBe(5);
  });

  it('filters by country (exact, case-insensitive) and by role', async () => {
    expect(await firstNames('?country=NIGERIA')).toEqual(['Yemi', 'bola', 'Adaeze']);
    expect(await firstNames('?country=Niger')).toEqual([]);
    expect((await list('?country=ghana')).total).toBe(1);
    const admins = await list('?role=admin');
    expect(admins.items.map((u) => u.id)).toEqual([adminId]);
    expect(admins.total).toBe(1);
    expect((await list('?role=shopper')).total).toBe(5);
    expect(await firstNames('?country=nigeria&search=ada')).toEqual(['Adaeze']);
  });

  it('sorts by latest, oldest, name and email', async () => {
    const latest = await firstNames('');
    expect(await firstNames('?sort=latest')).toEqual(latest);
    expect(await firstNames('?sort=oldest')).toEqual([...latest].reverse());
    expect(await firstNames('?sort=name')).toEqual(['Adaeze', 'bola', 'Kwame', 'Shop', 'Yemi', 'Zainab']);
    const emails = (await list('?sort=email')).items.map((u) => u.email);
    expect(emails).toEqual([
      'ada.okafor@shop.ng',
      'bola_a@example.com',
      'boss@example.com',
      'kwame@example.com',
      'yemi@example.com',
      'zainab@example.com',
    ]);
  });

  it('pages with limit and offset and reports the total before paging', async () => {
    const latest = await firstNames('');
    const page = await list('?limit=2&offset=2');
    expect(page.items.map((u) => u.firstName)).toEqual(latest.slice(2, 4));
    expect(page.total).toBe(6);
    const beyond = await list('?offset=100');
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBe(6);
    const filtered = await list('?country=nigeria&limit=1');
    expect(filtered.items).toHaveLength(1);
    expect(filtered.total).toBe(3);
  });

  it('refuses invalid query values with 400', async () => {
    for (const query of [
      'sort=newest',
      'sort=',
      'limit=0',
      'limit=201',
      'limit=abc',
      'offset=-1',
      'offset=1.5',
      'role=superuser',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/users?${query}`, headers: admin });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().msg).toEqual(expect.any(String));
    }
    expect((await list('?limit=200')).total).toBe(6);
  });
});

describe('GET /api/users/countries', () => {
  it('answers the distinct non-empty countries, sorted, case variants once', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/users/countries', headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(['Ghana', 'Kenya', 'Nigeria']);
  });
});

describe('access', () => {
  it('answers 401 anonymous and 403 for a shopper on both endpoints', async () => {
    for (const url of ['/api/users', '/api/users/countries', '/api/users?sort=invalid']) {
      const anonymous = await ctx.app.inject({ method: 'GET', url });
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.json().msg).toEqual(expect.any(String));
      const asShopper = await ctx.app.inject({ method: 'GET', url, headers: shopper });
      expect(asShopper.statusCode, url).toBe(403);
      expect(asShopper.body).not.toContain('@example.com');
    }
  });
});
