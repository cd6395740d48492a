/**
 * Checkout: the quote (what an order would cost: goods, markdowns, coupon, delivery to the
 * state, the ways to pay it), the order itself (priced by the server, its stock and coupon
 * reserved, a card payment started) and asking the provider whether it was paid. The browser
 * never decides that an order is paid: the server verifies with the provider (and Paystack
 * also says so through its signed webhook, payments/routes.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkoutBody,
  checkoutResponse,
  errorResponse,
  isPaidStatus,
  koboToNaira,
  MAX_UNPAID_ORDERS,
  paymentReference,
  quoteBody,
  quoteResponse,
  transferEnabled,
  verifyResponse,
  type WebPaymentMethod,
} from '@shop/shared';
import { z } from 'zod';
import { getSettings } from '../content/index.ts';
import { grantConsent } from '../marketing/index.ts';
import { recordCheckout, snapshotLine } from '../recovery/index.ts';
import { placeWebOrder } from './place-order.ts';
import type { PricedMethod } from '../delivery/index.ts';
import { type OrderWithLines, transferInstructionsFor, viewerOf } from '../orders/index.ts';

const tags = ['checkout'];
const security = [{ bearerAuth: [] }];
const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
  502: errorResponse,
  503: errorResponse,
};
const referenceParams = z.object({ reference: paymentReference });

/** The order goes ahead: paid, and not let go meanwhile (paid after its hold ran out, with the goods gone). */
const goesAhead = (order: OrderWithLines) =>
  isPaidStatus(order.paymentStatus) && order.status !== 'cancelled' && order.status !== 'failed';

function verifyMessage(order: OrderWithLines, reason?: string): string {
  if (goesAhead(order)) return 'Payment verified';
  if (order.status === 'pending') return reason ?? 'The payment has not been completed yet';
  return order.failureReason ?? reason ?? `The order is ${order.status}`;
}

const methodView = (m: PricedMethod, free: boolean) => ({
  id: m.id,
  name: m.name,
  kind: m.kind,
  fee: free ? 0 : koboToNaira(m.fee),
  freeOver: m.freeOver === null ? null : koboToNaira(m.freeOver),
  etaDays: m.etaDays,
  pickupAddress: m.pickupAddress,
  pickupHours: m.pickupHours,
  payOnDelivery: m.payOnDelivery,
});

/** The web payment methods open to this order: the card when a provider is configured, transfer once the bank is set, pay on delivery where the method allows it. */
function paymentMethodsFor(card: boolean, transfer: boolean, method: PricedMethod | null): WebPaymentMethod[] {
  return [
    ...(card ? (['paystack'] as const) : []),
    ...(transfer ? (['transfer'] as const) : []),
    ...(method?.payOnDelivery ? (['pod'] as const) : []),
  ];
}

const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/api/checkout/quote', {
    config: { access: 'signed-in' },
    onRequest: app.limitQuote,
    schema: {
      tags,
      security,
      summary: 'Price an order as checkout would (goods, markdowns, coupon, delivery to the state), without creating it',
      description:
        'Rate-limited per shopper and per client IP apart from checkout (429 with Retry-After; QUOTE_RATE_LIMIT, QUOTE_IP_RATE_LIMIT).',
      body: quoteBody,
      response: { 200: quoteResponse, ...errors, 429: errorResponse },
    },
    handler: async (request) => {
      const user = request.user!;
      const body = request.body;
      const settings = await getSettings(app.db);
      if (body.marketingConsent) await grantConsent(app.db, { email: user.email, userId: user.id, source: 'checkout' });
      const { lines, pricing } = await app.orders.quote(body.lines as never, {
        customer: { userId: user.id, email: user.email },
        state: body.state || user.state,
        country: body.country || user.country,
        deliveryMethodId: body.deliveryMethodId,
        couponCode: body.couponCode,
        requireDelivery: false,
      });
      // A consenting shopper's cart is kept for its reminders, once per cart (recovery/, issue 31).
      if (body.marketingConsent) {
        await recordCheckout(app.db, {
          userId: user.id,
          email: user.email,
          phone: body.phone || user.phone,
          firstName: user.firstName,
          source: 'quote',
          lines: lines.map(snapshotLine),
          value: pricing.total,
        });
      }
      const free = pricing.coupon?.freeDelivery ?? false;
      const coupon = pricing.coupon?.coupon;
      return {
        subtotal: koboToNaira(pricing.subtotal),
        discount: koboToNaira(pricing.discount),
        couponDiscount: koboToNaira(pricing.couponDiscount),
        deliveryFee: koboToNaira(pricing.deliveryFee),
        total: koboToNaira(pricing.total),
        currency: 'NGN',
        state: pricing.state,
        deliveryMethod: pricing.method && methodView(pricing.method, free),
        deliveryMethods: pricing.methods.map((m) => methodView(m, free)),
        coupon: coupon
          ? { code: coupon.code, type: coupon.type, value: coupon.type === 'fixed' ? koboToNaira(coupon.value) : coupon.value }
          : null,
        paymentMethods: paymentMethodsFor(app.payments.provider !== undefined, transferEnabled(settings), pricing.method),
        lines: lines.map((l) => ({
          productId: l.productId,
          variantId: l.variantId,
          title: l.title,
          size: l.size,
          color: l.color,
          quantity: l.quantity,
          unitPrice: koboToNaira(l.unitPrice),
          unitDiscount: koboToNaira(l.unitDiscount),
          lineTotal: koboToNaira((l.unitPrice - l.unitDiscount) * l.quantity),
        })),
      };
    },
  });

  app.post('/api/checkout', {
    config: { access: 'signed-in' },
    // Counted before the body is checked: refused and invalid tries count too.
    onRequest: app.limitCheckout,
    schema: {
      tags,
      security,
      summary:
        'Create an order priced by the server and reserve its stock: a card payment starts (paystack), a transfer waits for the money (transfer), or it is confirmed to be paid on delivery (pod)',
      description: `A shopper may hold at most ${MAX_UNPAID_ORDERS} unpaid online orders (409), one order takes at most the shop's maxUnitsPerProduct units of a product (400), and a shopper's unpaid pay-on-delivery orders hold at most podMaxUnits units (409). A pay-on-delivery order needs a phone number (the shop calls to confirm it) and is cancelled when the shop has not confirmed it within podConfirmHours. Orders created are rate-limited per shopper and per client IP (429 with Retry-After; CHECKOUT_RATE_LIMIT, CHECKOUT_IP_RATE_LIMIT).`,
      body: checkoutBody,
      response: { 201: checkoutResponse, ...errors, 429: errorResponse },
    },
    handler: async (request, reply) => {
      const { order, provider, paymentMethod, settings } = await placeWebOrder(app, request.user!, request.body);
      // Only a card payment with something to pay opens a checkout (a coupon may have covered it all).
      const { accessCode } = provider && order.paymentStatus === 'unpaid' ? await app.payments.start(order) : {};
      const transfer = transferInstructionsFor(order, settings);
      return reply.status(201).send({
        orderId: order.id,
        number: order.number,
        status: order.status,
        paymentMethod,
        reference: order.paymentReference!,
        amount: order.total,
        currency: order.currency,
        email: order.email,
        provider: provider && order.paymentStatus === 'unpaid' ? provider.name : null,
        publicKey: provider?.publicKey ?? '',
        accessCode,
        ...(transfer && { transfer }),
      });
    },
  });

  app.post('/api/checkout/:reference/verify', {
    config: { access: 'owner-of-resource' },
    schema: {
      tags,
      security,
      summary: 'Ask the provider whether the order was paid (idempotent)',
      params: referenceParams,
      response: { 200: verifyResponse, ...errors },
    },
    handler: async (request) => {
      const settled = await app.payments.verify(await app.orders.visibleByReference(request.params.reference, viewerOf(request)));
      return {
        status: settled.order.status,
        paid: goesAhead(settled.order),
        orderId: settled.order.id,
        number: settled.order.number,
        msg: verifyMessage(settled.order, settled.reason),
      };
    },
  });
};

export default checkoutRoutes;
