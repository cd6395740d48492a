/**
 * What the shop says, and to whom, when something happens: the order events (orders/events.ts)
 * and the account events (welcome, password reset and change, a staff invitation, a changed
 * bank account) become queued messages, inside the transaction of the change. Shopper messages
 * go to the order's or account's e-mail; the shop's go to the notification address in the
 * settings, or to every admin without one (a changed bank account: to every Owner).
 */
import { and, eq } from 'drizzle-orm';
import { INVITATION_TTL_HOURS, koboToNaira, RESET_TOKEN_TTL_MINUTES, type StoreSettings, whatsappLink } from '@shop/shared';
import { getSettings } from '../content/index.ts';
import type { Db, Tx } from '../db/client.ts';
import { roles, type UserRow, users } from '../db/schema/index.ts';
import type { OrderEvents } from '../orders/index.ts';
import type { OrderWithLines } from '../orders/index.ts';
import { toOrderView } from '../orders/index.ts';
import type { StoredProps, TillReceiptTender } from './catalog.ts';
import { enqueue } from './outbox.ts';
import { seal } from './seal.ts';

type Q = Db | Tx;

/** The shop's own address(es): the notification address, or every admin's. */
async function shopRecipients(tx: Q, settings: StoreSettings): Promise<string> {
  if (settings.notificationEmail) return settings.notificationEmail;
  const admins = await tx.select({ email: users.email }).from(users).where(eq(users.role, 'admin')).orderBy(users.createdAt);
  return admins.map((a) => a.email).join(', ');
}

/** The messages to an order's shopper about it: each carries the order as the shopper sees it. */
type ShopperOrderTemplate =
  | 'order-received'
  | 'payment-received'
  | 'order-shipped'
  | 'order-delivered'
  | 'order-cancelled'
  | 'order-refunded'
  | 'transfer-reminder';

/** A till sale's tenders for its receipt, in naira: as the till sent them, or else the payments recorded. */
function tendersOf(order: OrderWithLines): TillReceiptTender[] {
  if (order.posTenders?.length) {
    return order.posTenders.map((t) => ({
      type: t.type,
      amount: koboToNaira(t.amount),
      change: koboToNaira(Math.max(0, (t.tendered ?? t.amount) - t.amount)),
    }));
  }
  const known = new Set<string>(['cash', 'card', 'transfer', 'store_credit', 'exchange']);
  return order.payments.map((p) => ({
    type: (known.has(p.method) ? p.method : 'cash') as TillReceiptTender['type'],
    amount: koboToNaira(p.amount),
    change: 0,
  }));
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
    receipt: (id: string) => `${base}/r/${id}`,
  };

  async function snapshot(tx: Q, order: OrderWithLines) {
    const settings = await getSettings(tx);
    return { settings, view: toOrderView(order, settings) };
  }

  /**
   * Tells the order's shopper about it: `template` with the order as the shopper sees it and
   * `props`, once per `dedupeKey` (by default one message of this template per order).
   */
  async function toOrderShopper<T extends ShopperOrderTemplate>(
    tx: Q,
    order: OrderWithLines,
    template: T,
    props: Omit<StoredProps[T], 'order'>,
    dedupeKey = `${template}:${order.id}`,
  ) {
    const { settings, view } = await snapshot(tx, order);
    await enqueue(
      tx,
      { template, to: toShopper(order), props: { order: view, ...props } as StoredProps[T], dedupeKey, orderId: order.id },
      { name: settings.storeName },
    );
    return { settings, view };
  }

  /**
   * The till's receipt to the sale's customer, when the shop has their address: each tender
   * (as the till sent them, or the payments recorded) in naira with its change, and the
   * receipt's public page. Once per sale.
   */
  async function tillReceipt(tx: Q, order: OrderWithLines, tenders: TillReceiptTender[] = tendersOf(order)) {
    const { settings, view } = await snapshot(tx, order);
    await enqueue(
      tx,
      {
        template: 'till-receipt',
        to: toShopper(order),
        props: { order: view, receiptUrl: links.receipt(order.id), tenders },
        dedupeKey: `till-receipt:${order.id}`,
        orderId: order.id,
      },
      { name: settings.storeName },
    );
  }

  const orderEvents: OrderEvents = {
    async placed(tx, order) {
      await toOrderShopper(tx, order, 'order-received', { orderUrl: links.order(order.id) });
    },
    async paid(tx, order) {
      // A sale at the counter gets the till's receipt; an exchange's, from the return that made it (pos/returns.ts).
      if (order.channel === 'pos') {
        if (order.paymentMethod !== 'exchange') await tillReceipt(tx, order);
        return;
      }
      const { settings, view } = await toOrderShopper(tx, order, 'payment-received', {
        orderUrl: links.order(order.id),
        invoiceUrl: links.invoice(order.id),
      });
      // The shop hears about online orders (a sale at the counter it made itself).
      await enqueue(
        tx,
        {
          template: 'shop-new-order',
          to: await shopRecipients(tx, settings),
          props: { order: view, adminUrl: links.admin(order.id) },
          dedupeKey: `shop-new-order:${order.id}`,
          orderId: order.id,
        },
        { name: settings.storeName },
      );
    },
    async shipped(tx, order, note) {
      await toOrderShopper(tx, order, 'order-shipped', { orderUrl: links.order(order.id), note });
    },
    async delivered(tx, order) {
      await toOrderShopper(tx, order, 'order-delivered', { orderUrl: links.order(order.id) });
    },
    async cancelled(tx, order) {
      if (order.channel === 'pos') return;
      await toOrderShopper(tx, order, 'order-cancelled', { cartUrl: links.cart() });
    },
    async refunded(tx, order, refund) {
      await toOrderShopper(
        tx,
        order,
        'order-refunded',
        { orderUrl: links.order(order.id), amount: koboToNaira(refund.amount), reason: refund.reason },
        `order-refunded:${refund.id}`,
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
    tillReceipt,

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

    /** An invitation to the staff; `token` is the one in the link, sealed while queued (only its hash is kept). */
    async staffInvitation(tx: Q, invitation: { email: string; inviterName: string; roleName: string }, token: string) {
      const settings = await getSettings(tx);
      await enqueue(
        tx,
        {
          template: 'staff-invitation',
          to: invitation.email,
          props: {
            inviterName: invitation.inviterName,
            roleName: invitation.roleName,
            sealedToken: seal(secret, token),
            hours: INVITATION_TTL_HOURS,
          },
        },
        { name: settings.storeName },
      );
    },

    /**
     * To every active Owner, one message each: the bank account for transfers changed (the
     * caller masks the numbers). Not the notification address: whoever can change settings
     * may have changed that too.
     */
    async bankAccountChanged(tx: Q, change: Omit<StoredProps['shop-bank-account-changed'], 'adminUrl'>) {
      const settings = await getSettings(tx);
      const owners = await tx
        .select({ email: users.email })
        .from(users)
        .innerJoin(roles, eq(roles.id, users.staffRoleId))
        .where(and(eq(roles.template, 'owner'), eq(users.active, true)))
        .orderBy(users.createdAt);
      for (const owner of owners) {
        await enqueue(
          tx,
          { template: 'shop-bank-account-changed', to: owner.email, props: { ...change, adminUrl: `${base}/settings` } },
          { name: settings.storeName },
        );
      }
    },

    /**
     * Marketing (issue 31): products on the shopper's wishlist cost 10 % or more less. The
     * sweep (wishlist/price-drop.ts) checked her consent; the worker checks it again as it sends.
     */
    async priceDrop(tx: Q, alert: Omit<StoredProps['price-drop'], 'wishlistUrl'> & { to: string }) {
      const settings = await getSettings(tx);
      const { to, ...props } = alert;
      await enqueue(
        tx,
        { template: 'price-drop', to, props: { ...props, wishlistUrl: `${base}/wishlist` } },
        { name: settings.storeName },
      );
    },

    /**
     * Marketing (issue 31): the `reminder`th reminder of an abandoned checkout (recovery/),
     * once each (its dedupe key), with the restore link, the shop's recovery coupon and its
     * WhatsApp link when set. The sweep checked consent; the worker checks it again as it sends.
     */
    async cartRecovery(
      tx: Q,
      reminder: Omit<StoredProps['cart-recovery'], 'restoreUrl' | 'coupon' | 'whatsappUrl'> & {
        to: string;
        checkoutId: string;
        token: string;
      },
    ) {
      const settings = await getSettings(tx);
      const { to, checkoutId, token, ...props } = reminder;
      const restoreUrl = `${base}/cart/restore?token=${encodeURIComponent(token)}`;
      await enqueue(
        tx,
        {
          template: 'cart-recovery',
          to,
          props: {
            ...props,
            restoreUrl,
            coupon: settings.recoveryCoupon || null,
            whatsappUrl: whatsappLink(
              settings.whatsappNumber,
              `Hello ${settings.storeName}, I'd like to finish my order: ${restoreUrl}`,
            ),
          },
          dedupeKey: `cart-recovery:${checkoutId}:${props.reminder}`,
        },
        { name: settings.storeName },
      );
    },

    /** A transfer order's hold ends soon: pay it or it is released (not marketing). Once per order. */
    async transferReminder(tx: Q, order: OrderWithLines) {
      await toOrderShopper(tx, order, 'transfer-reminder', { orderUrl: links.order(order.id) });
    },
  };
}

export type Notifier = ReturnType<typeof createNotifier>;
