/**
 * The security headers (Content-Security-Policy, HSTS, X-Content-Type-Options, ...) on every
 * answer: API, pages, static files, errors and 404s. helmet decides what they are; they are
 * computed once, when the app is built. @fastify/helmet ran helmet afresh for every request
 * (its directives parsed each time, in two hooks), a fifth of a cached answer's cost (issue 15).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/** The headers helmet's middleware sets with these options, by lower-case name. */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

/**
 * The build's scripts and styles, the shop's pictures, the storefront's worker registration and
 * the web app manifest: files a page loads, never opened as a page (an SVG can be, and runs
 * scripts: it keeps every header; so do the workers, /sw.js and /sw-storefront.js, whose own
 * policy binds the worker).
 */
const SUBRESOURCE =
  /^\/(?:(?:assets|uploads|img|icons)\/[^?]*\.(?:js|css|webp|avif|jpe?g|png|woff2|wasm)|register-sw\.js|manifest\.webmanifest)(?:\?|$)/i;

/**
 * What a file a page loads needs of them: the policy, frame and cross-origin-opener headers
 * govern documents only, and HSTS is the host's, learnt from any page. Sent with each of a
 * page's 40 scripts and pictures on HTTP/1.1 (Opera Mini's proxies, a shop without HTTP/2 in
 * front), they were 28 KB of a first view's 270 (issue 32's budget is 250).
 */
const FOR_SUBRESOURCES = ['x-content-type-options', 'cross-origin-resource-policy', 'referrer-policy'];

export default fp<HelmetOptions>(
  async function securityHeadersPlugin(app: FastifyInstance, options) {
    const headers = securityHeaders(options);
    const subresourceHeaders = Object.fromEntries(Object.entries(headers).filter(([name]) => FOR_SUBRESOURCES.includes(name)));
    // onRequest, so an answer that fails or is not found later carries them too.
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(SUBRESOURCE.test(request.url) ? subresourceHeaders : headers);
      done();
    });
  },
  { name: 'security-headers' },
);
