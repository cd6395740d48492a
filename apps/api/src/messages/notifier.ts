/**
 * What the shop says, and to whom, when something happens: the order events (orders/events.ts)
 * and the account events (welcome, password reset and change) become queued messages, inside
 * the transaction of the change. Shopper messages go to the order's or account's e-mail; the
 * shop's go to the notification address in the settings, or to every admin without one.
 */
import { eq } from 'drizzle-orm';
import { koboToNaira, RESET_TOKEN_TTL_MINUTES, type StoreSettings } from '@shop/shared';
import { getSettings } from '../content/settings-service.ts';
import type { Db, Tx } from '../db/client.ts';
import { type UserRow, users } from '../db/schema/index.ts';
import type { OrderEvents } from '../orders/events.ts';
import type { OrderWithLines } from '../orders/service.ts';
import { toOrderView } from '../orders/view.ts';
import { enqueue } from './outbox.ts';
import { seal } from './seal.ts';

type Q = Db | Tx;

/** The shop's own address(es): the notification address, or every admin's. */
async function shopRecipients(tx: Q, settings: StoreSettings): Promise<string> {
  if (settings.notificationEmail) return settings.notificationEmail;
  const admins = await tx.select({ email: users.email }).from(users).where(eq(users.role, 'admin')).orderBy(users.createdAt);
  return admins.map((a) => a.email).join(', ');
}

/** Orders a shopper hears about: online ones with an address (a walk-in sale at the counter has none). */
const toShopper = (order: OrderWithLines) => (order.channel !== 'pos' || order.email ? order.email : '');

export function createNotifier({ publicUrl, secret }: { publicUrl: string; secret: string }) {
  const base = publicUrl.replace(/\/+$/, '');
  const links = {
    order: (id: string) => `${base}/orders/${id}`,
    invoice: (id: string) => `${base}/orders/${id}/invoice`,
    admin: (id: string) => `${base}/purchasetable/${id}`,
    cart: () => `${base}/cart`,
    products: () => `${base}/producttable?stock=low`,
  };

  async function snapshot(tx: Q, order: OrderWithLines) {
    const settings = await getSettings(tx);
    return { settings, view: toOrderView(order, settings) };
  }

  const orderEvents: OrderEvents = {
    async placed(tx, order) {
      const { settings, view } = await snapshot(tx, order);
      await enqueue(
        tx,
        {
          template: 'order-received',
          to: toShopper(order),
          props: { order: view, orderUrl: links.order(order.id) },
          dedupeKey: `order-received:${order.id}`,
          orderId: order.id,
        },
        { name: settings.storeName },
      );
    },
    async paid(tx, order) {
      const { settings, view } = await snapshot(tx, order);
      const shop = { name: settings.storeName };
      await enqueue(
        tx,
        {
          template: 'payment-received',
          to: toShopper(order),
          props: { order: view, orderUrl: links.order(order.id), invoiceUrl: links.invoice(order.id) },
          dedupeKey: `payment-received:${order.id}`,
          orderId: order.id,
        },
        shop,
      );
      // The shop hears about online orders; a sale at the counter it made itself.
      if (order.channel === 'pos') return;
      await enqueue(
        tx,
        {
          template: 'shop-new-order',
          to: await shopRecipients(tx, settings),
          props: { order: view, adminUrl: links.admin(order.id) },
          dedupeKey: `shop-new-order:${order.id}`,
          orderId: order.id,
        },
        shop,
      );
    },
    async shipped(tx, order, note) {
      const { settings, view } = await snapshot(tx, order);
      await enqueue(
        tx,
        {
          template: 'order-shipped',
          to: toShopper(order),
          props: { order: view, orderUrl: links.order(order.id), note },
          dedupeKey: `order-shipped:${order.id}`,
          orderId: order.id,
        },
        { name: settings.storeName },
      );
    },
    async delivered(tx, order) {
      const { settings, view } = await snapshot(tx, order);
      await enqueue(
        tx,
        {
          template: 'order-delivered',
          to: toShopper(order),
          props: { order: view, orderUrl: links.order(order.id) },
          dedupeKey: `order-delivered:${order.id}`,
          orderId: order.id,
        },
        { name: settings.storeName },
      );
    },
    async cancelled(tx, order) {
      if (order.channel === 'pos') return;
      const { settings, view } = await snapshot(tx, order);
      await enqueue(
        tx,
        {
          template: 'order-cancelled',
          to: toShopper(order),
          props: { order: view, cartUrl: links.cart() },
          dedupeKey: `order-cancelled:${order.id}`,
          orderId: order.id,
        },
        { name: settings.storeName },
      );
    },
    async refunded(tx, order, refund) {
      const { settings, view } = await snapshot(tx, order);
      await enqueue(
        tx,
        {
          template: 'order-refunded',
          to: toShopper(order),
          props: { order: view, orderUrl: links.order(order.id), amount: koboToNaira(refund.amount), reason: refund.reason },
          dedupeKey: `order-refunded:${refund.id}`,
          orderId: order.id,
        },
        { name: settings.storeName },
      );
    },
    async paymentProblem(tx, order, kind, reason) {
      const settings = await getSettings(tx);
      await enqueue(
        tx,
        {
          template: 'shop-payment-problem',
          to: await shopRecipients(tx, settings),
          props: { orderNumber: order.number, reason, kind, adminUrl: links.admin(order.id) },
          orderId: order.id,
        },
        { name: settings.storeName },
      );
    },
    async stockTaken(tx, taken) {
      // Only a fall to the threshold is news: from above it to at or below it.
      const settings = await getSettings(tx);
      const threshold = settings.lowStockThreshold;
      const fell = taken.filter((t) => t.left <= threshold && t.left + t.quantity > threshold);
      if (fell.length === 0) return;
      await enqueue(
        tx,
        {
          template: 'shop-low-stock',
          to: await shopRecipients(tx, settings),
          props: {
            items: fell.map((t) => ({ title: t.title, label: t.label, sku: t.sku ?? '', left: t.left })),
            threshold,
            adminUrl: links.products(),
          },
        },
        { name: settings.storeName },
      );
    },
  };

  return {
    orderEvents,

    async welcome(tx: Q, user: Pick<UserRow, 'email' | 'firstName'>) {
      const settings = await getSettings(tx);
      await enqueue(
        tx,
        { template: 'welcome', to: user.email, props: { firstName: user.firstName } },
        { name: settings.storeName },
      );
    },

    /** `token` is the one in the link; only its hash is kept. */
    async passwordReset(tx: Q, user: Pick<UserRow, 'email' | 'firstName'>, token: string) {
      const settings = await getSettings(tx);
      await enqueue(
        tx,
        {
          template: 'password-reset',
          to: user.email,
          props: { firstName: user.firstName, sealedToken: seal(secret, token), minutes: RESET_TOKEN_TTL_MINUTES },
        },
        { name: settings.storeName },
      );
    },

    async passwordChanged(tx: Q, user: Pick<UserRow, 'email' | 'firstName'>) {
      const settings = await getSettings(tx);
      await enqueue(
        tx,
        { template: 'password-changed', to: user.email, props: { firstName: user.firstName } },
        { name: settings.storeName },
      );
    },
  };
}

export type Notifier = ReturnType<typeof createNotifier>;
