/**
 * Cancelling one's own unpaid order without JavaScript (issue 32, decision 0033): the order's
 * page, rendered for her, carries a form posting here with her CSRF token. It cancels as POST
 * /api/orders/:id/cancel does (the order service's cancelByShopper: only her own order, only
 * while it is not paid and not sent; its goods go back on sale) and sends her back (303) to the
 * order's page. A refusal is a page with its status, the message and a link back, nothing changed.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '@shop/shared';
import { z } from 'zod';
import { HttpError } from '../lib/http-error.ts';
import { formSession, refusalPage } from './form-session.ts';
import { sameSiteForm } from './sign-in-form.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const orderForms: FastifyPluginAsyncZod = async (app) => {
  const session = formSession(app);
  const orderPage = (id: string) => `/orders/${encodeURIComponent(id)}`;

  /** Only a signed-in shopper cancels: without her form session, a page sending her to sign in. */
  async function requireShopper(request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) {
    await session(request, reply);
    if (!request.user) {
      const back = orderPage(request.params.id);
      return refusalPage(reply, 401, {
        title: 'Cancel order',
        msg: 'Sign in to cancel your order.',
        href: `/signin?back=${encodeURIComponent(back)}`,
        link: 'Sign in',
      });
    }
  }

  app.post('/orders/:id/cancel', {
    onRequest: [sameSiteForm, requireShopper],
    preHandler: app.csrfProtection,
    config: { access: 'public' },
    // A page's form, not an API operation: kept out of the OpenAPI document and docs/routes.md.
    schema: {
      hide: true,
      summary: "Cancel one's own unpaid order with a form (no JavaScript); 303 back to the order",
      consumes: ['application/x-www-form-urlencoded'],
      params: z.object({ id: z.string().max(100) }),
      body: z.object({ _csrf: z.string().max(200).optional() }),
      response: { 303: z.null(), 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse },
    },
    handler: async (request, reply) => {
      const { id } = request.params;
      const back = { title: 'Cancel order', href: UUID.test(id) ? orderPage(id) : '/orders', link: 'Back to the order' };
      try {
        if (!UUID.test(id)) throw new HttpError(404, 'Order not found');
        await app.orders.cancelByShopper(id, request.user!.id);
      } catch (error) {
        if (error instanceof HttpError) return refusalPage(reply, error.statusCode, { ...back, msg: error.message });
        throw error;
      }
      return reply.header('Cache-Control', 'no-store').redirect(orderPage(id), 303);
    },
  });
};

export default orderForms;
