/**
 * What a drawer took and gave (issue 29): the cash it should hold, and the Z-report printed
 * or exported when it closes. A sale counts in the drawer it names (`orders.drawer_id`), with
 * its tenders as the till sent them (cash net of change); a return counts in the drawer its
 * money went out of, to the tender it resolved to (`refundTender`); a sale voided after review
 * (hold_for_review) gave its tenders back. Expected cash = float + cash sales − cash refunds +
 * pay-ins − pay-outs.
 */
import {
  type DrawerMovementView,
  type DrawerView,
  koboToNairaText,
  type PosReturnBody,
  SHOP_TIME_ZONE,
  type ZReport,
} from '@shop/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { rowsOf } from '../db/client.ts';
import { orders, type PosDrawerRow, type PosTenderRecord, posDrawerMovements, posReturns, users } from '../db/schema/index.ts';
import { csvRow } from '../lib/csv.ts';

type Q = Db | Tx;

export const toMovement = (row: typeof posDrawerMovements.$inferSelect): DrawerMovementView => ({
  id: row.id,
  kind: row.kind,
  amount: row.amount,
  reason: row.reason,
  createdAt: row.createdAt.toISOString(),
  createdBy: row.createdBy,
});

async function drawerMovements(db: Q, drawerId: string): Promise<DrawerMovementView[]> {
  const rows = await db
    .select()
    .from(posDrawerMovements)
    .where(eq(posDrawerMovements.drawerId, drawerId))
    .orderBy(asc(posDrawerMovements.createdAt), asc(posDrawerMovements.id));
  return rows.map(toMovement);
}

type TenderType = PosTenderRecord['type'];
const TENDERS: readonly TenderType[] = ['cash', 'card', 'transfer', 'store_credit'];

/**
 * Where a return's money goes: cash from the drawer, store credit, or the sale's own tender
 * (the one that paid most of it; a sale from before tenders were kept, its payment method).
 */
export function refundTender(
  refundTo: PosReturnBody['refundTo'],
  sale: { posTenders: PosTenderRecord[] | null; paymentMethod: string | null },
): TenderType {
  if (refundTo !== 'original') return refundTo;
  const tenders = sale.posTenders ?? [];
  if (tenders.length === 0) {
    const method = sale.paymentMethod;
    return method === 'card' || method === 'transfer' ? method : 'cash';
  }
  return tenders.reduce((best, t) => (t.amount > best.amount ? t : best)).type;
}

interface DrawerMoney {
  /** Kobo by tender: what came in (sales), and how many sales each paid. */
  tenders: Map<TenderType, { count: number; amount: number }>;
  refunds: { count: number; byTender: Map<TenderType, number> };
  payIns: number;
  payOuts: number;
}

async function drawerMoney(db: Q, drawerId: string): Promise<DrawerMoney> {
  const tenderRows = await rowsOf<{ type: TenderType; count: number; amount: string }>(
    db,
    sql`select t->>'type' as type, count(distinct o.id)::int as count, coalesce(sum((t->>'amount')::bigint), 0)::text as amount
        from ${orders} o, jsonb_array_elements(coalesce(o.pos_tenders, '[]'::jsonb)) t
        where o.drawer_id = ${drawerId} group by 1`,
  );
  const tenders = new Map(tenderRows.map((r) => [r.type, { count: r.count, amount: Number(r.amount) }]));

  const byTender = new Map<TenderType, number>();
  const add = (type: TenderType, amount: number) => byTender.set(type, (byTender.get(type) ?? 0) + amount);
  const returned = await db
    .select({
      refundTo: posReturns.refundTo,
      amount: posReturns.amount,
      posTenders: orders.posTenders,
      paymentMethod: orders.paymentMethod,
    })
    .from(posReturns)
    .innerJoin(orders, eq(orders.id, posReturns.orderId))
    .where(eq(posReturns.drawerId, drawerId));
  let count = 0;
  for (const r of returned) {
    if (r.amount <= 0) continue;
    count += 1;
    add(refundTender(r.refundTo, r), r.amount);
  }
  const voided = await db
    .select({ posTenders: orders.posTenders })
    .from(orders)
    .where(and(eq(orders.drawerId, drawerId), eq(orders.review, 'voided')));
  for (const v of voided) {
    count += 1;
    for (const t of v.posTenders ?? []) add(t.type, t.amount);
  }

  const [moved] = await db
    .select({
      payIns: sql<string>`coalesce(sum(${posDrawerMovements.amount}) filter (where ${posDrawerMovements.kind} = 'pay_in'), 0)`,
      payOuts: sql<string>`coalesce(sum(${posDrawerMovements.amount}) filter (where ${posDrawerMovements.kind} = 'pay_out'), 0)`,
    })
    .from(posDrawerMovements)
    .where(eq(posDrawerMovements.drawerId, drawerId));
  return { tenders, refunds: { count, byTender }, payIns: Number(moved?.payIns ?? 0), payOuts: Number(moved?.payOuts ?? 0) };
}

function cashOf(drawer: PosDrawerRow, money: DrawerMoney) {
  const sales = money.tenders.get('cash')?.amount ?? 0;
  const refunds = money.refunds.byTender.get('cash') ?? 0;
  return {
    float: drawer.float,
    sales,
    refunds,
    payIns: money.payIns,
    payOuts: money.payOuts,
    expected: drawer.float + sales - refunds + money.payIns - money.payOuts,
  };
}

/** The cash the drawer should hold now, and what makes it up. */
export async function drawerCash(db: Q, drawer: PosDrawerRow) {
  return cashOf(drawer, await drawerMoney(db, drawer.id));
}

/** The Z-report of the drawer: open (as it stands) or closed (with what was counted). */
export async function zReport(db: Q, drawer: PosDrawerRow, view: DrawerView, storeName: string): Promise<ZReport> {
  const money = await drawerMoney(db, drawer.id);
  const [sales] = await db
    .select({
      count: sql<number>`count(*)::int`,
      total: sql<string>`coalesce(sum(${orders.total}), 0)`,
      markdowns: sql<string>`coalesce(sum(${orders.discount} - ${orders.couponDiscount} - ${orders.tillDiscount}), 0)`,
      coupons: sql<string>`coalesce(sum(${orders.couponDiscount}), 0)`,
      till: sql<string>`coalesce(sum(${orders.tillDiscount}), 0)`,
    })
    .from(orders)
    .where(eq(orders.drawerId, drawer.id));
  const [exchanges] = await rowsOf<{ count: number; credit: string }>(
    db,
    sql`select count(*)::int as count, coalesce(sum(o.total - coalesce((select sum((t->>'amount')::bigint) from jsonb_array_elements(coalesce(o.pos_tenders, '[]'::jsonb)) t), 0)), 0)::text as credit
        from ${orders} o where o.drawer_id = ${drawer.id} and exists (select 1 from ${posReturns} r where r.exchange_order_id = o.id)`,
  );
  const cashiers = await db
    .select({
      cashierId: orders.cashierId,
      firstName: users.firstName,
      lastName: users.lastName,
      sales: sql<number>`count(*)::int`,
      total: sql<string>`coalesce(sum(${orders.total}), 0)`,
    })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.cashierId))
    .where(eq(orders.drawerId, drawer.id))
    .groupBy(orders.cashierId, users.firstName, users.lastName)
    .orderBy(asc(users.firstName), asc(users.lastName));
  const cash = cashOf(drawer, money);
  const closed = drawer.closedAt !== null;
  return {
    storeName,
    drawer: view,
    sales: { count: sales?.count ?? 0, total: Number(sales?.total ?? 0) },
    tenders: TENDERS.flatMap((type) => {
      const t = money.tenders.get(type);
      return t ? [{ type, count: t.count, amount: t.amount }] : [];
    }),
    exchanges: { count: exchanges?.count ?? 0, credit: Number(exchanges?.credit ?? 0) },
    refunds: {
      count: money.refunds.count,
      total: [...money.refunds.byTender.values()].reduce((a, b) => a + b, 0),
      byTender: TENDERS.flatMap((type) => {
        const amount = money.refunds.byTender.get(type);
        return amount ? [{ type, amount }] : [];
      }),
    },
    discounts: {
      markdowns: Number(sales?.markdowns ?? 0),
      coupons: Number(sales?.coupons ?? 0),
      till: Number(sales?.till ?? 0),
    },
    cashiers: cashiers.map((c) => ({
      cashierId: c.cashierId,
      name: c.firstName === null ? 'No cashier named' : `${c.firstName} ${c.lastName ?? ''}`.trim(),
      sales: c.sales,
      total: Number(c.total),
    })),
    movements: await drawerMovements(db, drawer.id),
    cash: {
      ...cash,
      // Closed: what was recorded when it closed (a sale synced later shows in the lines above).
      expected: closed ? (drawer.expected ?? cash.expected) : cash.expected,
      counted: drawer.counted,
      overShort: drawer.overShort,
    },
  };
}

const TENDER_WORDS: Record<TenderType, string> = {
  cash: 'Cash',
  card: 'Card',
  transfer: 'Transfer',
  store_credit: 'Store credit',
};
const lagosDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The report's file name: the till and the Lagos day it opened, z-report-front-counter-2026-11-26.csv. */
export function zReportFileName(report: ZReport): string {
  const till =
    report.drawer.tillName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'till';
  return `z-report-${till}-${lagosDay.format(new Date(report.drawer.openedAt))}.csv`;
}

/** The Z-report as CSV: one row per figure (section, item, count, amount in naira with kobo). */
export function zReportCsv(report: ZReport): string {
  const naira = (kobo: number | null) => (kobo === null ? '' : koboToNairaText(kobo));
  const { drawer, cash } = report;
  const rows: (string | number | null)[][] = [
    ['section', 'item', 'count', 'amount'],
    ['drawer', 'till', null, drawer.tillName],
    ['drawer', 'opened', null, drawer.openedAt],
    ['drawer', 'opened by', null, drawer.openedBy],
    ['drawer', 'closed', null, drawer.closedAt],
    ['drawer', 'closed by', null, drawer.closedBy],
    ['sales', 'all sales', report.sales.count, naira(report.sales.total)],
    ...report.tenders.map((t) => ['tender', TENDER_WORDS[t.type], t.count, naira(t.amount)]),
    ['exchange', 'paid by returned goods', report.exchanges.count, naira(report.exchanges.credit)],
    ...report.refunds.byTender.map((r) => ['refund', TENDER_WORDS[r.type], null, naira(r.amount)]),
    ['refund', 'all refunds', report.refunds.count, naira(report.refunds.total)],
    ['discount', 'markdowns', null, naira(report.discounts.markdowns)],
    ['discount', 'coupons', null, naira(report.discounts.coupons)],
    ['discount', 'till discounts', null, naira(report.discounts.till)],
    ...report.cashiers.map((c) => ['cashier', c.name, c.sales, naira(c.total)]),
    ...report.movements.map((m) => [m.kind === 'pay_in' ? 'pay in' : 'pay out', m.reason, null, naira(m.amount)]),
    ['cash', 'float', null, naira(cash.float)],
    ['cash', 'cash sales', null, naira(cash.sales)],
    ['cash', 'cash refunds', null, naira(cash.refunds)],
    ['cash', 'pay-ins', null, naira(cash.payIns)],
    ['cash', 'pay-outs', null, naira(cash.payOuts)],
    ['cash', 'expected', null, naira(cash.expected)],
    ['cash', 'counted', null, naira(cash.counted)],
    // Written as over or short with a positive amount: a leading minus is what the formula guard quotes.
    [
      'cash',
      cash.overShort !== null && cash.overShort < 0 ? 'short' : 'over',
      null,
      naira(cash.overShort === null ? null : Math.abs(cash.overShort)),
    ],
  ];
  // A byte-order mark, so spreadsheets read names with accents as UTF-8.
  return `\uFEFF${rows.map((r) => csvRow(r)).join('')}`;
}
