CREATE TABLE "order_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"method" text NOT NULL,
	"amount" bigint NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"provider" text,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_payments_amount_positive" CHECK ("order_payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"method" text NOT NULL,
	"provider_refund_id" text,
	"restocked" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"failure_reason" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "order_refunds_amount_positive" CHECK ("order_refunds"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "shop_counters" (
	"name" text PRIMARY KEY NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "restocked_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_status" text DEFAULT 'unpaid' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "amount_paid" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "amount_refunded" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_number" text;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_payments_order_idx" ON "order_payments" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_payments_reference_key" ON "order_payments" USING btree ("order_id","reference") WHERE "order_payments"."reference" <> '';--> statement-breakpoint
CREATE INDEX "order_refunds_order_idx" ON "order_refunds" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "order_refunds_provider_idx" ON "order_refunds" USING btree ("provider_refund_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_invoice_number_key" ON "orders" USING btree ("invoice_number");--> statement-breakpoint
CREATE INDEX "orders_unpaid_user_idx" ON "orders" USING btree ("user_id") WHERE "orders"."status" in ('pending', 'confirmed');--> statement-breakpoint
-- Orders paid before payments were recorded: the money they took, as one payment each, and
-- invoice numbers in the order they were paid (gap-free from 1).
UPDATE "orders" SET "payment_status" = CASE WHEN "status" = 'refunded' THEN 'refunded' ELSE 'paid' END,
  "amount_paid" = "total", "amount_refunded" = CASE WHEN "status" = 'refunded' THEN "total" ELSE 0 END
  WHERE "status" IN ('paid', 'fulfilled', 'delivered', 'refunded')
    -- Paid after its hold ran out, with the goods gone: the money came in all the same.
    OR ("status" = 'cancelled' AND "paid_at" IS NOT NULL);--> statement-breakpoint
INSERT INTO "order_payments" ("order_id", "method", "amount", "reference", "provider", "created_at")
  SELECT "id", CASE WHEN "channel" = 'pos' THEN coalesce("payment_method", 'cash') ELSE 'card' END, "total",
    CASE WHEN "channel" = 'pos' THEN '' ELSE coalesce("payment_reference", '') END,
    CASE WHEN "channel" = 'pos' THEN NULL ELSE "payment_provider" END, coalesce("paid_at", "created_at")
  FROM "orders" WHERE "payment_status" <> 'unpaid' AND "total" > 0;--> statement-breakpoint
INSERT INTO "order_refunds" ("order_id", "amount", "reason", "status", "method", "created_at", "processed_at")
  SELECT "id", "total", 'Refunded before refunds were recorded', 'processed', 'manual', "updated_at", "updated_at"
  FROM "orders" WHERE "payment_status" = 'refunded' AND "total" > 0;--> statement-breakpoint
WITH numbered AS (
  SELECT "id", row_number() OVER (ORDER BY coalesce("paid_at", "created_at"), "id") AS n
  FROM "orders" WHERE "payment_status" <> 'unpaid'
)
UPDATE "orders" SET "invoice_number" = 'INV-' || lpad(numbered.n::text, 6, '0') FROM numbered WHERE "orders"."id" = numbered."id";--> statement-breakpoint
INSERT INTO "shop_counters" ("name", "value")
  SELECT 'invoice', count(*) FROM "orders" WHERE "invoice_number" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_restocked_range" CHECK ("order_lines"."restocked_quantity" >= 0 and "order_lines"."restocked_quantity" <= "order_lines"."quantity");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_money_received" CHECK ("orders"."amount_paid" >= 0 and "orders"."amount_paid" <= "orders"."total" and "orders"."amount_refunded" >= 0 and "orders"."amount_refunded" <= "orders"."amount_paid");