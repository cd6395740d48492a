import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newShopper, type TestContext } from '../../test/helpers.ts';
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

  it('counts reset requests for one address across several API processes', async () => {
    const env = { REDIS_URL: process.env.TEST_REDIS_URL! };
    const [a, b] = await Promise.all([createTestApp(env), createTestApp(env)]);
    try {
      const email = `reset-${Date.now()}@example.com`;
      // Redis outlives the run: a client address of this run's own, so no earlier run counts.
      const remoteAddress = `10.${Array.from(randomBytes(3)).join('.')}`;
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
