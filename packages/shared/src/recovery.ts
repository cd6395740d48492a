/**
 * Abandoned checkout recovery (issue 31): the restore link's answer (the cart a reminder brings
 * back) and the back office's /recovery figures.
 */
import { z } from 'zod';

/** Minutes after a checkout is recorded that each reminder goes, unless the owner sets others. */
export const DEFAULT_RECOVERY_DELAYS = [60, 1440] as const;
/** The longest a reminder may wait (7 days): the restore link and the recovery window last as long. */
export const RECOVERY_MAX_DELAY_MINUTES = 7 * 24 * 60;
/** Hours before a transfer order's hold ends that its shopper is reminded to pay, by default. */
export const DEFAULT_TRANSFER_REMINDER_HOURS = 12;
/** How long a restore link works, and how long after the last reminder a payment counts as recovered. */
export const RECOVERY_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

/** A line of a restored cart, as the catalogue has it now (naira), for the device's cart. */
export const restoredCartLine = z.object({
  productId: z.string(),
  variantId: z.string().nullable(),
  title: z.string(),
  imageUrl: z.string().nullable(),
  price: z.number(),
  salePrice: z.number(),
  size: z.string(),
  color: z.string(),
  stock: z.number().int(),
  quantity: z.number().int(),
});
export type RestoredCartLine = z.infer<typeof restoredCartLine>;

/** GET /api/cart/restore/{token}: the lines still for sale, and how many of the snapshot's are not. */
export const restoredCart = z.object({
  lines: z.array(restoredCartLine),
  unavailable: z.number().int(),
  expiresAt: z.string(),
});
export type RestoredCart = z.infer<typeof restoredCart>;

export const RECOVERY_STATUSES = ['open', 'paid', 'recovered'] as const;
export type RecoveryStatus = (typeof RECOVERY_STATUSES)[number];

export const abandonedCheckoutView = z.object({
  id: z.string(),
  createdAt: z.string(),
  /** quote: priced at checkout with consent; expired: an unpaid card order ran out. */
  source: z.enum(['quote', 'expired']),
  firstName: z.string(),
  email: z.string(),
  phone: z.string(),
  /** Naira. */
  value: z.number(),
  items: z.number().int(),
  remindersSent: z.number().int(),
  lastReminderAt: z.string().nullable(),
  /** open: not paid yet; paid: paid, but not within 7 days of a reminder; recovered: paid within them. */
  status: z.enum(RECOVERY_STATUSES),
  orderId: z.string().nullable(),
  orderNumber: z.string().nullable(),
  /** Naira, when recovered. */
  recoveredRevenue: z.number().nullable(),
  /** The storefront's restore link, for the WhatsApp message staff send by hand. */
  restoreUrl: z.string(),
  /** When the restore link stops working. */
  restoreExpiresAt: z.string(),
});
export type AbandonedCheckoutView = z.infer<typeof abandonedCheckoutView>;

/** GET /api/recovery: the figures over every checkout recorded, and the latest checkouts. */
export const recoveryOverview = z.object({
  checkouts: z.number().int(),
  /** Naira: what the recorded checkouts came to. */
  value: z.number(),
  remindersSent: z.number().int(),
  recoveredOrders: z.number().int(),
  /** Naira. */
  recoveredRevenue: z.number(),
  items: z.array(abandonedCheckoutView),
});
export type RecoveryOverview = z.infer<typeof recoveryOverview>;

/** The latest checkouts /recovery lists. */
export const RECOVERY_PAGE_SIZE = 100;
