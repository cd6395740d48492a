import { describe, expect, it } from 'vitest';
import { cacheRule, offlineNotice } from './sw-caches.ts';

const origin = 'https://shop.test';
const nav = (path: string, method = 'GET') => ({ method, url: `${origin}${path}`, mode: 'navigate' });

describe('cacheRule', () => {
  it('keeps storefront pages network-first', () => {
    for (const path of ['/', '/women', '/sales', '/product/abc?variant=v1', '/search?title=x', '/posts']) {
      expect(cacheRule(nav(path), origin)).toBe('page');
    }
  });
  it('serves hashed assets and pictures from the cache', () => {
    expect(cacheRule({ method: 'GET', url: `${origin}/assets/main-abc123.js` }, origin)).toBe('asset');
    expect(cacheRule({ method: 'GET', url: `${origin}/uploads/p/1-400.webp` }, origin)).toBe('image');
    expect(cacheRule({ method: 'GET', url: `${origin}/img/x.webp` }, origin)).toBe('image');
  });
  it('never keeps /api, POSTs, other origins, back-office or shopper pages', () => {
    expect(cacheRule({ method: 'GET', url: `${origin}/api/cart` }, origin)).toBe('network');
    expect(cacheRule(nav('/api/products'), origin)).toBe('network');
    expect(cacheRule(nav('/cart/add', 'POST'), origin)).toBe('network');
    expect(cacheRule(nav('/women', 'POST'), origin)).toBe('network');
    expect(cacheRule({ method: 'GET', url: 'https://cdn.other/x.js' }, origin)).toBe('network');
    for (const path of ['/dashboard', '/login', '/reports/stock', '/pos', '/cart', '/checkout', '/signin', '/account']) {
      expect(cacheRule(nav(path), origin)).toBe('network');
    }
  });
  it('leaves non-navigation requests for pages to the network', () => {
    expect(cacheRule({ method: 'GET', url: `${origin}/women`, mode: 'cors' }, origin)).toBe('network');
  });
});

describe('offlineNotice', () => {
  it('says when the page was saved', () => {
    expect(offlineNotice('2026-11-26T10:05:00Z')).toMatch(/^You're offline: this page was saved on .+\.$/);
  });
  it('falls back without a date', () => {
    expect(offlineNotice(null)).toBe("You're offline: this page was saved earlier.");
    expect(offlineNotice('nonsense')).toBe("You're offline: this page was saved earlier.");
  });
  it('says the shop could not show the page when the server answered an error', () => {
    expect(offlineNotice('2026-11-26T10:05:00Z', 'en-NG', 'unavailable')).toMatch(
      /^The shop could not show this page just now: this page was saved on .+\.$/,
    );
  });
});
