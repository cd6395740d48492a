import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helpers.ts';
import type { FastifyRequest } from 'fastify';
import { CLIENT_GONE, clientOf, parseProxyRanges } from './client-address.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ OPERA_MINI_PROXIES: '82.145.208.0/20, 2001:4c28::/32', AUTH_IP_RATE_LIMIT: '2' });
});
afterAll(() => ctx.close());

const login = (remoteAddress: string, forwarded: string, n: number) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress,
    headers: { 'x-forwarded-for': forwarded },
    payload: { email: `opera${n}@example.com`, password: 'guess' },
  });

describe("the limits' client behind Opera Mini's proxies (OPERA_MINI_PROXIES)", () => {
  it('counts each address an Opera Mini proxy forwards as a client of its own', async () => {
    expect((await login('82.145.210.1', '10.0.0.1', 1)).statusCode).toBe(401);
    expect((await login('82.145.210.1', '10.0.0.1', 2)).statusCode).toBe(401);
    expect((await login('82.145.210.1', '10.0.0.1', 3)).statusCode).toBe(429);
    // Another shopper behind the same proxy is not refused.
    expect((await login('82.145.210.1', '10.0.0.2', 4)).statusCode).toBe(401);
  });

  it('ignores X-Forwarded-For from any other address', async () => {
    expect((await login('203.0.113.5', '10.0.0.3', 5)).statusCode).toBe(401);
    expect((await login('203.0.113.5', '10.0.0.4', 6)).statusCode).toBe(401);
    expect((await login('203.0.113.5', '10.0.0.5', 7)).statusCode).toBe(429);
  });

  it('reads ranges and addresses, and refuses anything else at start', () => {
    expect(parseProxyRanges('')).toBeUndefined();
    const list = parseProxyRanges('82.145.208.0/20,141.0.8.1')!;
    expect(list.check('82.145.223.255', 'ipv4')).toBe(true);
    expect(list.check('141.0.8.1', 'ipv4')).toBe(true);
    expect(list.check('82.145.224.0', 'ipv4')).toBe(false);
    for (const bad of ['opera', '82.145.208.0/33', '10.0.0.0/x'])
      expect(() => parseProxyRanges(bad)).toThrow(/OPERA_MINI_PROXIES/);
  });

  it('counts a request whose connection has closed as gone, without an error (it once answered 500, logged as unhandled)', () => {
    // As Fastify's request.ip reads it once the socket is closed: the browser left the page mid-request.
    const closed = { ip: undefined, headers: {}, socket: {}, server: ctx.app } as unknown as FastifyRequest;
    expect(clientOf(closed)).toBe(CLIENT_GONE);
    const open = { ip: '::ffff:127.0.0.1', headers: {}, socket: {}, server: ctx.app } as unknown as FastifyRequest;
    expect(clientOf(open)).toBe('127.0.0.1');
  });
});
