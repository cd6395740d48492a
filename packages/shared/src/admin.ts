/** Back-office shapes: the point of sale and the dashboard's figures (the audit trail's are in audit.ts). */
import { z } from 'zod';
import { ORDER_STATUSES, POS_PAYMENT_METHODS, orderView } from './orders.ts';
import { salesTotals } from './reports.ts';

// ── Point of sale ──────────────────────────────────────────────────────────────────────

export const POS_EMPTY_CART = 'Please add items to the cart before purchasing';

const trimmed = z.string().trim();

export const posCustomerInput = z.object({
  firstName: trimmed.min(1, 'First name is required').max(100),
  lastName: trimmed.min(1, 'Last name is required').max(100),
  email: trimmed.toLowerCase().pipe(z.email('Enter a valid email address').max(254)),
  phone: trimmed.max(40).optional(),
});

/**
 * POST /api/pos/orders: a sale to an existing customer (by id), to one found or recorded by
 * email, or, with neither, to a walk-in customer (the order is named "Walk-in customer").
 */
export const posOrderBody = z
  .object({
    customerId: z.uuid('Unknown customer').optional(),
    customer: posCustomerInput.optional(),
    lines: z
      .array(z.object({ productId: z.string(), variantId: z.string().max(100).optional(), quantity: z.number() }), {
        error: POS_EMPTY_CART,
      })
      .min(1, POS_EMPTY_CART)
      .max(100, 'At most 100 lines per sale'),
    paymentMethod: z.enum(POS_PAYMENT_METHODS, { error: 'Choose cash, transfer or card' }),
  })
  .refine((body) => body.customerId === undefined || body.customer === undefined, {
    error: 'Choose a customer or enter their details, not both',
    path: ['customer'],
  });
export type PosOrderBody = z.infer<typeof posOrderBody>;

/** What a printed receipt needs. `customer` is null for a walk-in sale. */
export const posReceipt = z.object({
  order: orderView,
  customer: z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() }).nullable(),
  storeName: z.string(),
  issuedAt: z.iso.datetime(),
});
export type PosReceipt = z.infer<typeof posReceipt>;

// ── Dashboard ──────────────────────────────────────────────────────────────────────────

/**
 * A period's figures by the sales report's definitions (GET /api/reports/sales's totals for
 * the same days, issue 30): money in kobo, as the reports. Gross profit and margin only with
 * reports.profit, absent (not null) without it.
 */
export const dashboardFigures = salesTotals
  .pick({ orders: true, netSales: true, averageOrderValue: true, grossProfit: true, marginPercent: true })
  .extend({ from: z.iso.date(), to: z.iso.date() });
export type DashboardFigures = z.infer<typeof dashboardFigures>;

/** A period and the one it is compared with, and each figure's change in % (2 decimals; null when it was 0 then). */
export const dashboardComparison = z.object({
  current: dashboardFigures,
  previous: dashboardFigures,
  change: z.record(z.string(), z.number().nullable()),
});
export type DashboardComparison = z.infer<typeof dashboardComparison>;

/** Revenue (naira) and number of paid, fulfilled or delivered orders, archived ones left out. */
const periodFigures = z.object({ revenue: z.number(), orders: z.number().int() });

export const adminStats = z.object({
  /** Days are calendar days in Lagos time; "last 7 days" includes today. */
  today: periodFigures,
  last7Days: periodFigures,
  last30Days: periodFigures,
  /** What the last 30 days' sales were made of (naira): goods at list prices − discounts + delivery = total. */
  last30DaysBreakdown: z.object({ goods: z.number(), discount: z.number(), delivery: z.number(), total: z.number() }),
  /** Every one of the last 30 days, oldest first, zeros included; date as YYYY-MM-DD. */
  daily: z.array(periodFigures.extend({ date: z.iso.date() })),
  /** Best sellers by units over the last 30 days. */
  topProducts: z.array(z.object({ productId: z.string(), title: z.string(), units: z.number().int(), revenue: z.number() })),
  /**
   * Variants on sale with 1 to `lowStockThreshold` units, of products not paused (the rule of
   * GET /api/products?stock=low; sold-out ones are out, not low), fewest first (at most 20; the
   * number of them in lowStockTotal). `id` is the product's, `variantId` the variant's.
   */
  lowStock: z.array(
    z.object({
      id: z.string(),
      variantId: z.string(),
      sku: z.string(),
      title: z.string(),
      size: z.string(),
      color: z.string(),
      counter: z.number().int(),
    }),
  ),
  lowStockTotal: z.number().int(),
  lowStockThreshold: z.number().int(),
  recentOrders: z.array(
    z.object({
      id: z.string(),
      number: z.string(),
      customerName: z.string(),
      total: z.number(),
      status: z.enum(ORDER_STATUSES),
      createdAt: z.iso.datetime(),
    }),
  ),
  /**
   * Today against the same weekday a week before, and the last 30 days (today and the 29
   * before) against the 30 before those, by the sales report's definitions (money in kobo).
   */
  comparisons: z.object({ today: dashboardComparison, last30Days: dashboardComparison }),
});
export type AdminStats = z.infer<typeof adminStats>;
