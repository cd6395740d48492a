CREATE TABLE "abandoned_checkouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"source" text NOT NULL,
	"expired_order_id" uuid,
	"cart_key" text NOT NULL,
	"lines" jsonb NOT NULL,
	"value" bigint NOT NULL,
	"token" text NOT NULL,
	"reminders_sent" integer DEFAULT 0 NOT NULL,
	"last_reminder_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"paid_order_id" uuid,
	"recovered_revenue" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "abandoned_checkouts" ADD CONSTRAINT "abandoned_checkouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abandoned_checkouts" ADD CONSTRAINT "abandoned_checkouts_expired_order_id_orders_id_fk" FOREIGN KEY ("expired_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abandoned_checkouts" ADD CONSTRAINT "abandoned_checkouts_paid_order_id_orders_id_fk" FOREIGN KEY ("paid_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "abandoned_checkouts_token_key" ON "abandoned_checkouts" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "abandoned_checkouts_open_cart_key" ON "abandoned_checkouts" USING btree ("user_id","cart_key") WHERE "abandoned_checkouts"."ended_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "abandoned_checkouts_expired_order_key" ON "abandoned_checkouts" USING btree ("expired_order_id");--> statement-breakpoint
CREATE INDEX "abandoned_checkouts_open_idx" ON "abandoned_checkouts" USING btree ("created_at") WHERE "abandoned_checkouts"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "abandoned_checkouts_created_idx" ON "abandoned_checkouts" USING btree ("created_at" DESC NULLS LAST);