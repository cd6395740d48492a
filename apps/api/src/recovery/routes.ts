/**
 * Checkout recovery's routes (issue 31). GET /api/cart/restore/{token}: public, the cart a
 * reminder's link brings back (404 unknown, 410 after 7 days). GET /api/recovery: the back
 * office's figures, for staff who may see orders (orders.read): the shopper's e-mail and phone
 * are an order's contact details, and the page's WhatsApp button is order follow-up.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type AbandonedCheckoutView,
  errorResponse,
  koboToNaira,
  RECOVERY_PAGE_SIZE,
  recoveryOverview,
  restoredCart,
} from '@shop/shared';
import { z } from 'zod';
import { restoreCart } from './restore.ts';
import { recoveryFigures, restoreExpiry } from './service.ts';

const security = [{ bearerAuth: [] }];

const recoveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = app.config.publicUrl.replace(/\/+$/, '');

  app.get('/api/cart/restore/:token', {
    config: { access: 'public' },
    onRequest: app.optionalUser,
    schema: {
      tags: ['checkout'],
      summary:
        "The cart an abandoned checkout's reminder links to, as the catalogue sells it now (lines no longer for sale left out); it never signs in. The same lines replace the server cart's (the signed-in shopper's, or the cart cookie's, made when missing). 404 for an unknown token, 410 once 7 days have passed since the last reminder",
      // Made as 16 random bytes in base64url: anything else (a NUL, say) is refused before the database.
      params: z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'This restore link is not valid') }),
      response: { 200: restoredCart, 404: errorResponse, 410: errorResponse },
    },
    handler: async (request, reply) => {
      reply.header('X-Robots-Tag', 'noindex').header('Cache-Control', 'private, no-store');
      const restored = await restoreCart(app.db, request.params.token, (id) => app.images.url(id));
      // The server cart (issue 32) holds the same lines as the browser's: the account's when
      // signed in, else the cart cookie's (made, with the cookie, when there is none).
      await app.carts.replace(
        request,
        reply,
        restored.lines.flatMap((l) => (l.variantId ? [{ variantId: l.variantId, quantity: l.quantity }] : [])),
      );
      return restored;
    },
  });

  app.get('/api/recovery', {
    config: { access: 'orders.read' },
    schema: {
      tags: ['recovery'],
      security,
      summary: `Abandoned checkouts: the figures over all of them (value, reminders sent, recovered orders and revenue) and the latest ${RECOVERY_PAGE_SIZE}`,
      response: { 200: recoveryOverview, 401: errorResponse, 403: errorResponse },
    },
    handler: async (_request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      const { totals, items } = await recoveryFigures(app.db, RECOVERY_PAGE_SIZE);
      return {
        checkouts: totals.checkouts,
        value: koboToNaira(totals.value),
        remindersSent: totals.remindersSent,
        recoveredOrders: totals.recoveredOrders,
        recoveredRevenue: koboToNaira(totals.recoveredRevenue),
        items: items.map(
          ({ checkout: c, orderNumber }): AbandonedCheckoutView => ({
            id: c.id,
            createdAt: c.createdAt.toISOString(),
            source: c.source,
            firstName: c.firstName,
            email: c.email,
            phone: c.phone,
            value: koboToNaira(c.value),
            items: c.lines.reduce((n, l) => n + l.quantity, 0),
            remindersSent: c.remindersSent,
            lastReminderAt: c.lastReminderAt?.toISOString() ?? null,
            status: c.recoveredRevenue !== null ? 'recovered' : c.paidOrderId ? 'paid' : 'open',
            orderId: c.paidOrderId,
            orderNumber,
            recoveredRevenue: c.recoveredRevenue === null ? null : koboToNaira(c.recoveredRevenue),
            restoreUrl: `${base}/cart/restore?token=${encodeURIComponent(c.token)}`,
            restoreExpiresAt: restoreExpiry(c).toISOString(),
          }),
        ),
      };
    },
  });
};

export default recoveryRoutes;
