import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createAdmin, createTestApp, newShopper, registerShopper, type TestContext, testConfig } from '../../test/helpers.ts';
import { expectTooMany, uniqueIp } from '../../test/rate-limits.ts';
import { hashResetToken, insertReset, newResetToken } from './password-resets.ts';
import { RESET_REQUEST_LIMITS } from './routes.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ AUTH_RATE_LIMIT: '3' });
});
afterAll(() => ctx.close());

describe('rate limit on credential endpoints', () => {
  it('answers 429 with Retry-After once the limit for an IP and email is reached', async () => {
    const attempt = () =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'target@example.com', password: 'guess' } });
    for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().msg).toEqual(expect.any(String));

    // Another account from the same client is counted separately.
    const other = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'other@example.com', password: 'guess' },
    });
    expect(other.statusCode).toBe(401);
  });

  it('limits admin login and registration too', async () => {
    for (const url of ['/api/auth/adminlogin', '/api/auth/register']) {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        const payload = { ...newShopper(), email: 'limit@example.com' };
        const res = await ctx.app.inject({ method: 'POST', url, payload });
        codes.push(res.statusCode);
      }
      expect(codes.slice(0, 3)).not.toContain(429);
      expect(codes.at(-1)).toBe(429);
    }
  });
});

describe('registrations per client IP', () => {
  let app: TestContext;
  beforeAll(async () => {
    app = await createTestApp({ REGISTER_IP_RATE_LIMIT: '3' });
  });
  afterAll(() => app.close());
  const register = (remoteAddress: string, payload: object = newShopper()) =>
    app.app.inject({ method: 'POST', url: '/api/auth/register', payload, remoteAddress });

  it('are 20 an hour by default', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).registerIpRateLimit).toEqual({ max: 20, timeWindow: '1 hour' });
  });

  it('refuses a client past its registrations for the hour, with Retry-After, while another client registers', async () => {
    for (let i = 0; i < 3; i++) expect((await register('10.0.3.1')).statusCode).toBe(201);
    const refused = await register('10.0.3.1');
    expectTooMany(refused);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(59 * 60);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60 * 60);
    expect((await register('10.0.3.2')).statusCode).toBe(201);
  });

  it('counts a taken e-mail as a try, but not a form refused as invalid', async () => {
    const taken = newShopper();
    expect((await register('10.0.3.3', { ...taken, email: 'not an e-mail' })).statusCode).toBe(400);
    expect((await register('10.0.3.3', taken)).statusCode).toBe(201);
    expect((await register('10.0.3.3', taken)).statusCode).toBe(409);
    expect((await register('10.0.3.3')).statusCode).toBe(201);
    expectTooMany(await register('10.0.3.3'));
  });

  it('counts an IPv6 client by its /64', async () => {
    for (let i = 1; i <= 3; i++) expect((await register(`2001:db8:5:1::${i}`)).statusCode).toBe(201);
    expectTooMany(await register('2001:db8:5:1:ffff:ffff:ffff:ffff'));
    expect((await register('2001:db8:5:2::1')).statusCode).toBe(201);
  });
});

/** A POST from one loopback address to the app's real port: the address the limits see. */
function postFrom(app: FastifyInstance, localAddress: string, url: string, body: object) {
  const { port } = app.server.address() as AddressInfo;
  const payload = JSON.stringify(body);
  return new Promise<{ statusCode: number; headers: http.IncomingHttpHeaders; json(): unknown }>((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path: url,
        method: 'POST',
        localAddress,
        agent: false,
        headers: { 'content-type': 'application/json' },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => resolve({ statusCode: res.statusCode!, headers: res.headers, json: () => JSON.parse(text) }));
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

describe('sign-in lock per (e-mail, client), from real loopback addresses', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ AUTH_EMAIL_RATE_LIMIT: '3', AUTH_EMAIL_RATE_WINDOW: '1 minute' });
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => ctx.close());
  const login = (from: string, email: string, password: string, url = '/api/auth/login') =>
    postFrom(ctx.app, from, url, { email, password });

  it('locks the guessing address, doubling its wait, while the owner signs in from another', async () => {
    const victim = await registerShopper(ctx.app);
    for (let i = 0; i < 3; i++) expect((await login('127.0.0.2', victim.email, `guess-${i}`)).statusCode).toBe(401);
    // Locked from 127.0.0.2, even with the right password; each try there doubles the wait.
    const first = await login('127.0.0.2', victim.email, victim.password);
    expectTooMany(first);
    expect(Number(first.headers['retry-after'])).toBeGreaterThan(50);
    expect(Number(first.headers['retry-after'])).toBeLessThanOrEqual(60);
    const second = await login('127.0.0.2', victim.email.toUpperCase(), 'guess-3');
    expectTooMany(second);
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(110);
    expect(Number(second.headers['retry-after'])).toBeLessThanOrEqual(120);
    const third = await login('127.0.0.2', victim.email, 'guess-4');
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(230);

    // Another address: never refused because of 127.0.0.2's failures.
    expect((await login('127.0.0.3', victim.email, victim.password)).statusCode).toBe(200);
    expect((await login('127.0.0.3', victim.email, 'guess-5')).statusCode).toBe(401);
    expect((await login('127.0.0.3', victim.email, victim.password)).statusCode).toBe(200);
  });

  it('locks no admin out of the back office from elsewhere', async () => {
    const admin = await createAdmin(ctx);
    for (let i = 0; i < 3; i++) {
      expect((await login('127.0.0.4', admin.email, `guess-${i}`, '/api/auth/adminlogin')).statusCode).toBe(401);
    }
    expectTooMany(await login('127.0.0.4', admin.email, admin.password, '/api/auth/adminlogin'));
    expect((await login('127.0.0.5', admin.email, admin.password, '/api/auth/adminlogin')).statusCode).toBe(200);
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('rate limit shared through Redis', () => {
  it('counts attempts across several API processes', async () => {
    const env = { AUTH_RATE_LIMIT: '3', REDIS_URL: process.env.TEST_REDIS_URL! };
    const [a, b] = await Promise.all([createTestApp(env), createTestApp(env)]);
    try {
      const email = `shared-${Date.now()}@example.com`;
      const attempt = (app: TestContext['app']) =>
        app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'guess' } });
      expect((await attempt(a.app)).statusCode).toBe(401);
      expect((await attempt(b.app)).statusCode).toBe(401);
      expect((await attempt(a.app)).statusCode).toBe(401);
      expect((await attempt(b.app)).statusCode).toBe(429);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('counts sign-in failures per (e-mail, client) across processes, and a reset in one ends them for both', async () => {
    const env = { REDIS_URL: process.env.TEST_REDIS_URL!, AUTH_EMAIL_RATE_LIMIT: '2' };
    const a = await createTestApp(env);
    // A second API process on the same database (closed before it: the database is a's).
    const b: FastifyInstance = await buildApp({
      config: testConfig(env),
      database: { ...a.database, close: async () => {} },
      logger: false,
    });
    try {
      await b.ready();
      const shopper = await registerShopper(a.app);
      const [guesser, owner] = [uniqueIp(), uniqueIp()];
      const login = (app: FastifyInstance, remoteAddress: string, password: string) =>
        app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: shopper.email, password }, remoteAddress });
      expect((await login(a.app, guesser, 'guess-1')).statusCode).toBe(401);
      expect((await login(b, guesser, 'guess-2')).statusCode).toBe(401);
      expectTooMany(await login(a.app, guesser, shopper.password));
      expectTooMany(await login(b, guesser, shopper.password));
      expect((await login(b, owner, shopper.password)).statusCode).toBe(200);

      const token = newResetToken();
      await insertReset(a.database.db, shopper.user.id, hashResetToken(token));
      const reset = await b.inject({
        method: 'POST',
        url: '/api/auth/reset',
        payload: { token, password: 'a fresh password 2025' },
      });
      expect(reset.statusCode).toBe(200);
      expect((await login(a.app, guesser, 'a fresh password 2025')).statusCode).toBe(200);
    } finally {
      await b.close();
      await a.close();
    }
  });

  it('counts reset requests for one address across several API processes', async () => {
    const env = { REDIS_URL: process.env.TEST_REDIS_URL! };
    const [a, b] = await Promise.all([createTestApp(env), createTestApp(env)]);
    try {
      const email = `reset-${Date.now()}@example.com`;
      const remoteAddress = uniqueIp();
      const ask = (app: TestContext['app']) =>
        app.inject({ method: 'POST', url: '/api/auth/forgot', payload: { email }, remoteAddress });
      for (let i = 0; i < RESET_REQUEST_LIMITS.perAddress.max; i++)
        expect((await ask(i % 2 ? a.app : b.app)).statusCode).toBe(200);
      expect((await ask(a.app)).statusCode).toBe(429);
      expect((await ask(b.app)).statusCode).toBe(429);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});

describe('rate limit on reset requests', () => {
  const forgot = (email: string, remoteAddress: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/forgot', payload: { email }, remoteAddress });

  it('lets one address ask 5 times in 15 minutes, from any number of clients', async () => {
    const { perAddress } = RESET_REQUEST_LIMITS;
    for (let i = 0; i < perAddress.max; i++) expect((await forgot('flooded@example.com', `10.0.1.${i}`)).statusCode).toBe(200);
    // The same address in another case and from yet another client is the same address.
    const limited = await forgot('Flooded@Example.com', '10.0.1.99');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().msg).toEqual(expect.any(String));
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect((await forgot('someone-else@example.com', '10.0.1.99')).statusCode).toBe(200);
  });

  it('lets one client ask 20 times in 15 minutes, whatever the addresses', async () => {
    const { perClient } = RESET_REQUEST_LIMITS;
    for (let i = 0; i < perClient.max; i++) expect((await forgot(`sweep${i}@example.com`, '10.0.2.1')).statusCode).toBe(200);
    expect((await forgot('sweep-last@example.com', '10.0.2.1')).statusCode).toBe(429);
    expect((await forgot('sweep-last@example.com', '10.0.2.2')).statusCode).toBe(200);
  });
});
