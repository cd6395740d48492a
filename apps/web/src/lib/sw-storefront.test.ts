import { afterEach, describe, expect, it, vi } from 'vitest';
import { SAVED_AT_HEADER } from './sw-caches.ts';
import { cacheFirst, isFresh, storefrontPage, trim } from './sw-storefront.ts';

const DAY = 24 * 60 * 60;
const answered = (date?: string) => new Response('x', { headers: date ? { Date: date } : {} });

describe('isFresh', () => {
  const now = Date.parse('2026-11-27T10:00:00Z');
  it('keeps a picture until its Date is older than the limit', () => {
    expect(isFresh(answered('Fri, 20 Nov 2026 10:00:00 GMT'), 7 * DAY, now)).toBe(true);
    expect(isFresh(answered('Fri, 20 Nov 2026 09:59:59 GMT'), 7 * DAY, now)).toBe(false);
  });
  it('counts an answer without a Date, or with no limit, as fresh', () => {
    expect(isFresh(answered(), 7 * DAY, now)).toBe(true);
    expect(isFresh(answered('Mon, 01 Jan 2024 00:00:00 GMT'), undefined, now)).toBe(true);
  });
});

describe('trim', () => {
  /** A cache's keys in the order stored, as the Cache API lists them. */
  const cacheOf = (urls: string[]) => {
    const kept = urls.map((url) => new Request(`https://shop.test${url}`));
    return {
      keys: async () => [...kept],
      delete: async (request: RequestInfo | URL) => {
        const at = kept.findIndex((key) => key.url === (request as Request).url);
        if (at >= 0) kept.splice(at, 1);
        return at >= 0;
      },
      urls: () => kept.map((key) => new URL(key.url).pathname),
    };
  };
  it('drops the longest-kept entries past the limit', async () => {
    const cache = cacheOf(['/a.webp', '/b.webp', '/c.webp', '/d.webp']);
    await trim(cache, 2);
    expect(cache.urls()).toEqual(['/c.webp', '/d.webp']);
  });
  it('leaves a cache within the limit as it is', async () => {
    const cache = cacheOf(['/a.webp', '/b.webp']);
    await trim(cache, 2);
    expect(cache.urls()).toEqual(['/a.webp', '/b.webp']);
  });
});

describe('cacheFirst', () => {
  const LIMITS = { maxEntries: 60, maxAgeSeconds: 7 * DAY };
  const picture = () => new Request('https://shop.test/img/hero-adire-560.webp');
  const daysAgo = (days: number) => new Date(Date.now() - days * DAY * 1000).toUTCString();
  /** The worker's cache (by URL) and the requests that reached fetch, with their cache mode. */
  const stub = (kept: Record<string, Response>, answers: Response[]) => {
    const store = new Map(Object.entries(kept));
    const asked: (RequestCache | undefined)[] = [];
    vi.stubGlobal('caches', {
      open: async () => ({
        match: async (request: Request) => store.get(request.url)?.clone(),
        put: async (request: Request, answer: Response) => void store.set(request.url, answer),
        keys: async () => [...store.keys()].map((url) => new Request(url)),
        delete: async (request: Request) => store.delete(request.url),
      }),
    });
    vi.stubGlobal('fetch', async (_request: Request, init?: RequestInit) => {
      asked.push(init?.cache);
      return answers.shift()!;
    });
    return { store, asked };
  };
  afterEach(() => vi.unstubAllGlobals());

  it('takes a picture not yet kept from the browser’s cache, without asking the server, when it is young enough', async () => {
    const { store, asked } = stub({}, [answered(daysAgo(1))]);
    const answer = await cacheFirst('images', picture(), LIMITS);
    expect(answer.status).toBe(200);
    expect(asked).toEqual(['force-cache']);
    expect(store.has(picture().url)).toBe(true);
  });

  it('asks the server when the browser’s copy is older than the cache keeps pictures', async () => {
    const { store, asked } = stub({}, [answered(daysAgo(8)), answered(daysAgo(0))]);
    const answer = await cacheFirst('images', picture(), LIMITS);
    expect(asked).toEqual(['force-cache', undefined]);
    expect(isFresh(answer, LIMITS.maxAgeSeconds)).toBe(true);
    expect(isFresh(store.get(picture().url)!, LIMITS.maxAgeSeconds)).toBe(true);
  });

  it('answers a kept picture without the network while fresh, and asks the server once it is too old', async () => {
    const fresh = stub({ [picture().url]: answered(daysAgo(2)) }, []);
    expect((await cacheFirst('images', picture(), LIMITS)).status).toBe(200);
    expect(fresh.asked).toEqual([]);
    vi.unstubAllGlobals();
    const old = stub({ [picture().url]: answered(daysAgo(8)) }, [answered(daysAgo(0))]);
    await cacheFirst('images', picture(), LIMITS);
    expect(old.asked).toEqual([undefined]);
  });
});

describe('storefrontPage', () => {
  const URL_SEEN = 'https://shop.test/women';
  const page = (body: string, status = 200, headers: Record<string, string> = {}) =>
    new Response(`<html><body><div id="root">${body}</div></body></html>`, {
      status,
      headers: { 'Content-Type': 'text/html; charset=utf-8', ...headers },
    });
  /** The worker's caches, one Map-backed cache (match and put by URL, as the page cache uses them). */
  const stubCaches = (kept: Record<string, Response>) => {
    const store = new Map(Object.entries(kept));
    vi.stubGlobal('caches', {
      open: async () => ({
        match: async (url: string) => store.get(url)?.clone(),
        put: async (url: string, answer: Response) => void store.set(url, answer),
      }),
    });
    return store;
  };
  const navigation = () => new Request(URL_SEEN);
  const savedCopy = () => page('Women, as seen', 200, { ETag: '"v1"', [SAVED_AT_HEADER]: '2026-11-26T10:05:00Z' });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the kept copy, with a notice saying so, when the shop answers a server error', async () => {
    stubCaches({ [URL_SEEN]: savedCopy() });
    vi.stubGlobal('fetch', async () => new Response('Service Unavailable', { status: 503 }));
    const answer = await storefrontPage(navigation());
    expect(answer.status).toBe(200);
    const html = await answer.text();
    expect(html).toContain('Women, as seen');
    expect(html).toMatch(/role="status"[^>]*>The shop could not show this page just now: this page was saved on /);
  });

  it('shows the kept copy as offline when there is no network', async () => {
    stubCaches({ [URL_SEEN]: savedCopy() });
    vi.stubGlobal('fetch', async () => Promise.reject(new TypeError('Failed to fetch')));
    expect(await (await storefrontPage(navigation())).text()).toMatch(/>You're offline: this page was saved on /);
  });

  it('passes a server error on for a page never seen, and keeps nothing of it', async () => {
    const store = stubCaches({});
    vi.stubGlobal('fetch', async () => new Response('Service Unavailable', { status: 503 }));
    expect((await storefrontPage(navigation())).status).toBe(503);
    expect(store.size).toBe(0);
  });

  it('answers a 304 from the copy, and keeps a new page when the shop sends one', async () => {
    const store = stubCaches({ [URL_SEEN]: savedCopy() });
    const asked: (string | null)[] = [];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      asked.push(new Headers(init.headers).get('If-None-Match'));
      return asked.length === 1 ? new Response(null, { status: 304 }) : page('Women, new arrivals', 200, { ETag: '"v2"' });
    });
    expect(await (await storefrontPage(navigation())).text()).toContain('Women, as seen');
    expect(await (await storefrontPage(navigation())).text()).toContain('Women, new arrivals');
    expect(asked).toEqual(['"v1"', '"v1"']);
    expect(await store.get(URL_SEEN)!.text()).toContain('Women, new arrivals');
  });
});
