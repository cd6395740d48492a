/**
 * Issue 15, hardening parts 1–2: stock hoarding through unlimited checkouts, and rate limits
 * that could be walked around (many e-mails from one IP, one e-mail from many IPs, a forged
 * X-Forwarded-For, Redis down, password hashes without bound). The review after it: the
 * sign-in lock is per (e-mail, client), so nobody locks an owner out from elsewhere, and the
 * quote has limits of its own. Each limit is set small here through the environment the app
 * is built with; requests go through app.inject, whose `remoteAddress` plays the client's IP.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { MESSAGES } from '@shop/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HASH_CONCURRENCY, HASH_QUEUE, hashPassword, hashingStats } from '../src/lib/passwords.ts';
import { loadConfig } from '../src/config.ts';
import { insertUser } from '../src/users/service.ts';
import { bearer, createAdmin, createTestApp, newShopper, registerShopper, type TestContext } from '../test/helpers.ts';
import { expectTooMany, uniqueIp } from '../test/rate-limits.ts';

const email = () => `rl-${randomBytes(4).toString('hex')}@example.com`;

const login = (ctx: TestContext, body: { email: string; password: string }, extra: Partial<InjectOptions> = {}) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: body, ...extra });

describe('credential endpoints: per client IP, whatever the e-mail', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ AUTH_IP_RATE_LIMIT: '5' });
  });
  afterAll(() => ctx.close());

  it('stops one IP trying many e-mails (password spraying), and its sign-ups too, but not the next IP', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 5; i++) {
      expect((await login(ctx, { email: email(), password: 'Summer2024!' }, { remoteAddress: ip })).statusCode).toBe(401);
    }
    expectTooMany(await login(ctx, { email: email(), password: 'Summer2024!' }, { remoteAddress: ip }));
    const signUp = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: newShopper(), remoteAddress: ip });
    expectTooMany(signUp);
    expect((await login(ctx, { email: email(), password: 'Summer2024!' }, { remoteAddress: uniqueIp() })).statusCode).toBe(401);
  });

  it('counts an IPv6 client by its /64, which it could otherwise fill with new addresses', async () => {
    const net = `2001:db8:${randomBytes(2).toString('hex')}:1`;
    for (let i = 1; i <= 5; i++) {
      const res = await login(ctx, { email: email(), password: 'guess' }, { remoteAddress: `${net}::${i.toString(16)}` });
      expect(res.statusCode).toBe(401);
    }
    expectTooMany(await login(ctx, { email: email(), password: 'guess' }, { remoteAddress: `${net}:ffff:ffff:ffff:ffff` }));
    expect(
      (await login(ctx, { email: email(), password: 'guess' }, { remoteAddress: `${net.slice(0, -1)}2::1` })).statusCode,
    ).toBe(401);
  });

  it('keeps the clear 409 for a taken e-mail until the IP is over its limit (enumeration stops there)', async () => {
    const ip = uniqueIp();
    const taken = newShopper();
    const register = () =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: { ...taken, email: taken.email }, remoteAddress: ip });
    expect((await register()).statusCode).toBe(201);
    for (let i = 0; i < 4; i++) {
      const res = await register();
      expect(res.statusCode).toBe(409);
      expect(res.json().msg).toBe(MESSAGES.emailTaken);
    }
    expectTooMany(await register());
  });
});

describe('sign-in: per (e-mail, client IP), with back-off', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ AUTH_EMAIL_RATE_LIMIT: '3', AUTH_EMAIL_RATE_WINDOW: '1 minute' });
  });
  afterAll(() => ctx.close());

  it('locks a client after 3 failures at an address; each further try doubles its wait, even with the right password', async () => {
    const victim = await registerShopper(ctx.app);
    const guesser = uniqueIp();
    // Failures only count: the owner signing in rightly, however often, locks nothing.
    for (let i = 0; i < 4; i++) {
      const res = await login(ctx, { email: victim.email, password: victim.password }, { remoteAddress: guesser });
      expect(res.statusCode).toBe(200);
    }
    for (let i = 0; i < 3; i++) {
      const res = await login(ctx, { email: victim.email, password: `guess-${i}` }, { remoteAddress: guesser });
      expect(res.statusCode).toBe(401);
    }
    const first = await login(ctx, { email: victim.email, password: 'guess-3' }, { remoteAddress: guesser });
    expectTooMany(first);
    const firstWait = Number(first.headers['retry-after']);
    expect(firstWait).toBeGreaterThan(50);
    expect(firstWait).toBeLessThanOrEqual(60);

    const second = await login(ctx, { email: victim.email.toUpperCase(), password: 'guess-4' }, { remoteAddress: guesser });
    expectTooMany(second);
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(100);

    // Not the password that is wrong: the address is locked for this client, for the admin sign-in too.
    expectTooMany(await login(ctx, { email: victim.email, password: victim.password }, { remoteAddress: guesser }));
    const admin = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/adminlogin',
      payload: { email: victim.email, password: 'guess' },
      remoteAddress: guesser,
    });
    expectTooMany(admin);
    const third = await login(ctx, { email: victim.email, password: 'guess-5' }, { remoteAddress: guesser });
    expect(Number(third.headers['retry-after'])).toBeGreaterThanOrEqual(4 * 60 * 2);

    // However long it goes on, the wait stops growing at a day.
    let last = third;
    for (let i = 0; i < 20; i++) last = await login(ctx, { email: victim.email, password: 'guess' }, { remoteAddress: guesser });
    expectTooMany(last);
    expect(Number(last.headers['retry-after'])).toBe(24 * 60 * 60);

    // Nobody else is refused for it: the owner, from anywhere else, signs in.
    expect((await login(ctx, { email: victim.email, password: victim.password }, { remoteAddress: uniqueIp() })).statusCode).toBe(
      200,
    );
  });

  it('counts an IPv6 client by its /64: new addresses in it do not start a new count', async () => {
    const victim = await registerShopper(ctx.app);
    const net = `2001:db8:${randomBytes(2).toString('hex')}:7`;
    for (let i = 1; i <= 3; i++) {
      const res = await login(ctx, { email: victim.email, password: 'guess' }, { remoteAddress: `${net}::${i}` });
      expect(res.statusCode).toBe(401);
    }
    expectTooMany(await login(ctx, { email: victim.email, password: victim.password }, { remoteAddress: `${net}::ff` }));
    const elsewhere = `${net.slice(0, -1)}8::1`;
    expect((await login(ctx, { email: victim.email, password: victim.password }, { remoteAddress: elsewhere })).statusCode).toBe(
      200,
    );
  });

  it('bounds guessing spread over many clients only by the per-IP limits (decision 0013)', async () => {
    const victim = await registerShopper(ctx.app);
    for (let i = 0; i < 12; i++) {
      const res = await login(ctx, { email: victim.email, password: `guess-${i}` }, { remoteAddress: uniqueIp() });
      expect(res.statusCode).toBe(401);
    }
    expect((await login(ctx, { email: victim.email, password: victim.password }, { remoteAddress: uniqueIp() })).statusCode).toBe(
      200,
    );
  });
});

describe('TRUST_PROXY', () => {
  it('refuses "true" at start with a message saying what to set, and reads hops or addresses', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY=true is refused.*TRUST_PROXY=1/s);
    expect(() => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: 'proxy.example.com' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ NODE_ENV: 'test', TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ NODE_ENV: 'test', TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,loopback' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      'loopback',
    ]);
    expect(loadConfig({ NODE_ENV: 'test' }).trustProxy).toBe(false);
  });

  for (const trust of ['1', '127.0.0.1']) {
    it(`with TRUST_PROXY=${trust}, a forged X-Forwarded-For cannot mint new IPs: the client is the proxy's last hop`, async () => {
      const ctx = await createTestApp({ TRUST_PROXY: trust, AUTH_IP_RATE_LIMIT: '3' });
      try {
        const viaProxy = (client: string) =>
          login(
            ctx,
            { email: email(), password: 'guess' },
            // What the client wrote, then what the proxy appended: the address it saw.
            { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': `${uniqueIp()}, ${uniqueIp()}, ${client}` } },
          );
        for (let i = 0; i < 3; i++) expect((await viaProxy('203.0.113.7')).statusCode).toBe(401);
        expectTooMany(await viaProxy('203.0.113.7'));
        expect((await viaProxy('203.0.113.8')).statusCode).toBe(401);
      } finally {
        await ctx.close();
      }
    });
  }
});

describe('Redis down', () => {
  it('keeps counting (in the process) instead of letting every request through', async () => {
    const started = Date.now();
    const ctx = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:1', AUTH_RATE_LIMIT: '3', AUTH_IP_RATE_LIMIT: '4' });
    try {
      const target = email();
      for (let i = 0; i < 3; i++) expect((await login(ctx, { email: target, password: 'guess' })).statusCode).toBe(401);
      expectTooMany(await login(ctx, { email: target, password: 'guess' }));
      // The per-IP limit too: a 5th try from this IP, with another e-mail.
      expectTooMany(await login(ctx, { email: email(), password: 'guess' }));
    } finally {
      await ctx.close();
    }
    // Nobody waited for Redis: no request, nor the start, hangs on the connection.
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});

const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

describe.runIf(hasRedisServer)('Redis going down while the API runs', () => {
  it('goes on counting in the process, without requests waiting on Redis', async () => {
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const redis = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const ctx = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${port}`, AUTH_RATE_LIMIT: '3' });
    try {
      const target = email();
      for (let i = 0; i < 2; i++) expect((await login(ctx, { email: target, password: 'guess' })).statusCode).toBe(401);
      const exited = new Promise((resolve) => redis.once('exit', resolve));
      redis.kill('SIGKILL');
      await exited;
      // The two tries counted in Redis are lost with it; the process counts again from nothing.
      const codes: number[] = [];
      const started = Date.now();
      for (let i = 0; i < 4; i++) codes.push((await login(ctx, { email: target, password: 'guess' })).statusCode);
      expect(codes).toEqual([401, 401, 401, 429]);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      redis.kill('SIGKILL');
      await ctx.close();
    }
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('limits shared through Redis', () => {
  it('counts the per-IP limit and the sign-in back-off across API processes', async () => {
    const env = { REDIS_URL: process.env.TEST_REDIS_URL!, AUTH_IP_RATE_LIMIT: '4', AUTH_EMAIL_RATE_LIMIT: '2' };
    const [a, b] = await Promise.all([createTestApp(env), createTestApp(env)]);
    try {
      // Redis outlives the run: an IP and an address of this run's own.
      const ip = uniqueIp();
      for (let i = 0; i < 4; i++) {
        const res = await login(i % 2 ? a : b, { email: email(), password: 'guess' }, { remoteAddress: ip });
        expect(res.statusCode).toBe(401);
      }
      expectTooMany(await login(a, { email: email(), password: 'guess' }, { remoteAddress: ip }));

      // The back-off of one (e-mail, client) pair: counted by both processes, and by neither for another client.
      const target = email();
      const guesser = uniqueIp();
      expect((await login(a, { email: target, password: 'guess' }, { remoteAddress: guesser })).statusCode).toBe(401);
      expect((await login(b, { email: target, password: 'guess' }, { remoteAddress: guesser })).statusCode).toBe(401);
      const first = await login(a, { email: target, password: 'guess' }, { remoteAddress: guesser });
      const second = await login(b, { email: target, password: 'guess' }, { remoteAddress: guesser });
      expectTooMany(first);
      expectTooMany(second);
      expect(Number(second.headers['retry-after'])).toBeGreaterThan(Number(first.headers['retry-after']) * 1.5);
      expect((await login(b, { email: target, password: 'guess' }, { remoteAddress: uniqueIp() })).statusCode).toBe(401);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});

let passwordHash: Promise<string> | undefined;
/** A shopper with a session, made without the API (the limits under test are not sign-up's). */
async function signedInShopper(ctx: TestContext) {
  passwordHash ??= hashPassword('correct horse battery');
  const user = await insertUser(ctx.database.db, newShopper() as never, 'shopper', await passwordHash);
  return ctx.app.tokens.sign({ sub: user.id, role: user.role, tv: user.tokenVersion });
}

/** An empty cart to /api/checkout or its quote: refused (400) after the limits counted it, so no stock is involved. */
const emptyCart = (ctx: TestContext, url: string, token: string, remoteAddress: string) =>
  ctx.app.inject({ method: 'POST', url, headers: bearer(token), payload: { lines: [] }, remoteAddress });

describe('checkout: per shopper, and per IP only generously', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ CHECKOUT_RATE_LIMIT: '3', CHECKOUT_IP_RATE_LIMIT: '120' });
  });
  afterAll(() => ctx.close());

  const shopper = () => signedInShopper(ctx);
  const checkout = (token: string, remoteAddress: string) => emptyCart(ctx, '/api/checkout', token, remoteAddress);
  const legacy = (token: string, remoteAddress: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/purchases/create', headers: bearer(token), payload: {}, remoteAddress });

  it('refuses a shopper past 3 checkouts a minute while another shopper on the same IP goes through', async () => {
    const ip = uniqueIp();
    const [a, b] = await Promise.all([shopper(), shopper()]);
    for (let i = 0; i < 3; i++) expect((await checkout(a, ip)).statusCode).toBe(400);
    expectTooMany(await checkout(a, ip));
    // From another IP too: the limit is the shopper's.
    expectTooMany(await checkout(a, uniqueIp()));
    expect((await checkout(b, ip)).statusCode).toBe(400);
  });

  it('counts the legacy create with checkout, and leaves the point of sale (an admin) alone', async () => {
    const ip = uniqueIp();
    const token = await shopper();
    expect((await checkout(token, ip)).statusCode).toBe(400);
    expect((await legacy(token, ip)).statusCode).toBe(400);
    expect((await legacy(token, ip)).statusCode).toBe(400);
    expectTooMany(await legacy(token, ip));

    const admin = await createAdmin(ctx);
    for (let i = 0; i < 5; i++) expect((await legacy(admin.accessToken, ip)).statusCode).toBe(400);
    for (let i = 0; i < 5; i++) {
      const sale = await ctx.app.inject({
        method: 'POST',
        url: '/api/pos/orders',
        headers: bearer(admin.accessToken),
        payload: { lines: [] },
        remoteAddress: ip,
      });
      expect(sale.statusCode).toBe(400);
    }
  });

  it('lets one IP (a carrier NAT) check out 120 times a minute for different shoppers, by default too', async () => {
    expect(loadConfig({ NODE_ENV: 'test' }).checkoutRateLimit.perClient.max).toBeGreaterThanOrEqual(120);
    const ip = uniqueIp();
    const tokens = await Promise.all(Array.from({ length: 121 }, () => shopper()));
    for (const token of tokens.slice(0, 120)) expect((await checkout(token, ip)).statusCode).toBe(400);
    expectTooMany(await checkout(tokens[120]!, ip));
    expect((await checkout(tokens[120]!, uniqueIp())).statusCode).toBe(400);
  });
});

describe('password hashes', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it(`runs at most ${HASH_CONCURRENCY} at once; a flood queues, then is refused with 503 and Retry-After, never a 500`, async () => {
    const flood = HASH_CONCURRENCY + HASH_QUEUE + 30;
    const answers = await Promise.all(
      Array.from({ length: flood }, () => login(ctx, { email: email(), password: 'guess' }, { remoteAddress: uniqueIp() })),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(hashingStats().peak).toBeLessThanOrEqual(HASH_CONCURRENCY);
    expect(hashingStats().peak).toBeGreaterThan(0);
    expect(codes.filter((c) => c === 401).length).toBeGreaterThanOrEqual(HASH_QUEUE);
    for (const res of answers.filter((r) => r.statusCode !== 401)) {
      expect(res.statusCode).toBe(503);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.json()).toEqual({ msg: MESSAGES.unavailable, requestId: res.headers['x-request-id'] });
    }
    expect(codes).toContain(503);
    // Once the flood has passed, signing in works again.
    expect(hashingStats()).toMatchObject({ running: 0, queued: 0 });
    const shopper = await registerShopper(ctx.app);
    expect((await login(ctx, { email: shopper.email, password: shopper.password })).statusCode).toBe(200);
  });
});

describe('quote: limits of its own, apart from checkout', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ QUOTE_RATE_LIMIT: '3', QUOTE_IP_RATE_LIMIT: '5', CHECKOUT_RATE_LIMIT: '2' });
  });
  afterAll(() => ctx.close());

  const quote = (token: string, remoteAddress: string) => emptyCart(ctx, '/api/checkout/quote', token, remoteAddress);
  const checkout = (token: string, remoteAddress: string) => emptyCart(ctx, '/api/checkout', token, remoteAddress);

  it('are 60 a minute per shopper and 600 per IP by default', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).quoteRateLimit).toEqual({
      perShopper: { max: 60, timeWindow: '1 minute' },
      perClient: { max: 600, timeWindow: '1 minute' },
    });
  });

  it("refuses a shopper past 3 quotes a minute, and quoting uses up none of the shopper's checkouts", async () => {
    const ip = uniqueIp();
    const token = await signedInShopper(ctx);
    for (let i = 0; i < 3; i++) expect((await quote(token, ip)).statusCode).toBe(400);
    expectTooMany(await quote(token, ip));
    expectTooMany(await quote(token, uniqueIp()));
    // Checkout's own 2: all still there, and then checkout's own limit.
    for (let i = 0; i < 2; i++) expect((await checkout(token, ip)).statusCode).toBe(400);
    expectTooMany(await checkout(token, ip));
  });

  it("leaves quoting alone when a shopper's checkouts are used up", async () => {
    const ip = uniqueIp();
    const token = await signedInShopper(ctx);
    for (let i = 0; i < 2; i++) expect((await checkout(token, ip)).statusCode).toBe(400);
    expectTooMany(await checkout(token, ip));
    for (let i = 0; i < 3; i++) expect((await quote(token, ip)).statusCode).toBe(400);
  });

  it('refuses an IP past 5 quotes a minute from its shoppers, while another IP quotes', async () => {
    const ip = uniqueIp();
    const [a, b, c] = await Promise.all([signedInShopper(ctx), signedInShopper(ctx), signedInShopper(ctx)]);
    for (let i = 0; i < 3; i++) expect((await quote(a, ip)).statusCode).toBe(400);
    for (let i = 0; i < 2; i++) expect((await quote(b, ip)).statusCode).toBe(400);
    expectTooMany(await quote(c, ip));
    expect((await quote(c, uniqueIp())).statusCode).toBe(400);
  });
});
