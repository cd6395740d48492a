/**
 * Every message the shop sends: what each template is given (its props, stored with the
 * queued message as JSON, so it says what was true when its event happened) and its subject.
 * The templates themselves (React Email components) are in templates/, rendered by render.ts.
 */
import { formatNairaAmount, type MessageTemplate, type OrderView, shopDateFormat } from '@shop/shared';

/** The shop as the messages show it: from the settings, read when the message is rendered. */
export interface ShopInfo {
  name: string;
  address: string;
  phone: string;
  /** The storefront's address, for links: https://adire.ng (no trailing slash). */
  url: string;
  whatsappNumber: string;
  vatIncluded: boolean;
  /**
   * Set only while a marketing message is rendered for its recipient: the storefront's
   * /unsubscribe page with her signed token, which the footer links to (issue 31).
   */
  unsubscribeUrl?: string;
}

export interface LowStockItem {
  title: string;
  /** "medium / Red", or '' for a product without sizes or colours. */
  label: string;
  sku: string;
  left: number;
}

/** A till sale's tender as the receipt shows it (naira); `exchange`: what returned goods paid. */
export interface TillReceiptTender {
  type: 'cash' | 'card' | 'transfer' | 'store_credit' | 'exchange';
  amount: number;
  change: number;
}

/** The bank account shoppers pay transfers to, its number masked ("******5678"). */
export interface BankFacts {
  bankName: string;
  accountName: string;
  accountNumber: string;
}

export interface MessageProps {
  welcome: { firstName: string };
  'password-reset': { firstName: string; link: string; minutes: number };
  'password-changed': { firstName: string };
  /** An invitation to join the shop's staff: the link to accept it (its token sealed while stored). */
  'staff-invitation': { inviterName: string; roleName: string; link: string; hours: number };
  /** A bank-transfer or pay-on-delivery order placed (card orders get the receipt once paid). */
  'order-received': { order: OrderView; orderUrl: string };
  /** The receipt, once the order is paid in full. */
  'payment-received': { order: OrderView; orderUrl: string; invoiceUrl: string };
  'order-shipped': { order: OrderView; orderUrl: string; note: string | null };
  'order-delivered': { order: OrderView; orderUrl: string };
  /** Cancelled by the shopper or the shop, or expired unpaid: the items went back on sale. */
  'order-cancelled': { order: OrderView; cartUrl: string };
  'order-refunded': { order: OrderView; orderUrl: string; amount: number; reason: string };
  /** A sale at the till (issue 29): its receipt, each tender in naira with the change, and the receipt's public page. */
  'till-receipt': { order: OrderView; receiptUrl: string; tenders: TillReceiptTender[] };
  'shop-new-order': { order: OrderView; adminUrl: string };
  'shop-low-stock': { items: LowStockItem[]; threshold: number; adminUrl: string };
  'shop-payment-problem': { orderNumber: string; reason: string; kind: 'verification' | 'refund'; adminUrl: string };
  /** To every Owner: someone changed where shoppers' transfers go (the numbers masked). */
  'shop-bank-account-changed': { changedBy: string; before: BankFacts; after: BankFacts; adminUrl: string };
  /**
   * Marketing (issue 31): a size the shopper asked about is in stock again. Queued by trigger
   * (migration 0028) when the variant's stock goes from ≤ 0 to > 0; `askedAt`: when she asked,
   * ISO, so an unsubscribe after it drops the message.
   */
  'back-in-stock': { title: string; size: string; color: string; productId: string; variantId: string; askedAt: string };
  /**
   * Marketing (issue 31): products on the shopper's wishlist that sell for 10 % or more below
   * the price she saved them at (or the last alert quoted), in naira; at most one a week
   * (wishlist/price-drop.ts).
   */
  'price-drop': { firstName: string; items: PriceDropItem[]; wishlistUrl: string };
  /**
   * Marketing (issue 31): the cart a consenting shopper left at checkout (recovery/), the
   * `reminder`th of the shop's recoveryDelays: its lines (naira) and a link that puts them back
   * in her cart; the shop's recovery coupon and a WhatsApp link to the shop when it has them.
   */
  'cart-recovery': {
    firstName: string;
    reminder: number;
    lines: CartRecoveryLine[];
    total: number;
    restoreUrl: string;
    coupon: string | null;
    whatsappUrl: string | null;
  };
  /** A transfer order's hold ends in transferReminderHours: pay it by then or the goods go back on sale. Once per order. */
  'transfer-reminder': { order: OrderView; orderUrl: string };
}

/** A line of an abandoned cart as the reminder lists it: price is the unit price in naira. */
export interface CartRecoveryLine {
  title: string;
  /** "medium / Red", or ''. */
  label: string;
  quantity: number;
  price: number;
}

/** A product of a price-drop alert: what it cost when saved (or last alerted) and now, naira. */
export interface PriceDropItem {
  productId: string;
  title: string;
  was: number;
  now: number;
}

export type Props<T extends MessageTemplate> = MessageProps[T];

/**
 * What is stored with a queued message: the props, except that a reset or invitation link's
 * token is kept sealed (encrypted with a key from the server's secret, seal.ts), so the
 * database never holds a usable token; the worker opens it just before sending.
 */
export type StoredProps = Omit<MessageProps, SealedLinkTemplate> & {
  'password-reset': { firstName: string; sealedToken: string; minutes: number };
  'staff-invitation': { inviterName: string; roleName: string; sealedToken: string; hours: number };
};

/** The messages whose link carries a token, and the storefront page the link opens. */
export const SEALED_LINKS = { 'password-reset': '/reset-password', 'staff-invitation': '/accept-invitation' } as const;
export type SealedLinkTemplate = keyof typeof SEALED_LINKS;

/** Every message's subject, from its props (also stored with it, so the list needs no rendering). */
export const SUBJECTS: { [T in MessageTemplate]: (props: StoredProps[T], shop: Pick<ShopInfo, 'name'>) => string } = {
  welcome: (_p, shop) => `Welcome to ${shop.name}`,
  'password-reset': (_p, shop) => `Reset your ${shop.name} password`,
  'password-changed': (_p, shop) => `Your ${shop.name} password was changed`,
  'staff-invitation': (p, shop) => `${p.inviterName} invited you to the ${shop.name} team`,
  'order-received': (p) =>
    p.order.paymentMethod === 'transfer'
      ? `Order ${p.order.number} received: pay ${formatNairaAmount(p.order.balanceDue)} by transfer`
      : `Order ${p.order.number} confirmed: pay on delivery`,
  'payment-received': (p) => `Receipt for order ${p.order.number}`,
  'order-shipped': (p) => `Order ${p.order.number} is on its way`,
  'order-delivered': (p) => `Order ${p.order.number} was delivered`,
  'order-cancelled': (p) => `Order ${p.order.number} was cancelled`,
  'order-refunded': (p) => `Refund of ${formatNairaAmount(p.amount)} for order ${p.order.number}`,
  'till-receipt': (p, shop) => `Your receipt ${p.order.number} from ${shop.name}`,
  'shop-new-order': (p) => `New order ${p.order.number}: ${formatNairaAmount(p.order.total)}`,
  'shop-low-stock': (p) =>
    p.items.length === 1
      ? `Low stock: ${p.items[0]!.title}${p.items[0]!.label ? ` (${p.items[0]!.label})` : ''}`
      : `Low stock: ${p.items.length} items`,
  'shop-payment-problem': (p) =>
    p.kind === 'refund' ? `A refund failed on order ${p.orderNumber}` : `A payment did not check out on order ${p.orderNumber}`,
  'shop-bank-account-changed': (p, shop) => `${shop.name}'s bank account for transfers was changed by ${p.changedBy}`,
  // The trigger of migration 0028 writes the same subject in SQL (marketing/alerts.test.ts compares them).
  'back-in-stock': (p) => `Back in stock: ${p.title}${variantLabel(p) ? ` (${variantLabel(p)})` : ''}`,
  'price-drop': (p) =>
    p.items.length === 1
      ? `Price drop on your wishlist: ${p.items[0]!.title}`
      : `Price drop on ${p.items.length} items on your wishlist`,
  'cart-recovery': (p, shop) =>
    p.reminder <= 1 ? `You left something in your cart at ${shop.name}` : `Your cart at ${shop.name} is still waiting`,
  'transfer-reminder': (p) =>
    `Order ${p.order.number}: pay ${formatNairaAmount(p.order.balanceDue)} by ${lagosTime(p.order.transfer?.payBy ?? p.order.expiresAt)} or it is released`,
};

/** "18:00 on 22 November" in Lagos: when a transfer order's hold ends, for its reminder's subject. */
const lagosTime = (() => {
  const time = shopDateFormat({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const day = shopDateFormat({ day: 'numeric', month: 'long' });
  return (date: string | null) => (date ? `${time(date)} on ${day(date)}` : 'the time given');
})();

/** A variant's size and colour as a message names it: "12 / Red", "12", or '' for neither. */
export const variantLabel = ({ size, color }: { size: string; color: string }) => [size, color].filter(Boolean).join(' / ');

/**
 * Marketing messages (issue 31), and what lets each go: `consent`, the address's marketing
 * consent given after its last unsubscribe (marketing/consent.ts); `request`, the shopper's own
 * request (a back-in-stock alert), made after her last unsubscribe. The worker checks this as it
 * sends, drops what may not go, and gives every one the unsubscribe headers and link. Any other
 * message (orders, accounts, the shop's) is not marketing and is sent as before.
 */
export const MARKETING_TEMPLATES: Partial<Record<MessageTemplate, 'consent' | 'request'>> = {
  'back-in-stock': 'request',
  'price-drop': 'consent',
  'cart-recovery': 'consent',
};

/** Messages to the shop rather than a shopper. */
export const SHOP_TEMPLATES: readonly MessageTemplate[] = [
  'shop-new-order',
  'shop-low-stock',
  'shop-payment-problem',
  'shop-bank-account-changed',
];
