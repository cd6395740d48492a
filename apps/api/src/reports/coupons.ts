/**
 * The coupons report (issue 30): the sales report's own statement, narrowed to the sales that
 * used a coupon and grouped by its code, so its orders, discount given (the coupons column),
 * net sales and, with reports.profit, gross profit after the discount are the sales report's
 * figures to the kobo (docs/decisions/0025, "Coupons").
 */
import { sql } from 'drizzle-orm';
import type { CouponsReport, ReportQuery } from '@shop/shared';
import type { Db } from '../db/client.ts';
import { groupedSales, type Scope, salesCsv } from './sales.ts';

/** On the facts (sales.ts): the code, upper-cased, or '' without one; on the rollup's rows by code, their key. */
const WITH_COUPON: Scope = { facts: sql`f.coupon <> ''`, rollup: sql`r.k <> ''` };

export const couponsReport = (db: Db, query: ReportQuery, profit: boolean): Promise<CouponsReport> =>
  groupedSales(db, query, 'coupon', profit, WITH_COUPON);

/** A row per code, then the totals; the sales report's columns. */
export const couponsCsv = (report: CouponsReport): string => salesCsv(report, 'coupon');
