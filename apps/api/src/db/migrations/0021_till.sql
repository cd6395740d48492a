-- The till that keeps selling offline (issue 29):
-- * tills (a device token each, hashed; a prefix T1, T2… for their receipt numbers), cash
--   drawers and their pay-ins and pay-outs, returns and exchanges at the counter (each naming
--   the order_refunds row of its money), store credit (customers.store_credit, the sum of
--   store_credit_entries);
-- * a till's sale is an orders row it made the id of (exactly once: the primary key), with its
--   till, cashier, drawer, tenders and approvals, the till's discounts apart (till_discount on
--   the order and the line), and, under hold_for_review, its review;
-- * stock may go below zero, and only through offline till sales (web checkout and online till
--   sales take conditionally): the two non-negative checks go, and a variant that goes below
--   zero is flagged (oversold_at, by trigger, whoever writes it);
-- * barcodes per variant, unique case-insensitively;
-- * what a till's catalogue update sends: every product, variant and till customer carries the
--   id of the transaction that last wrote it (xact, by trigger), and deleted ones are logged in
--   catalogue_removals. A till's version is the oldest transaction still running when it
--   last fetched (pg_snapshot_xmin): everything written by a transaction before it is
--   visible then, and anything after it is sent next time (again, harmlessly, if it was
--   already sent), so no change is missed however transactions interleave.
CREATE SEQUENCE "public"."till_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "pos_drawer_movements" (
	"id" uuid PRIMARY KEY NOT NULL,
	"drawer_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "pos_drawer_movements_amount_positive" CHECK ("pos_drawer_movements"."amount" > 0),
	CONSTRAINT "pos_drawer_movements_kind" CHECK ("pos_drawer_movements"."kind" in ('pay_in', 'pay_out'))
);
--> statement-breakpoint
CREATE TABLE "pos_drawers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"till_id" uuid NOT NULL,
	"opened_by" uuid,
	"opened_at" timestamp with time zone NOT NULL,
	"float" bigint NOT NULL,
	"closed_by" uuid,
	"closed_at" timestamp with time zone,
	"counted" bigint,
	"expected" bigint,
	"over_short" bigint,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pos_drawers_float_nonnegative" CHECK ("pos_drawers"."float" >= 0 and ("pos_drawers"."counted" is null or "pos_drawers"."counted" >= 0))
);
--> statement-breakpoint
CREATE TABLE "tills" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"prefix" text DEFAULT 'T' || nextval('till_number_seq')::text NOT NULL,
	"device_token_hash" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sync_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "catalogue_removals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "catalogue_removals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"xact" bigint DEFAULT pg_current_xact_id()::text::bigint NOT NULL,
	"kind" text NOT NULL,
	"row_id" uuid NOT NULL,
	"removed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pos_return_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"return_id" uuid NOT NULL,
	"order_line_id" uuid NOT NULL,
	"variant_id" uuid,
	"quantity" integer NOT NULL,
	"restock" boolean NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "pos_return_lines_quantity_positive" CHECK ("pos_return_lines"."quantity" > 0),
	CONSTRAINT "pos_return_lines_amount_nonnegative" CHECK ("pos_return_lines"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "pos_returns" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"till_id" uuid,
	"drawer_id" uuid,
	"refund_to" text NOT NULL,
	"amount" bigint NOT NULL,
	"exchange_order_id" uuid,
	"refund_id" uuid,
	"approval_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "pos_returns_amount_nonnegative" CHECK ("pos_returns"."amount" >= 0),
	CONSTRAINT "pos_returns_refund_to" CHECK ("pos_returns"."refund_to" in ('cash', 'original', 'store_credit'))
);
--> statement-breakpoint
CREATE TABLE "store_credit_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"order_id" uuid,
	"return_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_credit_entries_amount_nonzero" CHECK ("store_credit_entries"."amount" <> 0)
);
--> statement-breakpoint
ALTER TABLE "product_variants" DROP CONSTRAINT "product_variants_counter_nonnegative";--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_counter_nonnegative";--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "store_credit" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "xact" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "oversold_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "barcode" text;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "xact" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "xact" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "till_discount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "price_override" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "till_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cashier_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "drawer_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "offline" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pos_tenders" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pos_approvals" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "review" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "till_discount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pos_drawer_movements" ADD CONSTRAINT "pos_drawer_movements_drawer_id_pos_drawers_id_fk" FOREIGN KEY ("drawer_id") REFERENCES "public"."pos_drawers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_drawer_movements" ADD CONSTRAINT "pos_drawer_movements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_drawers" ADD CONSTRAINT "pos_drawers_till_id_tills_id_fk" FOREIGN KEY ("till_id") REFERENCES "public"."tills"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_drawers" ADD CONSTRAINT "pos_drawers_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_drawers" ADD CONSTRAINT "pos_drawers_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tills" ADD CONSTRAINT "tills_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_return_lines" ADD CONSTRAINT "pos_return_lines_return_id_pos_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."pos_returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_return_lines" ADD CONSTRAINT "pos_return_lines_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_returns" ADD CONSTRAINT "pos_returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_returns" ADD CONSTRAINT "pos_returns_till_id_tills_id_fk" FOREIGN KEY ("till_id") REFERENCES "public"."tills"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_returns" ADD CONSTRAINT "pos_returns_drawer_id_pos_drawers_id_fk" FOREIGN KEY ("drawer_id") REFERENCES "public"."pos_drawers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_returns" ADD CONSTRAINT "pos_returns_exchange_order_id_orders_id_fk" FOREIGN KEY ("exchange_order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_returns" ADD CONSTRAINT "pos_returns_refund_id_order_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."order_refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_returns" ADD CONSTRAINT "pos_returns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_entries" ADD CONSTRAINT "store_credit_entries_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_entries" ADD CONSTRAINT "store_credit_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_entries" ADD CONSTRAINT "store_credit_entries_return_id_pos_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."pos_returns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_entries" ADD CONSTRAINT "store_credit_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pos_drawer_movements_drawer_idx" ON "pos_drawer_movements" USING btree ("drawer_id","created_at");--> statement-breakpoint
CREATE INDEX "pos_drawers_till_idx" ON "pos_drawers" USING btree ("till_id","opened_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "pos_drawers_open_key" ON "pos_drawers" USING btree ("till_id") WHERE "pos_drawers"."closed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "tills_prefix_key" ON "tills" USING btree ("prefix");--> statement-breakpoint
CREATE UNIQUE INDEX "tills_device_token_key" ON "tills" USING btree ("device_token_hash");--> statement-breakpoint
CREATE INDEX "catalogue_removals_xact_idx" ON "catalogue_removals" USING btree ("xact");--> statement-breakpoint
CREATE INDEX "pos_return_lines_return_idx" ON "pos_return_lines" USING btree ("return_id");--> statement-breakpoint
CREATE INDEX "pos_return_lines_line_idx" ON "pos_return_lines" USING btree ("order_line_id");--> statement-breakpoint
CREATE INDEX "pos_returns_order_idx" ON "pos_returns" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "pos_returns_drawer_idx" ON "pos_returns" USING btree ("drawer_id");--> statement-breakpoint
CREATE INDEX "store_credit_entries_customer_idx" ON "store_credit_entries" USING btree ("customer_id","created_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_till_id_tills_id_fk" FOREIGN KEY ("till_id") REFERENCES "public"."tills"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cashier_id_users_id_fk" FOREIGN KEY ("cashier_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_drawer_id_pos_drawers_id_fk" FOREIGN KEY ("drawer_id") REFERENCES "public"."pos_drawers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customers_phone_idx" ON "customers" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "customers_xact_idx" ON "customers" USING btree ("xact");--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_barcode_key" ON "product_variants" USING btree (lower("barcode")) WHERE "product_variants"."barcode" is not null;--> statement-breakpoint
CREATE INDEX "product_variants_xact_idx" ON "product_variants" USING btree ("xact");--> statement-breakpoint
CREATE INDEX "products_xact_idx" ON "products" USING btree ("xact");--> statement-breakpoint
CREATE INDEX "orders_till_idx" ON "orders" USING btree ("till_id","created_at" DESC NULLS LAST) WHERE "orders"."till_id" is not null;--> statement-breakpoint
CREATE INDEX "orders_drawer_idx" ON "orders" USING btree ("drawer_id") WHERE "orders"."drawer_id" is not null;--> statement-breakpoint
CREATE INDEX "orders_review_idx" ON "orders" USING btree ("review") WHERE "orders"."review" is not null;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_store_credit_nonnegative" CHECK ("customers"."store_credit" >= 0);--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_till_discount_nonnegative" CHECK ("order_lines"."till_discount" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_till_discount_nonnegative" CHECK ("orders"."till_discount" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_review" CHECK ("orders"."review" is null or "orders"."review" in ('held', 'accepted', 'voided'));--> statement-breakpoint
CREATE FUNCTION stamp_xact() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.xact := pg_current_xact_id()::text::bigint;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "products_stamp_xact" BEFORE INSERT OR UPDATE ON "products" FOR EACH ROW EXECUTE FUNCTION stamp_xact();--> statement-breakpoint
CREATE TRIGGER "product_variants_stamp_xact" BEFORE INSERT OR UPDATE ON "product_variants" FOR EACH ROW EXECUTE FUNCTION stamp_xact();--> statement-breakpoint
CREATE TRIGGER "customers_stamp_xact" BEFORE INSERT OR UPDATE ON "customers" FOR EACH ROW EXECUTE FUNCTION stamp_xact();--> statement-breakpoint
CREATE FUNCTION log_catalogue_removal() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "catalogue_removals" ("kind", "row_id") VALUES (TG_ARGV[0], OLD."id");
  RETURN OLD;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "products_log_removal" AFTER DELETE ON "products" FOR EACH ROW EXECUTE FUNCTION log_catalogue_removal('product');--> statement-breakpoint
CREATE TRIGGER "product_variants_log_removal" AFTER DELETE ON "product_variants" FOR EACH ROW EXECUTE FUNCTION log_catalogue_removal('variant');--> statement-breakpoint
CREATE TRIGGER "customers_log_removal" AFTER DELETE ON "customers" FOR EACH ROW EXECUTE FUNCTION log_catalogue_removal('customer');--> statement-breakpoint
CREATE FUNCTION flag_oversold() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."counter" < 0 AND OLD."counter" >= 0 THEN
    NEW."oversold_at" := now();
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "product_variants_flag_oversold" BEFORE UPDATE OF "counter" ON "product_variants" FOR EACH ROW EXECUTE FUNCTION flag_oversold();
