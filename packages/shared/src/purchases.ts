/**
 * Purchases: the back office's view of orders in the original shop's flat shape (one row
 * per order, line titles joined), and the old clients' `POST /api/purchases/create`
 * payloads. Money is naira; `totalPrice` is text with 2 decimals, as the original sent it.
 */
import { z } from 'zod';
import { ORDER_STATUSES, PAYMENT_STATUSES, POS_PAYMENT_METHODS } from './orders.ts';

export const PURCHASE_SORTS = ['latest', 'oldest', 'total_desc', 'total_asc'] as const;
export type PurchaseSort = (typeof PURCHASE_SORTS)[number];
export const PURCHASE_PAGE_SIZE = 10;
export const PURCHASE_MAX_PAGE_SIZE = 200;

const isoDay = z.iso.date({ error: 'Dates must be written as YYYY-MM-DD' });

/** Filters shared by the list and the CSV export. Days are whole days in Lagos time, both ends included. */
export const purchaseFilters = z.object({
  /** Part of the order number, email, customer name or a line's title; case-insensitive. */
  search: z.string().trim().max(200).optional(),
  status: z.enum(ORDER_STATUSES).optional(),
  /** `confirmation`: pay-on-delivery orders the shop has still to confirm with the shopper. */
  awaiting: z.enum(['confirmation']).optional(),
  from: isoDay.optional(),
  to: isoDay.optional(),
  sort: z.enum(PURCHASE_SORTS).default('latest'),
  /** `true` lists the archived purchases instead of the others. */
  archived: z.stringbool().default(false),
});
export type PurchaseFilters = z.infer<typeof purchaseFilters>;

/** GET /api/purchases. The total before paging is in X-Total-Count. */
export const purchaseListQuery = purchaseFilters.extend({
  limit: z.coerce.number().int().min(1).max(PURCHASE_MAX_PAGE_SIZE).default(PURCHASE_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type PurchaseListQuery = z.infer<typeof purchaseListQuery>;

/** One order as the original purchases table shows it, plus what the orders model adds. */
export const purchase = z.object({
  id: z.string(),
  /** The lines' titles joined with ", ". */
  title: z.string(),
  email: z.string(),
  /** Subtotal in naira (list prices × quantities). */
  price: z.number(),
  description: z.string(),
  color: z.string(),
  size: z.string(),
  /** Units over all lines. */
  quantity: z.number().int(),
  /** What was charged, in naira, as text with 2 decimals: "25000.00". */
  totalPrice: z.string(),
  categoryId: z.string().nullable(),
  /** Naira: markdowns plus the coupon's part (`couponDiscount`, code `couponCode`), and delivery. */
  discount: z.number(),
  couponDiscount: z.number(),
  couponCode: z.string().nullable(),
  deliveryFee: z.number(),
  deliveryMethod: z.string().nullable(),
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** What was received and given back: unpaid, paid, partially_refunded, refunded. */
  paymentStatus: z.enum(PAYMENT_STATUSES),
  /** card (paystack), transfer, pod, or the point of sale's cash | transfer | card. */
  paymentMethod: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  channel: z.string(),
  customerName: z.string(),
  /** A pay-on-delivery order the shop has still to confirm with the shopper. */
  awaitingConfirmation: z.boolean(),
  createdAt: z.iso.datetime(),
  archivedAt: z.iso.datetime().nullable(),
});
export type Purchase = z.infer<typeof purchase>;

export const purchaseMessage = z.object({ msg: z.string(), id: z.string() });

const text = (max: number) => z.string().trim().max(max).nullish();
const quantity = z.union([z.number(), z.string().max(20)]).nullish();

/**
 * POST /api/purchases/create, as the old clients send it: the direct form (productId,
 * quantity, contact fields), the cart form (`cart` items, or titles joined with ", "), or one
 * call per cart line. Prices, totals and user ids in it are ignored: the server prices the
 * order from its catalogue and takes the user from the token.
 */
export const purchaseCreateBody = z.looseObject({
  productId: text(100),
  /** The size and colour bought (new clients); old ones send `size` and `color`. */
  variantId: text(100),
  quantity,
  title: text(5000),
  cart: z
    .array(
      z.looseObject({
        product: z.looseObject({ id: text(100), title: text(500) }),
        variantId: text(100),
        quantity,
      }),
    )
    .max(100)
    .nullish(),
  size: z.union([z.string().max(500), z.array(z.string().max(40)).max(20)]).nullish(),
  color: text(500),
  email: z.string().trim().toLowerCase().pipe(z.email('Enter a valid email address').max(254)).nullish(),
  fname: text(100),
  lname: text(100),
  phone: text(40),
  address: text(200),
  city: text(200),
  state: text(200),
  country: text(200),
  /** A payment reference from the provider's inline checkout: verified before the order counts as paid. */
  reference: text(100),
  /** Point of sale only (an admin's call). */
  paymentMethod: z.enum(POS_PAYMENT_METHODS).nullish(),
  description: z.unknown().optional(),
  imageUrl: z.unknown().optional(),
  userId: z.unknown().optional(),
  price: z.unknown().optional(),
  totalPrice: z.unknown().optional(),
  discount: z.unknown().optional(),
});
export type PurchaseCreateBody = z.infer<typeof purchaseCreateBody>;
