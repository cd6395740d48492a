/**
 * One spelling per path, so that a URL spelled differently is neither a new read-cache entry
 * nor a fresh render: `/api/%70roducts`, `/api//products` and `/api/products/` are
 * `/api/products`. app.ts hands canonicalRequestUrl to Fastify's rewriteUrl, so for a GET or a
 * HEAD the router, the read cache's key and the page renderer see the canonical path only
 * (request.originalUrl keeps what was sent: plugins/web.ts answers a storefront page's other
 * spellings with a 301 to it).
 *
 * Canonical (RFC 3986 §6.2.2): percent-encoded unreserved characters decoded (ALPHA, DIGIT,
 * "-", ".", "_", "~"; §2.3), the other escapes in upper-case hex (§6.2.2.1), no empty segment
 * (`//` is `/`), no trailing `/` except the root's, no fragment. The query string is left as it
 * is: the read cache keys on the parameters a route knows, in one order (readCacheKey).
 *
 * Every request pays for isCanonicalPath only: a walk of the path's characters up to the
 * query, no allocation (decision 14; measured in decision 3).
 */
import type { IncomingMessage } from 'node:http';

const PERCENT = 37;
const SLASH = 47;
const QUESTION = 63;
const HASH = 35;

/**
 * Whether the URL's path is canonical for sure. A path with a '%' is not judged here (it may
 * be, like `/brand/%C3%A9`): canonicalUrl decides, on the rare request that has one.
 */
export function isCanonicalPath(url: string): boolean {
  let previous = 0;
  let i = 0;
  for (; i < url.length; i++) {
    const c = url.charCodeAt(i);
    if (c === QUESTION) break;
    if (c === PERCENT || c === HASH || (c === SLASH && previous === SLASH)) return false;
    previous = c;
  }
  return previous !== SLASH || i === 1;
}

/** RFC 3986 §2.3: ALPHA / DIGIT / "-" / "." / "_" / "~". */
const unreserved = (c: number) =>
  (c >= 0x41 && c <= 0x5a) ||
  (c >= 0x61 && c <= 0x7a) ||
  (c >= 0x30 && c <= 0x39) ||
  c === 0x2d ||
  c === 0x2e ||
  c === 0x5f ||
  c === 0x7e;

const decodeUnreserved = (sequence: string, hex: string) => {
  const c = Number.parseInt(hex, 16);
  return unreserved(c) ? String.fromCharCode(c) : sequence.toUpperCase();
};

const STRAY_PERCENT = /%(?![0-9A-Fa-f]{2})/;

/**
 * The URL with its path canonical and its query string untouched; `url` itself when it already
 * is. A fragment (`#...`) is dropped: no browser sends one, a request target has none (RFC 9112
 * §3.2), and the router would ignore it while the cache key kept it (`/api/banners#1`, `#2`...).
 */
export function canonicalUrl(url: string): string {
  if (url.charCodeAt(0) !== SLASH) return url; // '*' or an absolute form: not a path the router knows
  let end = 0;
  while (end < url.length && url.charCodeAt(end) !== QUESTION && url.charCodeAt(end) !== HASH) end++;
  const rest = url.charCodeAt(end) === HASH ? '' : url.slice(end);
  const sent = url.slice(0, end);
  // A '%' that starts no escape: the router refuses the path (400), and decoding around it could
  // make one (`%%41a` would be `%Aa`).
  if (STRAY_PERCENT.test(sent)) return url;
  let path = sent.replace(/%([0-9A-Fa-f]{2})/g, decodeUnreserved).replace(/\/{2,}/g, '/');
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  const canonical = path + rest;
  return canonical === url ? url : canonical;
}

/**
 * Fastify's rewriteUrl: a GET's or a HEAD's URL with its path canonical. Other methods keep
 * theirs: a write to a misspelled path is not quietly taken for another.
 */
export function canonicalRequestUrl(request: IncomingMessage): string {
  const url = request.url ?? '/';
  if ((request.method !== 'GET' && request.method !== 'HEAD') || isCanonicalPath(url)) return url;
  return canonicalUrl(url);
}
