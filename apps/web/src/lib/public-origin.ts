/**
 * The shop's public address (https://adire.ng), for what must be absolute: canonical links,
 * Open Graph and JSON-LD URLs. On the server it is the API's PUBLIC_URL, set by the renderer
 * (entry-server.tsx) before it renders; a server-rendered page hands it to the browser in its
 * server data, so hydration produces the same tags; any other page uses its own origin.
 * The entry sets it, so this module stays tiny: canonical URLs are in canonical-url.ts.
 */
let origin = typeof window === 'undefined' ? '' : window.location.origin;

export function setPublicOrigin(value: string): void {
  origin = value.replace(/\/+$/, '');
}

export function publicOrigin(): string {
  return origin;
}

/** An absolute URL on the shop for a path ('/productdetails/1'); an absolute URL stays as it is. */
export function absoluteUrl(path: string): string {
  return /^https?:\/\//.test(path) ? path : `${origin}${path.startsWith('/') ? '' : '/'}${path}`;
}
