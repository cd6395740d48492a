/**
 * `npm run reports:verify` (issue 30, docs/decisions/0025): recomputes every order's sales
 * facts from the orders, their lines, payments and refunds (sales_facts_of, the same SQL the
 * triggers keep the table with) and compares them, row for row, with the sales_facts table the
 * reports read. They agree unless a write reached the orders' tables without their triggers
 * (a restore that skipped them, a hand edit with triggers off): the orders named need
 * `select refresh_sales_facts(array[...])`.
 */
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client.ts';

export interface FactsCheck {
  /** Orders with at least one fact. */
  orders: number;
  facts: number;
  /** Up to `limit` orders whose facts differ from their recomputation; none when they agree. */
  differing: string[];
}

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
  return { orders: counts?.orders ?? 0, facts: counts?.facts ?? 0, differing: differing.map((d) => d.order_id) };
}
