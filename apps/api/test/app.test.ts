import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { insertProduct } from './fixtures.ts';
import { createTestApp, createTestDatabase, newShopper, type TestContext, testConfig } from './helpers.ts';
import { writeWebBuild } from './web-build.ts';

let ctx: TestContext;
let webDist: string;
beforeAll(async () => {
  webDist = writeWebBuild(mkdtempSync(path.join(tmpdir(), 'web-')));
  ctx = await createTestApp({ WEB_DIST: webDist });
});
afterAll(() => ctx.close());

describe('serving', () => {
  it('reports health with the database kind', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok' });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await ctx.app.inject({ method, url: '/api/nothing/here' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toEqual({ msg: 'Not found' });
    }
  });

  it('serves index.html for unknown app paths so the SPA can route them', async () => {
    const home = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('<div id="root">');
    const res = await ctx.app.inject({ method: 'GET', url: '/productdetails/123' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<div id="root">');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it("names each storefront page's code, and a product page's data and main image, in the HTML", async () => {
    const listing = await ctx.app.inject({ method: 'GET', url: '/women?sort=price_asc' });
    expect(listing.body).toContain('<link rel="modulepreload" crossorigin href="/assets/listings-2.js">');
    expect(listing.body).toContain('<link rel="modulepreload" crossorigin href="/assets/card-3.js">');
    // The app starts at once (the server did not render this page).
    expect(listing.body).toContain('<script type="module" crossorigin src="/assets/main-5.js"></script>');
    // The stylesheet comes before the code.
    expect(listing.body.indexOf('index-6.css')).toBeLessThan(listing.body.indexOf('boot-abc123.js'));
    // The shop's frame shows before the code runs.
    expect(listing.body).toMatch(/<div id="root"><div class="h-9 bg-ink"><\/div><header[^>]*>.*ADIRE/);
    // Code the entry already loads is not named again.
    expect(listing.body.match(/react-1\.js/g)).toHaveLength(1);

    const product = await insertProduct(ctx.database.db, { images: ['0123456789abcdef01234567'] });
    const page = await ctx.app.inject({ method: 'GET', url: `/productdetails/${product.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<link rel="preload" as="fetch" href="/api/products/${product.id}" crossorigin="anonymous">`);
    expect(page.body).toContain('/uploads/0123456789abcdef01234567-320.webp 320w');
    expect(page.body).toContain('href="/assets/product-4.js"');

    // The home page's main image, in the format its <picture> offers first: a browser without
    // AVIF skips the preload (its type) and fetches the WebP.
    const home = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(home.body).toContain(
      '<link rel="preload" as="image" type="image/avif" imagesrcset="/img/hero-adire-400.avif 400w, /img/hero-adire-560.avif 560w, /img/hero-adire-800.avif 800w"',
    );

    // An unknown product still gets the app (which shows its not-found state).
    const missing = await ctx.app.inject({ method: 'GET', url: '/productdetails/nope' });
    expect(missing.statusCode).toBe(200);
    expect(missing.body).not.toContain('as="fetch"');
  });

  it('registers the service worker on storefront pages only, not in the back office (decision 0032)', async () => {
    const register = '<script src="/register-sw.js" defer></script>';
    for (const url of ['/', '/women', '/productdetails/nope', '/cart']) {
      const page = await ctx.app.inject({ method: 'GET', url });
      expect(page.body, url).toContain(register);
      expect(page.body.match(/register-sw\.js/g), url).toHaveLength(1);
    }
    for (const url of ['/login', '/dashboard', '/pos']) {
      const page = await ctx.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).not.toContain('register-sw.js');
    }
  });

  it('serves /index.html as a page with its code, not as the raw build file', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/index.html' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<script type="module" crossorigin src="/assets/main-5.js"></script>');
  });

  it('serves hashed assets as immutable, with no validators (never revalidated), and the other files to revalidate', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/assets/boot-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toBe('console.log(1)');
    for (const name of ['etag', 'last-modified', 'accept-ranges']) expect(res.headers[name], name).toBeUndefined();

    const other = await ctx.app.inject({ method: 'GET', url: '/register-sw.js' });
    expect(other.statusCode).toBe(200);
    expect(other.headers['cache-control']).toBe('no-cache');
    expect(other.headers.etag).toBeTruthy();
    const again = await ctx.app.inject({
      method: 'GET',
      url: '/register-sw.js',
      headers: { 'if-none-match': other.headers.etag! },
    });
    expect(again.statusCode).toBe(304);
  });

  it("answers 404, not the app, for a build file or image that does not exist (an old deploy's script)", async () => {
    for (const url of ['/assets/main-old123.js', '/img/nope-640.webp']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('application/json');
    }
  });

  it('sends security headers with a Content-Security-Policy that allows Paystack only', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain('https://js.paystack.co');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('sends the same security headers on every kind of answer: API, cached, page, SVG, 404, 400', async () => {
    const product = await insertProduct(ctx.database.db);
    const cached = await ctx.app.inject({ method: 'GET', url: `/api/products/${product.id}` });
    const answers = [
      await ctx.app.inject({ method: 'GET', url: '/healthz' }),
      cached,
      await ctx.app.inject({
        method: 'GET',
        url: `/api/products/${product.id}`,
        headers: { 'if-none-match': String(cached.headers.etag) },
      }),
      await ctx.app.inject({ method: 'GET', url: '/' }),
      // An SVG opened on its own is a document that can run scripts.
      await ctx.app.inject({ method: 'GET', url: '/assets/logo-abc123.svg' }),
      await ctx.app.inject({ method: 'GET', url: '/api/nothing/here' }),
      await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '{',
      }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 304, 200, 200, 404, 400]);
    const security = (headers: Record<string, unknown>) =>
      Object.fromEntries(
        [
          'content-security-policy',
          'cross-origin-opener-policy',
          'cross-origin-resource-policy',
          'origin-agent-cluster',
          'referrer-policy',
          'strict-transport-security',
          'x-content-type-options',
          'x-dns-prefetch-control',
          'x-download-options',
          'x-frame-options',
          'x-permitted-cross-domain-policies',
          'x-xss-protection',
        ].map((name) => [name, headers[name]]),
      );
    const expected = {
      'content-security-policy': expect.stringContaining("script-src 'self' https://js.paystack.co"),
      'cross-origin-opener-policy': 'same-origin-allow-popups',
      'cross-origin-resource-policy': 'same-site',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    };
    for (const res of answers) expect(security(res.headers)).toEqual(expected);
    // One policy for all of them.
    expect(new Set(answers.map((r) => r.headers['content-security-policy'])).size).toBe(1);
    expect(answers[0]?.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });

  it("sends a page's scripts and pictures only the security headers that apply to them (each costs a first view's bytes)", async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/' });
    for (const url of [
      '/assets/boot-abc123.js',
      '/assets/main-old123.js',
      '/img/nope-640.webp',
      '/register-sw.js',
      '/manifest.webmanifest',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      for (const name of ['x-content-type-options', 'cross-origin-resource-policy', 'referrer-policy']) {
        expect(res.headers[name], `${url} ${name}`).toBe(page.headers[name]);
      }
      for (const name of [
        'content-security-policy',
        'cross-origin-opener-policy',
        'x-frame-options',
        'strict-transport-security',
      ]) {
        expect(res.headers[name], `${url} ${name}`).toBeUndefined();
      }
    }
    // The workers' scripts (the till's, the storefront's) keep the page's policy: it is the worker's own.
    for (const url of ['/sw.js', '/sw-storefront.js']) {
      const worker = await ctx.app.inject({ method: 'GET', url });
      expect(worker.statusCode, url).toBe(200);
      expect(worker.headers['content-security-policy'], url).toBe(page.headers['content-security-policy']);
      expect(worker.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('publishes an OpenAPI document generated from the route schemas', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/auth/register'].post.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['firstName', 'lastName', 'email', 'password']),
    );
    const docs = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect(docs.statusCode).toBeLessThan(400);
  });

  it('answers an unexpected failure with a plain 500, never the error itself', async () => {
    const failing = await createTestApp();
    try {
      // Break the database under the app: every query now throws.
      await failing.database.close();
      const login = await failing.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'a@b.ng', password: 'whatever' },
      });
      expect(login.statusCode).toBe(500);
      // The request's id, in the body and its header, leads to the log line; nothing else is told.
      expect(login.json()).toEqual({ msg: 'Something went wrong', requestId: login.headers['x-request-id'] });
      expect(login.headers['x-request-id']).toMatch(/^[\w-]+$/);
      expect(login.body).not.toMatch(/at |Error|closed/i);
    } finally {
      await failing.app.close().catch(() => {});
    }
  });

  it('answers malformed JSON with a 400 message, not a 500', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toEqual(expect.any(String));
  });
});

describe('request log', () => {
  /** An app that logs at info level into `lines`. */
  async function loggingApp() {
    const lines: Record<string, unknown>[] = [];
    const text: string[] = [];
    const database = await createTestDatabase();
    const app = await buildApp({
      config: testConfig({ LOG_LEVEL: 'info' }),
      database,
      logStream: {
        write(line: string) {
          text.push(line);
          lines.push(JSON.parse(line));
        },
      },
    });
    await app.ready();
    return { app, lines, text };
  }

  it('writes one line per request with its id, method, URL, route, status and time, and no password or token', async () => {
    const { app, lines, text } = await loggingApp();
    try {
      const shopper = newShopper({ password: 'a very secret passphrase' });
      const registered = await app.inject({ method: 'POST', url: '/api/auth/register', payload: shopper });
      expect(registered.statusCode).toBe(201);
      const { accessToken } = registered.json() as { accessToken: string };
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: shopper.email, password: shopper.password },
      });
      expect(login.statusCode).toBe(200);
      await app.inject({ method: 'GET', url: '/api/account/profile', headers: { authorization: `Bearer ${accessToken}` } });
      await app.inject({ method: 'GET', url: '/api/products?limit=2' });
      await app.inject({ method: 'GET', url: '/api/nothing/here' });

      const requests = lines.filter((l) => l.msg === 'request completed');
      expect(requests).toHaveLength(5);
      expect(lines.filter((l) => /incoming request/.test(String(l.msg)))).toEqual([]);
      expect(requests[0]).toMatchObject({
        level: 30,
        method: 'POST',
        url: '/api/auth/register',
        route: '/api/auth/register',
        statusCode: 201,
        reqId: expect.any(String),
        responseTime: expect.any(Number),
      });
      expect(requests[3]).toMatchObject({ method: 'GET', url: '/api/products?limit=2', route: '/api/products', statusCode: 200 });
      expect(requests[4]).toMatchObject({ url: '/api/nothing/here', statusCode: 404 });
      expect(new Set(requests.map((l) => l.reqId)).size).toBe(5);
      const all = text.join('');
      expect(all).not.toContain(shopper.password);
      expect(all).not.toContain(accessToken);
    } finally {
      await app.close();
    }
  });

  it("keeps a caller's valid X-Request-Id as the request's id and replaces anything else", async () => {
    const { app, lines } = await loggingApp();
    try {
      await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'lb-7f3a.42:1' } });
      await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'two words\n{"level":60}' } });
      await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'x'.repeat(65) } });
      await app.inject({ method: 'GET', url: '/healthz' });
      const ids = lines.filter((l) => l.msg === 'request completed').map((l) => String(l.reqId));
      expect(ids[0]).toBe('lb-7f3a.42:1');
      for (const id of ids.slice(1)) expect(id).toMatch(/^[\w-]{1,64}$/);
      expect(new Set(ids).size).toBe(4);
    } finally {
      await app.close();
    }
  });
});
