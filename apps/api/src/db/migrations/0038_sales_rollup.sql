CREATE TABLE "sales_rollup" (
	"grp" text NOT NULL,
	"month" date NOT NULL,
	"k" text,
	"k2" text,
	"n" bigint NOT NULL,
	"all_orders" bigint NOT NULL,
	"orders" bigint NOT NULL,
	"units" bigint NOT NULL,
	"gross" bigint NOT NULL,
	"markdowns" bigint NOT NULL,
	"till" bigint NOT NULL,
	"coupons" bigint NOT NULL,
	"refunds" bigint NOT NULL,
	"delivery" bigint NOT NULL,
	"delivery_cost" bigint NOT NULL,
	"cogs" bigint NOT NULL,
	"unknown" bigint NOT NULL,
	"fees" bigint NOT NULL,
	CONSTRAINT "sales_rollup_key" UNIQUE NULLS NOT DISTINCT("grp","month","k","k2")
);
--> statement-breakpoint
CREATE INDEX "sales_facts_gone_variant_idx" ON "sales_facts" USING btree ("variant_key","day") WHERE "sales_facts"."kind" = 'line' and "sales_facts"."variant_id" is null;--> statement-breakpoint
-- Issue 30, docs/decisions/0034: the sales facts summed per grouping and Lagos calendar month, so
-- a report over a period reads its whole months here and only the days at its ends from the facts.
-- The groupings a fact falls into, with its key in each as the reports group the facts
-- (reports/sales.ts reads the facts through this too, so the two cannot disagree), and whether it
-- counts the order in that grouping's row (`counted`: its first part there).
CREATE OR REPLACE FUNCTION sales_rollup_keys(f sales_facts) RETURNS TABLE (grp text, k text, k2 text, counted boolean)
LANGUAGE sql STABLE AS $$
  select v.grp, v.k, v.k2, v.counted from (values
    ('total', '', null::text, f.first),
    ('day', to_char(f.day::timestamp, 'YYYY-MM-DD'), null, f.first),
    ('week', to_char(date_trunc('week', f.day::timestamp), 'YYYY-MM-DD'), null, f.first),
    ('month', to_char(date_trunc('month', f.day::timestamp), 'YYYY-MM-DD'), null, f.first),
    ('product', f.product_id::text, f.line_key, f.first_product),
    ('variant', f.variant_id::text, f.variant_key, f.first_variant),
    ('category', f.category_id::text, null, f.first_category),
    ('brand', f.brand_id::text, null, f.first_brand),
    ('channel', f.channel, null, f.first),
    -- The till's cashier, or who recorded its payment; a web (or legacy) order was sold online.
    ('staff', case when f.channel = 'pos' then coalesce(f.staff_id::text, 'unknown') else 'online' end, null, f.first),
    ('state', case when f.channel = 'pos' then 'in-store' else coalesce(nullif(f.state, ''), 'unknown') end, null, f.first),
    ('coupon', f.coupon, null, f.first),
    -- An account, else a recorded till customer.
    ('customer', f.user_id::text, case when f.user_id is null then f.customer_id::text end, f.first)
  ) v(grp, k, k2, counted)
  where f.kind = 'line'
  union all
  select 'payment_method', f.method, null, f.first_method where f.kind = 'payment'
$$;
--> statement-breakpoint
-- The rollup as the facts table sums it now: the migration's first fill, and what
-- `npm run reports:verify` compares the table with.
CREATE OR REPLACE FUNCTION sales_rollup_of_facts() RETURNS SETOF sales_rollup
LANGUAGE sql STABLE AS $$
  select r.grp, date_trunc('month', f.day::timestamp)::date, r.k, r.k2, count(*), count(*) filter (where f.first),
    count(*) filter (where r.counted), sum(f.units), sum(f.gross), sum(f.markdowns), sum(f.till), sum(f.coupons),
    sum(f.refunds), sum(f.delivery), sum(f.delivery_cost), sum(f.cogs), sum(f.unknown), sum(f.fees)
  from sales_facts f cross join lateral sales_rollup_keys(f) r
  group by 1, 2, 3, 4
$$;
--> statement-breakpoint
-- As in 0030, and the rollup follows: the facts removed are taken off their rows, those written
-- added, in one statement. Rows whose change is nothing are left alone (a refresh that changes no
-- figure locks no rollup row), the others are written in (month, grouping, key) order, so two
-- transactions meet on a shared row (a month's total) in the same order; a row brought to 0
-- facts stays, read as no group.
CREATE OR REPLACE FUNCTION refresh_sales_facts(ids uuid[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN RETURN; END IF;
  PERFORM 1 FROM orders WHERE id = any(ids) ORDER BY id FOR UPDATE;
  WITH gone AS (DELETE FROM sales_facts f WHERE f.order_id = any(ids) RETURNING f),
  came AS (INSERT INTO sales_facts AS f SELECT * FROM sales_facts_of(ids) RETURNING f),
  change AS (SELECT -1 AS sign, gone.f FROM gone UNION ALL SELECT 1, came.f FROM came)
  INSERT INTO sales_rollup AS s
  SELECT * FROM (
    SELECT r.grp, date_trunc('month', (c.f).day::timestamp)::date AS month, r.k, r.k2, sum(c.sign) AS n,
      sum(CASE WHEN (c.f).first THEN c.sign ELSE 0 END) AS all_orders, sum(CASE WHEN r.counted THEN c.sign ELSE 0 END) AS orders,
      sum(c.sign * (c.f).units) AS units,
      sum(c.sign * (c.f).gross) AS gross,
      sum(c.sign * (c.f).markdowns) AS markdowns,
      sum(c.sign * (c.f).till) AS till,
      sum(c.sign * (c.f).coupons) AS coupons,
      sum(c.sign * (c.f).refunds) AS refunds,
      sum(c.sign * (c.f).delivery) AS delivery,
      sum(c.sign * (c.f).delivery_cost) AS delivery_cost,
      sum(c.sign * (c.f).cogs) AS cogs,
      sum(c.sign * (c.f).unknown) AS unknown,
      sum(c.sign * (c.f).fees) AS fees
    FROM change c CROSS JOIN LATERAL sales_rollup_keys(c.f) r
    GROUP BY 1, 2, 3, 4
  ) d
  WHERE (d.n, d.all_orders, d.orders, d.units, d.gross, d.markdowns, d.till, d.coupons, d.refunds, d.delivery, d.delivery_cost, d.cogs, d.unknown, d.fees) IS DISTINCT FROM (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
  ORDER BY d.month, d.grp, d.k, d.k2
  ON CONFLICT ON CONSTRAINT sales_rollup_key DO UPDATE SET
    n = s.n + excluded.n, all_orders = s.all_orders + excluded.all_orders, orders = s.orders + excluded.orders,
    units = s.units + excluded.units, gross = s.gross + excluded.gross, markdowns = s.markdowns + excluded.markdowns,
    till = s.till + excluded.till, coupons = s.coupons + excluded.coupons, refunds = s.refunds + excluded.refunds,
    delivery = s.delivery + excluded.delivery, delivery_cost = s.delivery_cost + excluded.delivery_cost,
    cogs = s.cogs + excluded.cogs, unknown = s.unknown + excluded.unknown, fees = s.fees + excluded.fees;
END $$;
--> statement-breakpoint
-- The rollup made again from the facts: what `npm run reports:verify` asks for when it differs,
-- and after a refresh of facts that had been changed by hand (their removal took the changed
-- figures off the rollup). Refreshes wait meanwhile; reports read the rollup as it was.
CREATE OR REPLACE FUNCTION rebuild_sales_rollup() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE sales_rollup IN EXCLUSIVE MODE;
  DELETE FROM sales_rollup;
  INSERT INTO sales_rollup SELECT * FROM sales_rollup_of_facts();
END $$;
--> statement-breakpoint
-- The shop's past sales, once.
INSERT INTO sales_rollup SELECT * FROM sales_rollup_of_facts();--> statement-breakpoint
ANALYZE sales_rollup;
