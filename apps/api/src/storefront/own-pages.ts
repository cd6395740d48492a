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
import { ownPageHeaders } from './form-session.ts';

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

const ownPages: FastifyPluginAsync = async (app) => {
  for (const url of OWN_PAGES) {
    app.get(url, { schema: { hide: true }, config: { access: 'public' } }, (request, reply) =>
      app.sendOwnPage(request, reply, {
        lite: isLite(request),
        headers: ownPageHeaders(request),
        own: { csrf: reply.generateCsrf() },
      }),
    );
  }
};

export default ownPages;
