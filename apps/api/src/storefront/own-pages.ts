/**
 * A shopper's own pages, rendered on the server for her (issue 32, decision 0033): /signin,
 * /register, /forgot-password, /reset-password, /cart, /checkout, /orders and /orders/:id work
 * without JavaScript. Each is
 * rendered with app.sendOwnPage: the page reads the API as her (her form session's token,
 * her cart's cookie), its forms carry a CSRF token issued with this answer, and it is never cached
 * (`private, no-store`). What she may see is what the API lets her token read: her cart, her
 * orders, nobody else's (another shopper's order is the API's 404, so the page's Not Found).
 * With JavaScript, the app renders the page again from the browser's own session and cart.
 */
import type { FastifyPluginAsync } from 'fastify';
import { isLite } from '../plugins/web.ts';
import { formSession, ownPageHeaders, SESSION_COOKIE } from './form-session.ts';
import { safeBack } from './sign-in-form.ts';

/** The pages, as the storefront's page table spells them (@shop/shared/storefront-pages). */
export const OWN_PAGES = [
  '/signin',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/cart',
  '/checkout',
  '/orders',
  '/orders/:id',
] as const;

/**
 * The pages for signing in, which have nothing for a shopper whose form session is valid: the
 * header of a cached page cannot know her (it is the same for everyone), so without JavaScript
 * its "Sign in" brings her here, and she is sent on to where she was going, her orders unless told.
 */
const SIGNED_OUT_ONLY = new Set<string>(['/signin', '/register']);
export const SIGNED_IN_LANDING = '/orders';

const ownPages: FastifyPluginAsync = async (app) => {
  for (const url of OWN_PAGES) {
    const signedOutOnly = SIGNED_OUT_ONLY.has(url);
    app.get(
      url,
      { schema: { hide: true }, config: { access: 'public' }, ...(signedOutOnly ? { preHandler: formSession(app) } : {}) },
      (request, reply) => {
        if (signedOutOnly && request.user && request.cookies[SESSION_COOKIE]) {
          return reply.redirect(safeBack((request.query as { back?: unknown }).back, SIGNED_IN_LANDING), 303);
        }
        return app.sendOwnPage(request, reply, {
          lite: isLite(request),
          headers: ownPageHeaders(request),
          own: { csrf: reply.generateCsrf() },
        });
      },
    );
  }
};

export default ownPages;
