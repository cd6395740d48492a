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

export const salesRow = salesFigures.extend({ key: z.string(), label: z.string() });
export type SalesRow = z.infer<typeof salesRow>;

export const salesReport = z.object({
  from: z.string(),
  to: z.string(),
  groupBy: z.enum(SALES_GROUPS),
  rows: z.array(salesRow),
  totals: salesTotals,
  comparison: z
    .object({
      from: z.string(),
      to: z.string(),
      totals: salesTotals,
      /** Each total's change against the comparison, in %, 2 decimals; null when it was 0 then. */
      change: z.record(z.string(), z.number().nullable()),
    })
    .nullable(),
});
export type SalesReport = z.infer<typeof salesReport>;
