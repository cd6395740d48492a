CREATE TABLE "sales_facts" (
	"order_id" uuid NOT NULL,
	"refund_id" uuid,
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"sale" boolean NOT NULL,
	"first" boolean NOT NULL,
	"first_product" boolean NOT NULL,
	"first_variant" boolean NOT NULL,
	"first_category" boolean NOT NULL,
	"first_brand" boolean NOT NULL,
	"first_method" boolean NOT NULL,
	"channel" text NOT NULL,
	"staff_id" uuid,
	"state" text NOT NULL,
	"coupon" text NOT NULL,
	"user_id" uuid,
	"customer_id" uuid,
	"method" text,
	"line_id" uuid,
	"product_id" uuid,
	"variant_id" uuid,
	"category_id" uuid,
	"brand_id" uuid,
	"line_key" text,
	"variant_key" text,
	"units" integer NOT NULL,
	"gross" bigint NOT NULL,
	"markdowns" bigint NOT NULL,
	"till" bigint NOT NULL,
	"coupons" bigint NOT NULL,
	"refunds" bigint NOT NULL,
	"delivery" bigint NOT NULL,
	"delivery_cost" bigint NOT NULL,
	"cogs" bigint NOT NULL,
	"unknown" integer NOT NULL,
	"fees" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sales_facts" ADD CONSTRAINT "sales_facts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sales_facts_order_idx" ON "sales_facts" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "sales_facts_kind_day_idx" ON "sales_facts" USING btree ("kind","day");--> statement-breakpoint
CREATE INDEX "sales_facts_coupon_idx" ON "sales_facts" USING btree ("day") WHERE "sales_facts"."coupon" <> '';--> statement-breakpoint
-- Issue 30, docs/decisions/0025: the facts of the given orders, as the reports define them.
-- A sale is an order whose money came in (paid, partially refunded or refunded) and that is not
-- archived, on the Lagos day it was created; each processed refund of such an order is an event
-- on the Lagos day it was processed, giving back goods first (up to what the goods were charged,
-- less earlier refunds), then delivery. Each event is split into parts twice: a part per line
-- (kind 'line') and a part per payment (kind 'payment'; an order without one is a part of its
-- own payment method). What a part knows exactly on a sale (a line's units, list price,
-- markdowns, till discounts and cost; a payment's fee) it keeps; what belongs to the whole
-- event is shared out over the parts by amount so the parts add up to it to the kobo: part i
-- gets floor(x·cumᵢ/total) − floor(x·cumᵢ₋₁/total).
CREATE OR REPLACE FUNCTION sales_facts_of(ids uuid[]) RETURNS SETOF sales_facts
LANGUAGE sql STABLE AS $$
  -- The ids as a set: an `= any(ids)` array is compared element by element, for every row read.
  with wanted as materialized (select distinct unnest(ids) as id),
  ord as (
    select o.id, o.created_at, o.channel, o.state, o.payment_method, o.coupon_code, o.user_id, o.customer_id,
      o.coupon_discount, o.delivery_fee, o.delivery_cost, o.total,
      coalesce(o.cashier_id, (select pm.recorded_by from order_payments pm where pm.order_id = o.id order by pm.created_at, pm.id limit 1)) as staff_id,
      l.units, l.gross, l.markdowns, l.till, l.cogs, l.unknown, coalesce(f.fees, 0) as fees
    from orders o
    join (
      select order_id, sum(quantity)::bigint as units, sum(unit_price * quantity) as gross,
        sum(unit_discount * quantity) as markdowns, sum(till_discount * quantity) as till,
        coalesce(sum(unit_cost * quantity), 0) as cogs, coalesce(sum(quantity) filter (where unit_cost is null), 0)::bigint as unknown
      from order_lines where order_id in (select id from wanted) group by order_id
    ) l on l.order_id = o.id
    left join (select order_id, sum(fee) as fees from order_payments where order_id in (select id from wanted) group by order_id) f on f.order_id = o.id
    where o.id in (select id from wanted) and o.payment_status in ('paid', 'partially_refunded', 'refunded') and o.archived_at is null
  ),
  refund_parts as (
    select r.id, r.order_id, r.processed_at, r.amount,
      least(r.amount, greatest(o.total - o.delivery_fee - coalesce((
        select sum(e.amount) from order_refunds e
        where e.order_id = r.order_id and e.status = 'processed' and (e.processed_at, e.id) < (r.processed_at, r.id)
      ), 0), 0)) as goods
    from order_refunds r join ord o on o.id = r.order_id
    where r.status = 'processed' and r.processed_at is not null
  ),
  events as (
    select id as order_id, null::uuid as refund_id, created_at as at, true as sale, units, gross, markdowns,
      coupon_discount as coupons, till, 0::bigint as refunds, delivery_fee as delivery, delivery_cost, cogs, unknown, fees
    from ord
    union all
    select order_id, id, processed_at, false, 0, 0, 0, 0, 0, goods, goods - amount, 0, 0, 0, 0 from refund_parts
  ),
  raw_parts as (
    select l.order_id, 'line' as kind, l.id::text as seq, l.id as line_id, l.product_id, l.variant_id, l.category_id, pr.brand_id,
      case when l.product_id is null then 'line:' || l.title end as line_key,
      case when l.variant_id is null then 'line:' || l.sku || ':' || l.title end as variant_key,
      null::text as method,
      (l.unit_price - l.unit_discount - l.till_discount) * l.quantity as w_raw,
      l.quantity::bigint as x_units, l.unit_price * l.quantity as x_gross, l.unit_discount * l.quantity as x_markdowns,
      l.till_discount * l.quantity as x_till, coalesce(l.unit_cost * l.quantity, 0) as x_cogs,
      (case when l.unit_cost is null then l.quantity else 0 end)::bigint as x_unknown, null::bigint as x_fees
    from order_lines l left join products pr on pr.id = l.product_id
    where l.order_id in (select id from ord)
    union all
    select pm.order_id, 'payment', to_char(pm.created_at at time zone 'UTC', 'YYYYMMDDHH24MISSUS') || pm.id, null, null, null, null, null,
      null, null, pm.method, pm.amount, null, null, null, null, null, null, pm.fee
    from order_payments pm where pm.order_id in (select id from ord)
    union all
    select o.id, 'payment', '', null, null, null, null, null, null, null, coalesce(o.payment_method, 'unknown'), 1,
      null, null, null, null, null, null, null
    from ord o where not exists (select 1 from order_payments pm where pm.order_id = o.id)
  ),
  weighed as (
    select *, case when sum(w_raw) over (partition by order_id, kind) > 0 then w_raw else 1 end as w from raw_parts
  ),
  parts as (
    select *,
      sum(w) over (partition by order_id, kind order by seq rows between unbounded preceding and current row) as cum,
      sum(w) over (partition by order_id, kind) as tot,
      row_number() over (partition by order_id, kind order by seq) = 1 as is_first,
      row_number() over (partition by order_id, kind, coalesce(product_id::text, line_key) order by seq) = 1 as is_first_product,
      row_number() over (partition by order_id, kind, coalesce(variant_id::text, variant_key) order by seq) = 1 as is_first_variant,
      row_number() over (partition by order_id, kind, category_id order by seq) = 1 as is_first_category,
      row_number() over (partition by order_id, kind, brand_id order by seq) = 1 as is_first_brand,
      row_number() over (partition by order_id, kind, method order by seq) = 1 as is_first_method
    from weighed
  )
  select e.order_id, e.refund_id, p.kind, (e.at at time zone 'Africa/Lagos')::date, e.sale, e.sale and p.is_first,
    e.sale and p.kind = 'line' and p.is_first_product, e.sale and p.kind = 'line' and p.is_first_variant,
    e.sale and p.kind = 'line' and p.is_first_category, e.sale and p.kind = 'line' and p.is_first_brand,
    e.sale and p.kind = 'payment' and p.is_first_method,
    o.channel, o.staff_id, case when o.channel = 'pos' then '' else o.state end, coalesce(upper(o.coupon_code), ''),
    o.user_id, o.customer_id, p.method, p.line_id, p.product_id, p.variant_id, p.category_id, p.brand_id, p.line_key, p.variant_key,
    (case when e.sale then coalesce(p.x_units, e.units) else 0 end)::integer,
    case when e.sale and p.x_gross is not null then p.x_gross
      else (floor(e.gross::numeric * p.cum / p.tot) - floor(e.gross::numeric * (p.cum - p.w) / p.tot))::bigint end,
    case when e.sale and p.x_markdowns is not null then p.x_markdowns
      else (floor(e.markdowns::numeric * p.cum / p.tot) - floor(e.markdowns::numeric * (p.cum - p.w) / p.tot))::bigint end,
    case when e.sale and p.x_till is not null then p.x_till
      else (floor(e.till::numeric * p.cum / p.tot) - floor(e.till::numeric * (p.cum - p.w) / p.tot))::bigint end,
    (floor(e.coupons::numeric * p.cum / p.tot) - floor(e.coupons::numeric * (p.cum - p.w) / p.tot))::bigint,
    (floor(e.refunds::numeric * p.cum / p.tot) - floor(e.refunds::numeric * (p.cum - p.w) / p.tot))::bigint,
    (floor(e.delivery::numeric * p.cum / p.tot) - floor(e.delivery::numeric * (p.cum - p.w) / p.tot))::bigint,
    (floor(e.delivery_cost::numeric * p.cum / p.tot) - floor(e.delivery_cost::numeric * (p.cum - p.w) / p.tot))::bigint,
    case when e.sale and p.x_cogs is not null then p.x_cogs
      else (floor(e.cogs::numeric * p.cum / p.tot) - floor(e.cogs::numeric * (p.cum - p.w) / p.tot))::bigint end,
    (case when e.sale then coalesce(p.x_unknown, e.unknown) else 0 end)::integer,
    case when e.sale and p.x_fees is not null then p.x_fees
      else (floor(e.fees::numeric * p.cum / p.tot) - floor(e.fees::numeric * (p.cum - p.w) / p.tot))::bigint end
  from events e join parts p on p.order_id = e.order_id join ord o on o.id = e.order_id
$$;
--> statement-breakpoint
-- Replaces the facts of the given orders with what they are now. Each order is locked first
-- (in id order), so two transactions changing one order (a payment and a refund) refresh it
-- one after the other, the second seeing what the first committed.
CREATE OR REPLACE FUNCTION refresh_sales_facts(ids uuid[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN RETURN; END IF;
  PERFORM 1 FROM orders WHERE id = any(ids) ORDER BY id FOR UPDATE;
  DELETE FROM sales_facts WHERE order_id = any(ids);
  INSERT INTO sales_facts SELECT * FROM sales_facts_of(ids);
END $$;
--> statement-breakpoint
-- Statement triggers on what the facts are made of: the orders touched by the statement
-- (TG_ARGV[0] names the column holding the order's id) are refreshed once.
CREATE OR REPLACE FUNCTION sales_facts_touched() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  touched uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE format('select array_agg(distinct %I) from new_rows', TG_ARGV[0]) INTO touched;
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE format('select array_agg(distinct %I) from old_rows', TG_ARGV[0]) INTO touched;
  ELSE
    EXECUTE format('select array_agg(distinct %I) from (select %I from new_rows union select %I from old_rows) t', TG_ARGV[0], TG_ARGV[0], TG_ARGV[0]) INTO touched;
  END IF;
  PERFORM refresh_sales_facts(touched);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An order's own figures: only when one the facts read changed (its status moves often).
CREATE OR REPLACE FUNCTION sales_facts_order_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_sales_facts(array(
    select n.id from new_rows n join old_rows o on o.id = n.id
    where (n.payment_status, n.archived_at, n.created_at, n.channel, n.state, n.payment_method, n.coupon_code, n.user_id, n.customer_id,
           n.coupon_discount, n.delivery_fee, n.delivery_cost, n.total, n.cashier_id)
      is distinct from
          (o.payment_status, o.archived_at, o.created_at, o.channel, o.state, o.payment_method, o.coupon_code, o.user_id, o.customer_id,
           o.coupon_discount, o.delivery_fee, o.delivery_cost, o.total, o.cashier_id)));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A product moved to another brand: its past sales follow it, as the report grouped them before.
CREATE OR REPLACE FUNCTION sales_facts_brand_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_sales_facts(array(
    select distinct l.order_id from order_lines l
    where l.product_id in (select n.id from new_rows n join old_rows o on o.id = n.id where n.brand_id is distinct from o.brand_id)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sales_facts_orders_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sales_facts_order_changed();--> statement-breakpoint
CREATE TRIGGER sales_facts_lines_insert AFTER INSERT ON order_lines REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sales_facts_touched('order_id');--> statement-breakpoint
CREATE TRIGGER sales_facts_lines_update AFTER UPDATE ON order_lines REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sales_facts_touched('order_id');--> statement-breakpoint
CREATE TRIGGER sales_facts_lines_delete AFTER DELETE ON order_lines REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sales_facts_touched('order_id');--> statement-breakpoint
CREATE TRIGGER sales_facts_payments_insert AFTER INSERT ON order_payments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sales_facts_touched('order_id');--> statement-breakpoint
CREATE TRIGGER sales_facts_payments_update AFTER UPDATE ON order_payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sales_facts_touched('order_id');--> statement-breakpoint
CREATE TRIGGER sales_facts_payments_delete AFTER DELETE ON order_payments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sales_facts_touched('order_id');--> statement-breakpoint
CREATE TRIGGER sales_facts_refunds_insert AFTER INSERT ON order_refunds REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sales_facts_touched('order_id');--> statement-breakpoint
CREATE TRIGGER sales_facts_refunds_update AFTER UPDATE ON order_refunds REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sales_facts_touched('order_id');--> statement-breakpoint
CREATE TRIGGER sales_facts_refunds_delete AFTER DELETE ON order_refunds REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sales_facts_touched('order_id');--> statement-breakpoint
CREATE TRIGGER sales_facts_products_brand AFTER UPDATE ON products REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sales_facts_brand_changed();--> statement-breakpoint
-- The shop's past sales, once. For every order at once the planner's guess of a few orders
-- (unnest's default) would join them row by row; hash joins instead, for this statement.
SET LOCAL enable_nestloop = off;--> statement-breakpoint
INSERT INTO sales_facts SELECT * FROM sales_facts_of(array(select id from orders));--> statement-breakpoint
RESET enable_nestloop;
