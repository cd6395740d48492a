/**
 * The storefront's sign-in without JavaScript (issue 32, decision 0033): a form posted to
 * POST /signin (form-encoded) is checked with the same rules, limits, lockout and messages as
 * POST /api/auth/login, then the shopper's token is kept in an HttpOnly, SameSite=Lax session
 * cookie (Secure in production) and the browser is sent on with a 303. Every form here carries
 * a CSRF token (@fastify/csrf-protection, cookie-based double submit, registered for every
 * storefront form in index.ts), which a page gets from GET /api/forms/token or rendered in; a form from another site is refused by its Origin as well. The cart
 * cookie's cart is merged onto her account's at sign-in (app.carts.mergeOnSignIn).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, MESSAGES } from '@shop/shared';
import { z } from 'zod';
import { createAuthService, deviceOf } from '../auth/index.ts';
import { HttpError } from '../lib/http-error.ts';

import { refusalPage, SESSION_COOKIE, startFormSession } from './form-session.ts';

export { SESSION_COOKIE };
export const CROSS_SITE_FORM = 'This form was sent from another site and was not accepted.';

/** A same-site path to return to: one leading slash, no scheme, no backslash, no control characters. */
export function safeBack(back: unknown, fallback = '/'): string {
  if (typeof back !== 'string' || back.length > 500) return fallback;
  if (!back.startsWith('/') || back.startsWith('//') || /[\\\s]/.test(back) || [...back].some((c) => c.charCodeAt(0) < 32))
    return fallback;
  return back;
}

/** Refuses a form whose Origin (or, without one, Referer) names another host. */
export async function sameSiteForm(request: FastifyRequest) {
  const from = request.headers.origin ?? request.headers.referer;
  if (!from || from === 'null') return;
  let host: string;
  try {
    host = new URL(from).host;
  } catch {
    throw new HttpError(403, CROSS_SITE_FORM);
  }
  if (host !== request.host) throw new HttpError(403, CROSS_SITE_FORM);
}

const signInForm = z.object({
  email: z.string().trim().min(1).max(320),
  password: z.string().min(1).max(200),
  back: z.string().max(500).optional(),
  _csrf: z.string().max(200).optional(),
});

const signInForms: FastifyPluginAsyncZod = async (app) => {
  const secure = app.config.env === 'production';
  const auth = createAuthService(app.db, app.tokens, app.messages.notifier, app.twoFactor);
  const tags = ['storefront forms'];

  app.get('/api/forms/token', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: "A CSRF token for a form the server renders into a shopper's own page (sets the _csrf secret cookie)",
      response: { 200: z.object({ token: z.string() }) },
    },
    handler: async (_request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return { token: reply.generateCsrf() };
    },
  });

  /** A refused form, answered with its status and a short page linking back to the form. */
  const refusal = (reply: FastifyReply, status: number, msg: string, back: string) =>
    refusalPage(reply, status, { title: 'Sign in', msg, href: `/signin?back=${encodeURIComponent(back)}`, link: 'Try again' });

  app.post('/signin', {
    onRequest: [sameSiteForm, app.limitCredentialClient],
    preHandler: [app.csrfProtection, app.signInBackoff.check],
    onResponse: app.signInBackoff.count,
    config: { rateLimit: app.credentialRateLimit, access: 'public' },
    // A page's form, not an API operation: kept out of the OpenAPI document and docs/routes.md.
    schema: {
      hide: true,
      tags,
      summary: 'Sign in with a form (no JavaScript): sets the shopper session cookie and answers 303 to `back`',
      consumes: ['application/x-www-form-urlencoded'],
      body: signInForm,
      response: { 303: z.null(), 400: errorResponse, 403: errorResponse, 429: errorResponse },
    },
    handler: async (request, reply) => {
      const back = safeBack(request.body.back);
      try {
        const signedIn = await auth.login(request.body.email, request.body.password, deviceOf(request));
        if (!('accessToken' in signedIn)) return refusal(reply, 403, MESSAGES.notAdmin, back);
        // The cart she filled before signing in joins her account's (the cart cookie is cleared).
        await app.carts.mergeOnSignIn(request, reply, signedIn.user.id);
        startFormSession(reply, signedIn.accessToken, secure);
        return reply.header('Cache-Control', 'no-store').redirect(back, 303);
      } catch (error) {
        if (error instanceof HttpError) return refusal(reply, error.statusCode, error.message, back);
        throw error;
      }
    },
  });

  app.post('/signout', {
    onRequest: sameSiteForm,
    preHandler: app.csrfProtection,
    config: { access: 'public' },
    // A page's form, not an API operation: kept out of the OpenAPI document and docs/routes.md.
    schema: {
      hide: true,
      tags,
      summary: 'Sign out with a form: clears the shopper session cookie and answers 303 to /',
      consumes: ['application/x-www-form-urlencoded'],
      body: z.object({ _csrf: z.string().max(200).optional() }),
      response: { 303: z.null(), 403: errorResponse },
    },
    handler: async (_request, reply) => reply.clearCookie(SESSION_COOKIE, { path: '/' }).redirect('/', 303),
  });
};

export default signInForms;
