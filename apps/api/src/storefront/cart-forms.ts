/**
 * The cart's forms without JavaScript (issue 32, decision 0033): POST /cart/add, /cart/update
 * and /cart/remove change the server cart through app.carts (the cart cookie's, or the
 * account's of the shopper whose form session cookie is sent) and answer 303 back to `back`
 * (a same-site path) or /cart. They sit on cached public pages (the product page's "Add to
 * cart"), so they carry no per-shopper CSRF token: SameSite=Lax cookies and the Origin check
 * keep them safe. Bad input is refused 400 and changes nothing.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '@shop/shared';
import { z } from 'zod';
import { clientOf } from '../lib/client-address.ts';
import { formSession } from './form-session.ts';
import { safeBack, sameSiteForm } from './sign-in-form.ts';

/** Writes a minute per client, as the JSON cart's (cart/routes.ts). */
const CART_FORM_WRITES_PER_MINUTE = 120;

const variantId = z.uuid();
const quantity = z.coerce.number().int().min(1).max(99);
const back = z.string().max(500).optional();

const cartForms: FastifyPluginAsyncZod = async (app) => {
  /** The form session's token read as a bearer token, so the shopper's account cart is the one changed. */
  const session = formSession(app);
  const route = <Body extends z.ZodType>(summary: string, body: Body) => ({
    onRequest: [sameSiteForm, session],
    config: {
      access: 'public' as const,
      rateLimit: {
        max: CART_FORM_WRITES_PER_MINUTE,
        timeWindow: '1 minute',
        keyGenerator: (request: FastifyRequest) => `cart-form|client|${clientOf(request)}`,
      },
    },
    schema: {
      hide: true,
      summary,
      body,
      response: { 303: z.null(), 400: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse },
    },
  });
  const backTo = (reply: FastifyReply, path: string | undefined) =>
    reply.header('Cache-Control', 'no-store').redirect(safeBack(path, '/cart'), 303);

  app.post('/cart/add', {
    ...route('Add to the cart with a form; 303 back', z.object({ variantId, quantity: quantity.default(1), back })),
    handler: async (request, reply) => {
      await app.carts.add(request, reply, request.body.variantId, request.body.quantity);
      return backTo(reply, request.body.back);
    },
  });

  app.post('/cart/update', {
    ...route("Set a line's quantity with a form; 303 back", z.object({ variantId, quantity, back })),
    handler: async (request, reply) => {
      await app.carts.setQuantity(request, reply, request.body.variantId, request.body.quantity);
      return backTo(reply, request.body.back);
    },
  });

  app.post('/cart/remove', {
    ...route('Take a line out of the cart with a form; 303 back', z.object({ variantId, back })),
    handler: async (request, reply) => {
      await app.carts.remove(request, reply, request.body.variantId);
      return backTo(reply, request.body.back);
    },
  });
};

export default cartForms;
