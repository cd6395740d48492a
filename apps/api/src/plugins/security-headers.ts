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

export default fp<HelmetOptions>(
  async function securityHeadersPlugin(app: FastifyInstance, options) {
    const headers = securityHeaders(options);
    // onRequest, so an answer that fails or is not found later carries them too.
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers' },
);
