/**
 * Checkout without JavaScript (issue 32, decision 0033): the /checkout page's form posts here
 * with the shopper's form session, her CSRF token, the delivery address and how she pays (bank
 * transfer or pay on delivery; a card payment needs the provider's script, so it needs
 * JavaScript). The order is made from her server cart by the same code as POST /api/checkout
 * (checkout/place-order.ts: pricing, stock and coupon reservation, delivery price, limits,
 * messages); the lines ordered leave her cart and she is sent (303) to her order's page, which
 * shows its number and, for a transfer, the account to pay. A refusal is a page with its status,
 * the message and a link back to the form; nothing is changed.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DELIVERY_COUNTRY, deliveryAddressForm, errorResponse, MESSAGES_ORDER, MISSING_ADDRESS } from '@shop/shared';
import { z } from 'zod';
import { placeWebOrder } from '../checkout/index.ts';
import { HttpError } from '../lib/http-error.ts';
import { formSession, refusalPage, formText } from './form-session.ts';
import { sameSiteForm } from './sign-in-form.ts';

export const EMPTY_CART = 'Your cart is empty.';
export const SIGN_IN_TO_CHECK_OUT = 'Sign in to check out.';

/** Loose on purpose: each field is checked in the handler, so a mistake gets the form's page, not JSON. */
const checkoutForm = z.object({
  _csrf: formText(200),
  name: formText(200),
  phone: formText(40),
  address: formText(200),
  city: formText(200),
  state: formText(100),
  paymentMethod: formText(20),
});

const FORM_METHODS = ['transfer', 'pod'] as const;

const checkoutForms: FastifyPluginAsyncZod = async (app) => {
  const session = formSession(app);
  const back = { title: 'Checkout', href: '/checkout', link: 'Back to checkout' };
  const refuse = (reply: FastifyReply, status: number, msg: string) => refusalPage(reply, status, { ...back, msg });

  /** Only a signed-in shopper checks out: without her form session, a page sending her to sign in. */
  async function requireShopper(request: FastifyRequest, reply: FastifyReply) {
    await session(request, reply);
    if (!request.user) {
      return refusalPage(reply, 401, {
        title: 'Checkout',
        msg: SIGN_IN_TO_CHECK_OUT,
        href: '/signin?back=%2Fcheckout',
        link: 'Sign in',
      });
    }
  }

  app.post('/checkout', {
    // Counted as the API's checkout is (per shopper, then per client), refused tries too.
    onRequest: [sameSiteForm, requireShopper, app.limitCheckout],
    preHandler: app.csrfProtection,
    config: { access: 'public' },
    // A page's form, not an API operation: kept out of the OpenAPI document and docs/routes.md.
    schema: {
      hide: true,
      summary: 'Place an order from the server cart with a form (transfer or pay on delivery); 303 to the order',
      consumes: ['application/x-www-form-urlencoded'],
      body: checkoutForm,
      response: {
        303: z.null(),
        400: errorResponse,
        401: errorResponse,
        403: errorResponse,
        404: errorResponse,
        409: errorResponse,
        429: errorResponse,
      },
    },
    handler: async (request, reply) => {
      const user = request.user!;
      const form = request.body;
      const method = form.paymentMethod;
      if (method === 'paystack') return refuse(reply, 400, MESSAGES_ORDER.cardNeedsJavaScript);
      if (!FORM_METHODS.includes(method as never)) return refuse(reply, 400, MESSAGES_ORDER.choosePayment);
      const address = deliveryAddressForm.safeParse(form);
      if (!address.success) return refuse(reply, 400, address.error.issues[0]?.message ?? 'Check the delivery address');
      if (!address.data.address?.trim()) return refuse(reply, 400, MISSING_ADDRESS.address);
      if (!address.data.city?.trim()) return refuse(reply, 400, MISSING_ADDRESS.city);

      const cart = await app.carts.read(request, user.id);
      if (cart.lines.length === 0) return refuse(reply, 400, EMPTY_CART);
      try {
        const lines = cart.lines.map((line) => ({
          productId: line.productId,
          variantId: line.variantId,
          quantity: line.quantity,
        }));
        // What she ordered leaves her cart with the order (as the app's cart is emptied after its checkout): both or neither.
        const { order } = await placeWebOrder(
          app,
          user,
          { ...address.data, country: DELIVERY_COUNTRY, paymentMethod: method as (typeof FORM_METHODS)[number], lines },
          (tx) =>
            app.carts.takeOrdered(
              tx,
              user.id,
              lines.map((line) => line.variantId),
            ),
        );
        return reply.header('Cache-Control', 'no-store').redirect(`/orders/${order.id}`, 303);
      } catch (error) {
        if (error instanceof HttpError) return refuse(reply, error.statusCode, error.message);
        throw error;
      }
    },
  });
};

export default checkoutForms;
