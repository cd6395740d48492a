import { describe, expect, it } from 'vitest';
import { isFresh, trim } from './sw-storefront.ts';

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
