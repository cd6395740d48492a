-- Costs recorded when they happen (issue 30): a variant's cost price (null: unknown), copied
-- onto each order line as it is sold; what each payment cost the shop; what a delivery method
-- costs the shop, copied onto the order. Existing rows: costs unknown, fees and delivery costs 0.
ALTER TABLE "product_variants" ADD COLUMN "cost" bigint;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "unit_cost" bigint;--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "fee" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_cost" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_methods" ADD COLUMN "cost" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_cost_nonnegative" CHECK ("product_variants"."cost" >= 0);--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_unit_cost_nonnegative" CHECK ("order_lines"."unit_cost" >= 0);--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_fee_nonnegative" CHECK ("order_payments"."fee" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_cost_nonnegative" CHECK ("orders"."delivery_cost" >= 0);--> statement-breakpoint
ALTER TABLE "delivery_methods" ADD CONSTRAINT "delivery_methods_cost_nonnegative" CHECK ("delivery_methods"."cost" >= 0);