/**
 * The reports' shapes (issue 30). Money in integer kobo; days are calendar days in Lagos,
 * both ends included, as the orders filters take them. The cost, fee and profit fields exist
 * only for a caller with reports.profit: without it they are absent, not null.
 */
import { z } from 'zod';

export const SALES_GROUPS = [
  'day',
  'week',
  'month',
  'product',
  'variant',
  'category',
  'brand',
  'channel',
  'payment_method',
  'staff',
  'state',
] as const;
export type SalesGroup = (typeof SALES_GROUPS)[number];
export const REPORT_COMPARISONS = ['previous_period', 'previous_year'] as const;
/** The longest range a report takes, in days (two years). */
export const REPORT_MAX_DAYS = 731;

const reportDay = (label: string) =>
  z.iso
    .date({ error: `${label} must be a date written as YYYY-MM-DD` })
    .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), `${label} is not a real date`);

/** YYYY-MM-DD's days since 1970, in UTC (calendar arithmetic, no clock change). */
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

const reportRange = z.object({
  from: reportDay('from'),
  to: reportDay('to'),
  compare: z.enum(REPORT_COMPARISONS, 'compare is previous_period or previous_year').optional(),
});

/** from ≤ to, and at most REPORT_MAX_DAYS days. */
function withinRange<T extends z.infer<typeof reportRange>>(schema: z.ZodType<T>) {
  return schema
    .refine((q) => q.from <= q.to, { message: 'from must not be after to', path: ['from'] })
    .refine((q) => dayNumber(q.to) - dayNumber(q.from) + 1 <= REPORT_MAX_DAYS, {
      message: `A report covers at most 2 years (${REPORT_MAX_DAYS} days); choose a shorter range`,
      path: ['to'],
    });
}

export const reportQuery = withinRange(reportRange);
export type ReportQuery = z.infer<typeof reportRange>;

export const salesQuery = withinRange(
  reportRange.extend({ groupBy: z.enum(SALES_GROUPS, `groupBy is one of ${SALES_GROUPS.join(', ')}`) }),
);
export type SalesQuery = z.infer<typeof salesQuery>;

const kobo = z.number().int();
/** What every row and the totals carry. */
export const salesFigures = z.object({
  orders: z.number().int(),
  units: z.number().int(),
  grossSales: kobo,
  markdowns: kobo,
  coupons: kobo,
  tillDiscounts: kobo,
  refunds: kobo,
  netSales: kobo,
  deliveryCharged: kobo,
  // With reports.profit only.
  costOfGoods: kobo.optional(),
  unitsUnknownCost: z.number().int().optional(),
  paymentFees: kobo.optional(),
  deliveryCost: kobo.optional(),
  grossProfit: kobo.optional(),
  /** Gross profit ÷ (net sales + delivery charged), in %, 2 decimals; null when that is 0. */
  marginPercent: z.number().nullable().optional(),
});
export type SalesFigures = z.infer<typeof salesFigures>;

export const salesTotals = salesFigures.extend({
  /** Net sales ÷ orders, kobo (null without orders). */
  averageOrderValue: kobo.nullable(),
  /** Units ÷ orders, 2 decimals (null without orders). */
  unitsPerOrder: z.number().nullable(),
});
export type SalesTotals = z.infer<typeof salesTotals>;

/** The comparison period's totals and each total's change, or null without `compare`. */
function comparisonOf<T extends z.ZodType>(totals: T) {
  return z
    .object({
      from: z.string(),
      to: z.string(),
      totals,
      /** Each total's change against the comparison, in %, 2 decimals; null when it was 0 then. */
      change: z.record(z.string(), z.number().nullable()),
    })
    .nullable();
}

export const salesRow = salesFigures.extend({ key: z.string(), label: z.string() });
export type SalesRow = z.infer<typeof salesRow>;

export const salesReport = z.object({
  from: z.string(),
  to: z.string(),
  groupBy: z.enum(SALES_GROUPS),
  rows: z.array(salesRow),
  totals: salesTotals,
  comparison: comparisonOf(salesTotals),
});
export type SalesReport = z.infer<typeof salesReport>;

/** The stock report's orders and filters (GET /api/reports/stock). */
export const STOCK_SORTS = ['name', 'onHand', 'value', 'cover', 'sold30', 'lastSold'] as const;
export type StockSort = (typeof STOCK_SORTS)[number];
export const STOCK_FLAGS = ['dead', 'reorder'] as const;
export type StockFlag = (typeof STOCK_FLAGS)[number];
/** The most rows one page of the stock report holds. */
export const STOCK_PAGE_MAX = 200;

export const stockQuery = z.object({
  limit: z.coerce
    .number('limit is a whole number from 1 to 200')
    .int('limit is a whole number from 1 to 200')
    .min(1, 'limit is a whole number from 1 to 200')
    .max(STOCK_PAGE_MAX, 'limit is a whole number from 1 to 200')
    .default(50),
  offset: z.coerce
    .number('offset is a whole number, 0 or more')
    .int('offset is a whole number, 0 or more')
    .min(0, 'offset is a whole number, 0 or more')
    .default(0),
  sort: z.enum(STOCK_SORTS, `sort is one of ${STOCK_SORTS.join(', ')}`).default('name'),
  dir: z.enum(['asc', 'desc'], 'dir is asc or desc').default('asc'),
  category: z.uuid('category is a category id').optional(),
  flag: z.enum(STOCK_FLAGS, 'flag is dead or reorder').optional(),
});
export type StockQuery = z.infer<typeof stockQuery>;

export const stockRow = z.object({
  variantId: z.string(),
  productId: z.string(),
  sku: z.string(),
  /** Product title · size · colour. */
  label: z.string(),
  category: z.string().nullable(),
  /** Units in stock plus those held by unpaid orders; below 0 after offline till sales. */
  onHand: z.number().int(),
  /** Units held by unpaid orders. */
  reserved: z.number().int(),
  /** The current selling price of one unit (after its markdown). */
  price: kobo,
  /** max(on hand, 0) × price. */
  valueAtPrice: kobo,
  // With reports.profit only; null when the variant has no cost recorded.
  cost: kobo.nullable().optional(),
  valueAtCost: kobo.nullable().optional(),
  /** Units sold in the last 30 Lagos days, today included. */
  sold30: z.number().int(),
  /** max(on hand, 0) ÷ (sold30 ÷ 30), 1 decimal; null when nothing sold in 30 days. */
  coverDays: z.number().nullable(),
  /** When the variant was last sold (ISO moment), null if never. */
  lastSold: z.string().nullable(),
  /** Nothing sold in 60 days, with stock on hand. */
  dead: z.boolean(),
  /** Days of cover below the reportsReorderDays setting. */
  reorder: z.boolean(),
});
export type StockRow = z.infer<typeof stockRow>;

export const stockTotals = z.object({
  variants: z.number().int(),
  onHand: z.number().int(),
  reserved: z.number().int(),
  valueAtPrice: kobo,
  sold30: z.number().int(),
  dead: z.number().int(),
  reorder: z.number().int(),
  // With reports.profit only: value at cost of the variants with a cost, and those without one.
  valueAtCost: kobo.optional(),
  variantsUnknownCost: z.number().int().optional(),
  unitsUnknownCost: z.number().int().optional(),
});
export type StockTotals = z.infer<typeof stockTotals>;

export const stockReport = z.object({
  rows: z.array(stockRow),
  /** Rows matching the filters, over all pages. */
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
  /** The reorder threshold in days (setting reportsReorderDays). */
  reorderDays: z.number().int(),
  /** Over every row matching the filters, not just this page. */
  totals: stockTotals,
});
export type StockReport = z.infer<typeof stockReport>;

/** The pay-on-delivery report's figures, per state and in total (GET /api/reports/pod). */
export const podFigures = z.object({
  /** Pay-on-delivery orders created in the period. */
  sent: z.number().int(),
  /** Of those, the ones whose money came in (paid, partially refunded or refunded). */
  paid: z.number().int(),
  /** Cancelled as "Refused at delivery". */
  refused: z.number().int(),
  /** Cancelled as "Not confirmed in time" (the shop did not confirm them by phone). */
  unconfirmed: z.number().int(),
  /** (refused + unconfirmed) ÷ sent, in %, 2 decimals; null without orders. */
  failureRate: z.number().nullable(),
  /** Sent or delivered and still unpaid: the orders, and what is left to collect on them. */
  toCollectOrders: z.number().int(),
  toCollect: kobo,
});
export type PodFigures = z.infer<typeof podFigures>;

export const podRow = podFigures.extend({ key: z.string(), label: z.string() });
export type PodRow = z.infer<typeof podRow>;

export const podReport = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(podRow),
  totals: podFigures,
  comparison: comparisonOf(podFigures),
});
export type PodReport = z.infer<typeof podReport>;

/**
 * The coupons report (GET /api/reports/coupons): the sales report's figures over the sales
 * that used a coupon, a row per code (upper-cased); `coupons` is the discount the code gave.
 */
export const couponsReport = salesReport.omit({ groupBy: true });
export type CouponsReport = z.infer<typeof couponsReport>;

/** The customers report's totals (GET /api/reports/customers). */
export const customerTotals = z.object({
  /** Customers (accounts and recorded till customers; walk-ins apart) with a sale in the period. */
  customers: z.number().int(),
  /** Those whose first sale ever is in the period, and the others. */
  newCustomers: z.number().int(),
  returningCustomers: z.number().int(),
  /** Net sales (as the sales report) of each group's orders in the period, its refunds included. */
  newNetSales: kobo,
  returningNetSales: kobo,
  /** Customers with 2 or more sales ever by the period's end ÷ customers, in %, 2 decimals; null without customers. */
  repeatRate: z.number().nullable(),
});
export type CustomerTotals = z.infer<typeof customerTotals>;

export const topCustomer = z.object({
  /** `account:<user id>` or `till:<customer id>`. */
  key: z.string(),
  /** The customer's name with customers.read; otherwise "Account 1a2b3c4d" / "Till customer 1a2b3c4d". */
  label: z.string(),
  kind: z.enum(['account', 'till']),
  orders: z.number().int(),
  netSales: kobo,
  /** First sale ever in the period. */
  isNew: z.boolean(),
});
export type TopCustomer = z.infer<typeof topCustomer>;
/** How many customers the report lists by net sales. */
export const TOP_CUSTOMERS = 20;

export const customersReport = z.object({
  from: z.string(),
  to: z.string(),
  totals: customerTotals,
  /** The TOP_CUSTOMERS customers with the highest net sales in the period. */
  top: z.array(topCustomer),
  comparison: comparisonOf(customerTotals),
});
export type CustomersReport = z.infer<typeof customersReport>;
