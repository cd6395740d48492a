/**
 * The security headers are on every kind of answer, not only on the happy path: a page of
 * the storefront, an API JSON answer, the error answers (400, 401, 404) and an SVG of the web
 * build. helmet sets them once for the whole app (src/app.ts). A script, style or picture a
 * page loads gets those that apply to it (plugins/security-headers.ts): nosniff, its
 * cross-origin resource policy and the referrer policy; the document-only ones (CSP, frames,
 * HSTS, the opener policy) come with the page that loads it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/helpers.ts';
import { writeWebBuild } from '../test/web-build.ts';

let ctx: TestContext;
let webDir: string;
beforeAll(async () => {
  webDir = mkdtempSync(path.join(tmpdir(), 'shop-security-web-'));
  ctx = await createTestApp({ WEB_DIST: writeWebBuild(webDir) });
});
afterAll(async () => {
  await ctx?.close();
  rmSync(webDir, { recursive: true, force: true });
});

function expectSecurityHeaders(res: LightMyRequestResponse, what: string) {
  const h = res.headers;
  const csp = String(h['content-security-policy'] ?? '');
  expect(csp, `${what}: CSP`).toContain("default-src 'self'");
  expect(csp, `${what}: CSP frame-ancestors`).toContain("frame-ancestors 'none'");
  expect(csp, `${what}: CSP object-src`).toContain("object-src 'none'");
  expect(csp, `${what}: CSP base-uri`).toContain("base-uri 'self'");
  expect(csp, `${what}: no inline scripts`).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(h['x-content-type-options'], what).toBe('nosniff');
  expect(h['x-frame-options'], what).toMatch(/^(DENY|SAMEORIGIN)$/);
  expect(h['referrer-policy'], what).toMatch(/no-referrer|strict-origin/);
  expect(String(h['strict-transport-security']), what).toMatch(/max-age=\d{7,}/);
  expect(h['cross-origin-resource-policy'], what).toMatch(/^same-(site|origin)$/);
  expect(h['cross-origin-opener-policy'], what).toMatch(/^same-origin/);
  expect(h['x-powered-by'], `${what}: no X-Powered-By`).toBeUndefined();
}

function expectSubresourceHeaders(res: LightMyRequestResponse, what: string) {
  const h = res.headers;
  expect(h['x-content-type-options'], what).toBe('nosniff');
  expect(h['cross-origin-resource-policy'], what).toMatch(/^same-(site|origin)$/);
  expect(h['referrer-policy'], what).toMatch(/no-referrer|strict-origin/);
  expect(h['x-powered-by'], `${what}: no X-Powered-By`).toBeUndefined();
}

describe('security headers', () => {
  const cases: [string, string, number][] = [
    ['a storefront page', '/', 200],
    ['a deep storefront page', '/productdetails/anything', 200],
    ['an API JSON answer', '/api/products', 200],
    ['the OpenAPI document', '/api/openapi.json', 200],
    ['an API 404', '/api/no-such-thing', 404],
    ['a 401', '/api/auth/me', 401],
    ['a 400', '/api/products?limit=-5', 400],
    // An SVG opened on its own is a document, and can run scripts.
    ['an SVG of the web build', '/assets/logo-abc123.svg', 200],
  ];
  for (const [what, url, status] of cases) {
    it(`are on ${what} (${url})`, async () => {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/json' } });
      if (status) expect(res.statusCode, res.body.slice(0, 200)).toBe(status);
      expectSecurityHeaders(res, what);
    });
  }

  for (const [what, url, status] of [
    ['a script of the web build', '/assets/boot-abc123.js', 200],
    ["a deploy's stale script", '/assets/missing-123.js', 404],
    ['a picture', '/img/nope-640.webp', 404],
  ] as const) {
    it(`are those of a file a page loads on ${what} (${url})`, async () => {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(status);
      expectSubresourceHeaders(res, what);
    });
  }

  it('are on an answer to a write that is refused (POST without a token)', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/products/create', payload: {} });
    expect(res.statusCode).toBe(401);
    expectSecurityHeaders(res, 'a refused write');
  });
});
