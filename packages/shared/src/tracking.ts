/**
 * Query parameters that do not change what a storefront URL shows. Tracking parameters
 * (added by ad platforms and by whoever shares a link) are ignored everywhere: never an
 * error, never part of a cache key on the server (apps/api/src/plugins/read-cache.ts), never
 * in a canonical URL, and dropped from the address bar of a server-rendered page before it
 * hydrates. A listing's view parameters (its sort and page) are kept in the URL the shopper
 * uses but left out of the canonical URL: every page and order of one listing is one page to a
 * search engine (apps/web/src/lib/public-origin.ts, canonicalUrl).
 */

/** The parameters dropped from URLs: names, or a prefix ending in '*'. Compared case-insensitively. */
export const DROPPED_PARAMS = {
  tracking: ['utm_*', 'fbclid', 'gclid', 'msclkid'],
  listingView: ['sort', 'offset', 'limit', 'page'],
} as const;

const matcher = (patterns: readonly string[]) => {
  const names = new Set(patterns.filter((p) => !p.endsWith('*')));
  const prefixes = patterns.filter((p) => p.endsWith('*')).map((p) => p.slice(0, -1));
  return (name: string) => {
    const lower = name.toLowerCase();
    return names.has(lower) || prefixes.some((prefix) => lower.startsWith(prefix));
  };
};

// Pure: a bundle that does not use one leaves it out.
export const isTrackingParam = /* @__PURE__ */ matcher(DROPPED_PARAMS.tracking);
export const isListingViewParam = /* @__PURE__ */ matcher(DROPPED_PARAMS.listingView);

/** A cheap first look: could the query string hold a tracking parameter at all (maybe percent-encoded)? */
const MAYBE_TRACKING = /utm|fbclid|gclid|msclkid|%/i;

/**
 * `url` (a path with its query, as a request line has it: '/women?utm_source=x&sub=Dresses')
 * without its tracking parameters. The rest of the query is kept byte for byte, in its order,
 * so equal URLs stay equal; a query left empty goes with its '?'. A URL without tracking
 * parameters is returned as it is.
 */
export function withoutTrackingParams(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return url;
  const hashStart = url.indexOf('#', queryStart);
  const end = hashStart < 0 ? url.length : hashStart;
  const query = url.slice(queryStart + 1, end);
  if (!MAYBE_TRACKING.test(query)) return url;
  const kept = query.split('&').filter((part) => {
    const name = part.split('=', 1)[0] ?? '';
    return !isTrackingParam(safeDecode(name.replace(/\+/g, ' ')));
  });
  const rest = kept.join('&');
  return `${url.slice(0, queryStart)}${rest ? `?${rest}` : ''}${url.slice(end)}`;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
