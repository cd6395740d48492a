CREATE INDEX "sales_facts_sold_by_day_idx" ON "sales_facts" USING btree ("day","variant_id","units") WHERE "sales_facts"."kind" = 'line' and "sales_facts"."sale";--> statement-breakpoint
-- The stock report's held units (decision 0034): the orders still holding stock are the unpaid ones
-- not let go, a handful, but the planner multiplied the two conditions' shares as if unrelated
-- (27,000 guessed, 8 found on the bench) and read every order line instead of those orders' lines
-- (275 ms). The pairs' real counts let it see how few there are.
CREATE STATISTICS IF NOT EXISTS "orders_payment_status_status_mcv" (mcv) ON "payment_status", "status" FROM "orders";--> statement-breakpoint
ANALYZE "orders";--> statement-breakpoint
ANALYZE "sales_facts";
