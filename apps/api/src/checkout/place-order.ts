/**
 * A web shopper's order, placed: the one way both checkouts create it, the JavaScript app's
 * (POST /api/checkout) and the form's without JavaScript (POST /checkout, storefront/): the
 * payment method open to it (the card needs a provider, a transfer the shop's bank details, pay
 * on delivery a phone number), the contact from the form or the account, and the order service's
 * pricing, stock and coupon reservation, delivery price and limits.
 */
import type { FastifyInstance } from 'fastify';
import { type CheckoutBody, MAX_UNPAID_ORDERS, MESSAGES_ORDER, PHONE_PATTERN, transferEnabled } from '@shop/shared';
import { getSettings } from '../content/index.ts';
import type { Tx } from '../db/client.ts';
import { transactionsAgainAfterDeadlock } from '../db/request-transaction.ts';
import type { UserRow } from '../db/schema/index.ts';
import { badRequest } from '../lib/http-error.ts';
import { grantConsent } from '../marketing/index.ts';

const HOUR_MS = 60 * 60 * 1000;

type Order = Awaited<ReturnType<FastifyInstance['orders']['create']>>;

/**
 * `alsoInTransaction`: more to write in the order's own transaction, standing or falling with it
 * (the form's checkout takes the lines ordered out of the server cart).
 */
export async function placeWebOrder(
  app: FastifyInstance,
  user: UserRow,
  body: CheckoutBody,
  alsoInTransaction?: (tx: Tx, order: Order) => Promise<void>,
) {
  const paymentMethod = body.paymentMethod ?? 'paystack';
  const settings = await getSettings(app.db);
  const provider = paymentMethod === 'paystack' ? app.payments.requireProvider() : undefined;
  if (paymentMethod === 'transfer' && !transferEnabled(settings)) throw badRequest(MESSAGES_ORDER.transferUnavailable);
  const phone = body.phone || user.phone;
  // The shop calls to confirm a pay-on-delivery order before sending it.
  if (paymentMethod === 'pod' && !PHONE_PATTERN.test(phone.trim())) {
    throw badRequest(MESSAGES_ORDER.podPhoneRequired, [{ path: 'phone', message: MESSAGES_ORDER.podPhoneRequired }]);
  }
  await app.orders.expirePending();
  if (body.marketingConsent) await grantConsent(app.db, { email: user.email, userId: user.id, source: 'checkout' });
  const input: Parameters<FastifyInstance['orders']['create']>[0] = {
    channel: 'web',
    userId: user.id,
    contact: {
      // Messages go to the account's address; another one typed is kept for the shop to see.
      email: user.email,
      contactEmail: body.email,
      name: body.name || `${user.firstName} ${user.lastName}`,
      phone,
      address: body.address || user.address,
      city: body.city || user.city,
      state: body.state || user.state,
      country: body.country || user.country,
    },
    lines: body.lines as never,
    status: paymentMethod === 'pod' ? 'confirmed' : 'pending',
    paymentProvider: provider?.name ?? paymentMethod,
    paymentMethod,
    ...(paymentMethod === 'transfer' && { pendingMs: settings.transferHoldHours * HOUR_MS }),
    ...(paymentMethod === 'pod' && { pendingMs: settings.podConfirmHours * HOUR_MS }),
    checkout: {
      deliveryMethodId: body.deliveryMethodId,
      couponCode: body.couponCode,
      payOnDelivery: paymentMethod === 'pod',
    },
    limits: {
      maxUnitsPerProduct: settings.maxUnitsPerProduct,
      maxUnpaidOrders: MAX_UNPAID_ORDERS,
      maxPodUnits: settings.podMaxUnits,
    },
  };
  const order = alsoInTransaction
    ? // Placed again if PostgreSQL rolls it back to break a deadlock, as the order alone is (decision 0035).
      await transactionsAgainAfterDeadlock(app.db)(async (tx) => {
        const made = await app.orders.create(input, tx);
        await alsoInTransaction(tx, made);
        return made;
      })
    : await app.orders.create(input);
  return { order, provider, paymentMethod, settings };
}
