-- Issue 30: a period's facts of one split by day alone, so the planner sees the days' order in the table (bench: (kind, day) made it scan the whole table for 90 days).
DROP INDEX "sales_facts_kind_day_idx";--> statement-breakpoint
CREATE INDEX "sales_facts_line_day_idx" ON "sales_facts" USING btree ("day") WHERE "sales_facts"."kind" = 'line';--> statement-breakpoint
CREATE INDEX "sales_facts_payment_day_idx" ON "sales_facts" USING btree ("day") WHERE "sales_facts"."kind" = 'payment';