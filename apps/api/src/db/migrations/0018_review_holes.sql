-- Holes a review found (issue 26):
-- * "product_variants"."stock_version": bumped by trigger on every change of "counter",
--   whoever writes it (orders, refunds, the point of sale, the editor, an import), so a
--   catalogue file or an editor that read the stock at an older version cannot overwrite it;
-- * "orders"."shop_confirmed_at": a pay-on-delivery order the shop has confirmed with the
--   shopper; until then it expires like a pending one ("expires_at"). Pay-on-delivery orders
--   made before this migration count as confirmed (they were accepted under the old rule);
-- * "orders"."contact_email": the address typed at checkout when it is not the account's;
-- * "order_refunds"."note": e.g. "Paystack did not answer" on a refund left pending;
-- * "order_lines"."restocked_quantity" now counts every unit that went back on sale, the
--   units of a cancelled or failed order included (orders/held.ts), so a refund never puts
--   back units an order let go of; cancelled and failed orders are brought in line;
-- * indexes for the sweeper, for a bank reference on another order, and for coupon uses
--   per account.
ALTER TABLE "product_variants" ADD COLUMN "stock_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "contact_email" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shop_confirmed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "order_payments_reference_idx" ON "order_payments" USING btree ("reference") WHERE "order_payments"."reference" <> '';--> statement-breakpoint
CREATE INDEX "orders_unconfirmed_expiry_idx" ON "orders" USING btree ("expires_at") WHERE "orders"."status" = 'confirmed' and "orders"."expires_at" is not null;--> statement-breakpoint
CREATE INDEX "coupon_redemptions_user_idx" ON "coupon_redemptions" USING btree ("coupon_id","user_id");--> statement-breakpoint
UPDATE "orders" SET "shop_confirmed_at" = "created_at" WHERE "payment_method" = 'pod';--> statement-breakpoint
UPDATE "order_lines" SET "restocked_quantity" = "quantity"
  WHERE "order_id" IN (SELECT "id" FROM "orders" WHERE "status" IN ('cancelled', 'failed'));--> statement-breakpoint
CREATE FUNCTION bump_stock_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."stock_version" := OLD."stock_version" + 1;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "product_variants_stock_version" BEFORE UPDATE OF "counter" ON "product_variants" FOR EACH ROW
  WHEN (NEW."counter" IS DISTINCT FROM OLD."counter") EXECUTE FUNCTION bump_stock_version();