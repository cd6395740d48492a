CREATE TABLE "marketing_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"user_id" uuid,
	"source" text NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"withdrawn_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "marketing_suppressions" (
	"email" text PRIMARY KEY NOT NULL,
	"suppressed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"variant_id" uuid NOT NULL,
	"email" text NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "marketing_consents" ADD CONSTRAINT "marketing_consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_consents_open_key" ON "marketing_consents" USING btree ("email") WHERE "marketing_consents"."withdrawn_at" is null;--> statement-breakpoint
CREATE INDEX "marketing_consents_user_idx" ON "marketing_consents" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_open_key" ON "stock_alerts" USING btree ("variant_id","email") WHERE "stock_alerts"."notified_at" is null and "stock_alerts"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "stock_alerts_email_open_idx" ON "stock_alerts" USING btree ("email") WHERE "stock_alerts"."notified_at" is null and "stock_alerts"."cancelled_at" is null;--> statement-breakpoint
-- Hand-written: back-in-stock alerts (issue 31). When a variant's stock goes from ≤ 0 to > 0,
-- whoever changes it (an admin's edit, an import, a cancelled or expired order giving its
-- units back, a refund's restock, a till), each open alert for it queues its one message in the
-- outbox, in the same transaction, and ends. The message's subject is the one SUBJECTS
-- ('back-in-stock') writes; the worker adds the unsubscribe link when it sends it.
CREATE OR REPLACE FUNCTION notify_stock_alerts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  label text := concat_ws(' / ', nullif(NEW."size", ''), nullif(NEW."color", ''));
BEGIN
  WITH due AS (
    UPDATE "stock_alerts" a SET "notified_at" = now()
    WHERE a."variant_id" = NEW."id" AND a."notified_at" IS NULL AND a."cancelled_at" IS NULL
    RETURNING a."id", a."email", a."created_at"
  )
  INSERT INTO "messages" ("template", "to", "subject", "props", "dedupe_key")
  SELECT 'back-in-stock', due."email",
    'Back in stock: ' || p."title" || CASE WHEN label <> '' THEN ' (' || label || ')' ELSE '' END,
    jsonb_build_object(
      'title', p."title", 'size', NEW."size", 'color', NEW."color",
      'productId', p."id", 'variantId', NEW."id", 'askedAt', due."created_at"
    ),
    'back-in-stock:' || due."id"
  FROM due JOIN "products" p ON p."id" = NEW."product_id"
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "product_variants_stock_alerts" AFTER UPDATE OF "counter" ON "product_variants"
  FOR EACH ROW WHEN (OLD."counter" <= 0 AND NEW."counter" > 0) EXECUTE FUNCTION notify_stock_alerts();
