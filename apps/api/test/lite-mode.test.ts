/**
 * Lite mode's side of the page cache (decision 0031): `Save-Data: on` or the `lite=1` cookie
 * renders the page with `lite`, as a cache entry of its own beside the normal one; every page
 * answer says it varies on both; and the no-JavaScript switch, GET /lite, sets or clears the
 * cookie and goes back only to a path on this site.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers.ts';
import { writeWebBuild } from './web-build.ts';

interface StandIn {
  calls: { url: string; lite: boolean }[];
}
const standIn = globalThis as unknown as { __liteRenderer: StandIn };

const RENDERER = `
export const SERVER_DATA_ID = 'ssr-data';
export function setTransport() {}
export async function render(url, options) {
  globalThis.__liteRenderer.calls.push({ url, lite: options.lite === true });
  return { html: '<h1>' + (options.lite ? 'lite' : 'normal') + '</h1>', data: '{}', title: 'Listing' };
}
`;

let ctx: TestContext;
beforeAll(async () => {
  standIn.__liteRenderer = { calls: [] };
  ctx = await createTestApp({ WEB_DIST: writeWebBuild(mkdtempSync(path.join(tmpdir(), 'web-')), RENDERER) });
});
afterAll(() => ctx?.close());

describe('lite mode pages', () => {
  it('keeps lite and normal renderings as two cache entries, each varying on Save-Data and Cookie', async () => {
    const get = (headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url: '/women', headers });
    const normal = await get();
    const lite = await get({ 'save-data': 'on' });
    const byCookie = await get({ cookie: 'cart=abc; lite=1' });
    const normalAgain = await get({ cookie: 'lite=0' });
    expect(normal.body).toContain('<h1>normal</h1>');
    expect(lite.body).toContain('<h1>lite</h1>');
    expect(byCookie.body).toContain('<h1>lite</h1>');
    expect(normalAgain.body).toContain('<h1>normal</h1>');
    for (const res of [normal, lite, byCookie, normalAgain]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers.vary).toMatch(/Save-Data/);
      expect(res.headers.vary).toMatch(/Cookie/);
    }
    expect(lite.headers.etag).not.toBe(normal.headers.etag);
    // boot.ts holds the app's code back until the first interaction on a page marked lite.
    expect(lite.body).toContain('<html data-lite');
    expect(normal.body).not.toContain('data-lite');
    // Rendered once per mode: the third and fourth answers came from the cache.
    expect(standIn.__liteRenderer.calls.filter((c) => c.url === '/women')).toEqual([
      { url: '/women', lite: false },
      { url: '/women', lite: true },
    ]);
  });

  it('sets the cookie and goes back with GET /lite?on=1, and clears it with on=0', async () => {
    const on = await ctx.app.inject({ method: 'GET', url: '/lite?on=1&back=%2Fsales%3Fpage%3D2' });
    expect(on.statusCode).toBe(303);
    expect(on.headers.location).toBe('/sales?page=2');
    expect(String(on.headers['set-cookie'])).toMatch(/^lite=1; Max-Age=31536000; Path=\/; SameSite=Lax/);
    const off = await ctx.app.inject({ method: 'GET', url: '/lite?on=0&back=/women' });
    expect(off.statusCode).toBe(303);
    expect(off.headers.location).toBe('/women');
    expect(String(off.headers['set-cookie'])).toMatch(/^lite=; Max-Age=0/);
  });

  it.each(['https://evil.example/', '//evil.example', '/\\evil.example', 'women', ''])(
    'sends /lite?back=%s home, never to another site',
    async (back) => {
      const res = await ctx.app.inject({ method: 'GET', url: `/lite?on=1&back=${encodeURIComponent(back)}` });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/');
    },
  );
});
