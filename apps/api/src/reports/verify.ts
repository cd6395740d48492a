/**
 * `npm run reports:verify` (issue 30, docs/decisions/0025): recomputes every order's sales
 * facts from the orders, their lines, payments and refunds (sales_facts_of, the same SQL the
 * triggers keep the table with) and compares them, row for row, with the sales_facts table the
 * reports read. They agree unless a write reached the orders' tables without their triggers
 * (a restore that skipped them, a hand edit with triggers off): the orders named need
 * `select refresh_sales_facts(array[...])`. Then it sums the facts per grouping and month again
 * (sales_rollup_of_facts, as migration 0038 first filled it) and compares that with the monthly
 * rollup (sales_rollup) the reports read their whole months from, naming the rows that differ.
 */
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client.ts';

export interface FactsCheck {
  /** Orders with at least one fact. */
  orders: number;
  facts: number;
  /** Up to `limit` orders whose facts differ from their recomputation; none when they agree. */
  differing: string[];
  /** Rows of the monthly rollup (those summing some fact). */
  rollupRows: number;
  /** Up to `limit` rollup rows that differ from the facts' sums ("grouping month key [key2]"), kept or expected; none when they agree. */
  rollupDiffering: string[];
}

/** A rollup row summing nothing: a group emptied by a change, which the reports read as none. */
const EMPTIED = sql`(n, all_orders, orders, units, gross, markdowns, till, coupons, refunds, delivery, delivery_cost, cogs, unknown, fees)
  = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)`;

export async function verifySalesFacts(db: Db, limit = 20): Promise<FactsCheck> {
  const [counts] = await rowsOf<{ orders: number; facts: number }>(
    db,
    sql`select count(distinct order_id)::int as orders, count(*)::int as facts from sales_facts`,
  );
  // Every order at once: hash joins (the planner would guess a few orders and join row by row).
  const differing = await db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_nestloop = off`);
    return rowsOf<{ order_id: string }>(
      tx,
      sql`
      with expected as materialized (select * from sales_facts_of(array(select id from orders))),
      diff as (
        (select * from sales_facts except all select * from expected)
        union all
        (select * from expected except all select * from sales_facts)
      )
      select distinct order_id::text from diff order by 1 limit ${limit}`,
    );
  });
  const [rollup] = await rowsOf<{ rows: number }>(db, sql`select count(*)::int as rows from sales_rollup where not ${EMPTIED}`);
  const rollupDiffering = await rowsOf<{ row: string }>(
    db,
    sql`
    with expected as materialized (select * from sales_rollup_of_facts()),
    kept as (select * from sales_rollup where not ${EMPTIED}),
    diff as (
      (select * from kept except all select * from expected)
      union all
      (select * from expected except all select * from kept)
    )
    select distinct concat_ws(' ', grp, to_char(month, 'YYYY-MM'), coalesce(k, '-'), k2) as row from diff order by 1 limit ${limit}`,
  );
  return {
    orders: counts?.orders ?? 0,
    facts: counts?.facts ?? 0,
    differing: differing.map((d) => d.order_id),
    rollupRows: rollup?.rows ?? 0,
    rollupDiffering: rollupDiffering.map((d) => d.row),
  };
}
