/**
 * One spelling per path: what is decoded, collapsed and dropped, what is left alone (the
 * query, reserved escapes, methods that write), and that the per-request check never calls a
 * path canonical that canonicalUrl would change. Through HTTP: test/read-cache.test.ts (one
 * entry per API path) and test/server-render.test.ts (a page's other spellings: 301).
 */
import fc from 'fast-check';
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { canonicalRequestUrl, canonicalUrl, isCanonicalPath } from './canonical-path.ts';

describe('canonicalUrl', () => {
  it('decodes escaped unreserved characters in either case, collapses // and drops a trailing /', () => {
    const cases: [string, string][] = [
      ['/api/%70roducts', '/api/products'],
      ['/%61pi/pr%6Fducts', '/api/products'],
      ['/api/pr%6fducts', '/api/products'],
      ['/api//products', '/api/products'],
      ['//api///products//', '/api/products'],
      ['/women/', '/women'],
      ['/women//', '/women'],
      ['/%7E%2d%2E%5f%30', '/~-._0'],
      ['//', '/'],
      ['/', '/'],
    ];
    for (const [url, canonical] of cases) expect(canonicalUrl(url), url).toBe(canonical);
  });

  it('keeps the query string as it was sent, and reserved escapes (in upper-case hex)', () => {
    expect(canonicalUrl('/women//?sort=price_asc&title=%70ap//er/')).toBe('/women?sort=price_asc&title=%70ap//er/');
    // A fragment is no part of a request: dropped, and the query with it when it follows one.
    expect(canonicalUrl('/api/banners#1')).toBe('/api/banners');
    expect(canonicalUrl('/women/#%70/?sort=x')).toBe('/women');
    expect(canonicalUrl('/women?sort=x#y')).toBe('/women?sort=x#y');
    expect(canonicalUrl('/api/products/%2f')).toBe('/api/products/%2F');
    expect(canonicalUrl('/brand/%c3%a9')).toBe('/brand/%C3%A9');
    expect(canonicalUrl('/a%20b')).toBe('/a%20b');
    // Not an escape: the path is left as sent, for the router to refuse.
    expect(canonicalUrl('/a%zz%4')).toBe('/a%zz%4');
    expect(canonicalUrl('//%%41a/')).toBe('//%%41a/');
    // Not a path.
    expect(canonicalUrl('*')).toBe('*');
  });

  it('answers the very string it was given when it is already canonical', () => {
    const url = '/productdetails/%C3%A9?x=1';
    expect(canonicalUrl(url)).toBe(url);
  });
});

/** A URL made of the characters that matter here: letters, '/', escapes of every kind, a query. */
const urls = fc
  .tuple(
    fc.array(
      fc.constantFrom(
        'a',
        'Z',
        '0',
        '-',
        '.',
        '_',
        '~',
        '/',
        '//',
        '%41',
        '%7e',
        '%7E',
        '%2f',
        '%2F',
        '%c3',
        '%',
        '%g1',
        '?',
        '#',
      ),
      {
        maxLength: 12,
      },
    ),
  )
  .map(([parts]) => `/${parts.join('')}`);

describe('isCanonicalPath', () => {
  it('never calls a path canonical that canonicalUrl would change', () => {
    fc.assert(
      fc.property(urls, (url) => {
        if (isCanonicalPath(url)) expect(canonicalUrl(url)).toBe(url);
      }),
      { numRuns: 5000 },
    );
  });

  it('makes canonical paths: canonicalUrl is idempotent, and its paths pass the fast check unless they hold an escape', () => {
    fc.assert(
      fc.property(urls, (url) => {
        const canonical = canonicalUrl(url);
        expect(canonicalUrl(canonical)).toBe(canonical);
        const path = canonical.split(/[?#]/, 1)[0]!;
        if (!path.includes('%')) expect(isCanonicalPath(canonical)).toBe(true);
      }),
      { numRuns: 5000 },
    );
  });

  it('passes the paths of the hot endpoints', () => {
    for (const url of ['/', '/?x=1', '/api/banners', '/api/products?limit=48&title=a%20b//', '/women?sort=price_asc']) {
      expect(isCanonicalPath(url), url).toBe(true);
    }
    for (const url of ['//', '/women/', '/women/?x', '/api//banners', '/api/%62anners', '/api/banners#1']) {
      expect(isCanonicalPath(url), url).toBe(false);
    }
  });
});

describe('canonicalRequestUrl', () => {
  const request = (method: string, url: string) => ({ method, url }) as IncomingMessage;

  it('rewrites reads only: a write to another spelling is not taken for the canonical path', () => {
    expect(canonicalRequestUrl(request('GET', '/api//products/'))).toBe('/api/products');
    expect(canonicalRequestUrl(request('HEAD', '/%77omen'))).toBe('/women');
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
      expect(canonicalRequestUrl(request(method, '/api//products/'))).toBe('/api//products/');
    }
  });
});
