-- Variants: stock, price and SKU per size and colour (decision 8). Every product gets its
-- variants here, without losing a unit of stock; the product's counter, sizes and colours
-- become derived from them by trigger.
CREATE SEQUENCE "public"."product_sku_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "product_variants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"sku" text NOT NULL,
	"size" text DEFAULT '' NOT NULL,
	"color" text DEFAULT '' NOT NULL,
	"price" bigint,
	"discount" bigint,
	"counter" integer DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_variants_counter_nonnegative" CHECK ("product_variants"."counter" >= 0),
	CONSTRAINT "product_variants_price_nonnegative" CHECK ("product_variants"."price" >= 0 and "product_variants"."discount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "colors" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "min_sale_price" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "max_sale_price" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "size_scale" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "paused" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- "Out of Stock" with units on the shelf was an admin's pause; with none, it was sold out.
UPDATE "products" SET "paused" = true WHERE "availability" = 'Out of Stock' AND "counter" > 0;--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "availability";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "availability" text GENERATED ALWAYS AS (case when paused or counter <= 0 then 'Out of Stock' else 'In Stock' end) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "variant_id" uuid;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "sku" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- One variant per size the product listed (none: one without a size), in its colour. How the
-- stock was spread over the sizes was never recorded, so the whole counter goes to the first
-- size; the others start at 0 until the shop counts them.
WITH numbered AS (
  SELECT "id", "color", "counter", "sizes", row_number() OVER (ORDER BY "created_at", "id") AS n
  FROM "products"
), options AS (
  SELECT p."id", p."color", p."counter", p.n, s.size, s.ord
  FROM numbered p
  CROSS JOIN LATERAL unnest(CASE WHEN cardinality(p."sizes") = 0 THEN ARRAY['']::text[] ELSE p."sizes" END)
    WITH ORDINALITY AS s(size, ord)
)
INSERT INTO "product_variants" ("product_id", "sku", "size", "color", "counter", "position")
SELECT
  o."id",
  'AD-' || lpad(o.n::text, 6, '0')
    || CASE o.size
         WHEN '' THEN ''
         WHEN 'small' THEN '-S' WHEN 'medium' THEN '-M' WHEN 'large' THEN '-L'
         WHEN 'extra-large' THEN '-XL' WHEN 'one size' THEN '-OS'
         ELSE '-' || upper(regexp_replace(o.size, '[^A-Za-z0-9]', '', 'g'))
       END
    || CASE WHEN regexp_replace(o."color", '[^A-Za-z0-9]', '', 'g') = '' THEN ''
            ELSE '-' || upper(left(regexp_replace(o."color", '[^A-Za-z0-9]', '', 'g'), 12)) END,
  o.size,
  o."color",
  CASE WHEN o.ord = 1 THEN o."counter" ELSE 0 END,
  (o.ord - 1)::int
FROM options o;
--> statement-breakpoint
SELECT setval('product_sku_seq', greatest((SELECT count(*) FROM "products"), 1));--> statement-breakpoint
-- Each past order line points at the variant it sold: same size and colour, else the product's first.
UPDATE "order_lines" l SET
  "variant_id" = v."id",
  "sku" = v."sku"
FROM "product_variants" v
WHERE v."product_id" = l."product_id"
  AND v."id" = coalesce(
    (SELECT m."id" FROM "product_variants" m
      WHERE m."product_id" = l."product_id" AND lower(m."size") = lower(l."size") AND lower(m."color") = lower(l."color")
      LIMIT 1),
    (SELECT f."id" FROM "product_variants" f WHERE f."product_id" = l."product_id" ORDER BY f."position" LIMIT 1)
  );
--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_sku_key" ON "product_variants" USING btree (upper("sku"));--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_option_key" ON "product_variants" USING btree ("product_id",lower("size"),lower("color")) WHERE "product_variants"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "product_variants_product_idx" ON "product_variants" USING btree ("product_id","position");--> statement-breakpoint
CREATE INDEX "product_variants_in_stock_idx" ON "product_variants" USING btree ("product_id","size","color") WHERE "product_variants"."counter" > 0 and "product_variants"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "order_lines_variant_idx" ON "order_lines" USING btree ("variant_id");--> statement-breakpoint
-- The product's derived fields, from its variants that are not archived: units in stock; the
-- sizes and colours on sale, in the variants' order; the first colour in stock (else the first);
-- the lowest and highest sale price. The product rows are locked before the variants are
-- read, so a concurrent change to another variant of the same product, committed while we
-- waited, is counted (read committed: each statement sees what is committed when it starts).
CREATE OR REPLACE FUNCTION refresh_products(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM "products" WHERE "id" = ANY(ids) ORDER BY "id" FOR UPDATE;
  UPDATE "products" p SET
    "counter" = s.counter,
    "sizes" = s.sizes,
    "colors" = s.colors,
    "color" = coalesce(s.on_sale_color, s.first_color, p."color"),
    "min_sale_price" = coalesce(s.min_price, greatest(p."price" - p."discount", 0)),
    "max_sale_price" = coalesce(s.max_price, greatest(p."price" - p."discount", 0))
  FROM unnest(ids) AS pid(id)
  CROSS JOIN LATERAL (
    SELECT
      coalesce((SELECT sum(v."counter") FROM "product_variants" v WHERE v."product_id" = pid.id AND v."archived_at" IS NULL), 0)::int AS counter,
      ARRAY(
        SELECT v."size" FROM "product_variants" v
        WHERE v."product_id" = pid.id AND v."archived_at" IS NULL AND v."size" <> ''
        GROUP BY v."size" ORDER BY min(v."position"), v."size"
      ) AS sizes,
      ARRAY(
        SELECT v."color" FROM "product_variants" v
        WHERE v."product_id" = pid.id AND v."archived_at" IS NULL AND v."color" <> ''
        GROUP BY v."color" ORDER BY min(v."position"), v."color"
      ) AS colors,
      (SELECT v."color" FROM "product_variants" v
        WHERE v."product_id" = pid.id AND v."archived_at" IS NULL AND v."counter" > 0 AND v."color" <> ''
        ORDER BY v."position" LIMIT 1) AS on_sale_color,
      (SELECT v."color" FROM "product_variants" v
        WHERE v."product_id" = pid.id AND v."archived_at" IS NULL AND v."color" <> ''
        ORDER BY v."position" LIMIT 1) AS first_color,
      (SELECT min(greatest(coalesce(v."price", pp."price") - coalesce(v."discount", pp."discount"), 0))
        FROM "product_variants" v JOIN "products" pp ON pp."id" = v."product_id"
        WHERE v."product_id" = pid.id AND v."archived_at" IS NULL) AS min_price,
      (SELECT max(greatest(coalesce(v."price", pp."price") - coalesce(v."discount", pp."discount"), 0))
        FROM "product_variants" v JOIN "products" pp ON pp."id" = v."product_id"
        WHERE v."product_id" = pid.id AND v."archived_at" IS NULL) AS max_price
  ) s
  WHERE p."id" = pid.id;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_variants_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM refresh_products(ARRAY(SELECT DISTINCT "product_id" FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM refresh_products(ARRAY(SELECT "product_id" FROM new_rows UNION SELECT "product_id" FROM old_rows));
  ELSE
    PERFORM refresh_products(ARRAY(SELECT DISTINCT "product_id" FROM old_rows));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "product_variants_refresh_insert" AFTER INSERT ON "product_variants" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_variants_refresh();--> statement-breakpoint
CREATE TRIGGER "product_variants_refresh_update" AFTER UPDATE ON "product_variants" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_variants_refresh();--> statement-breakpoint
CREATE TRIGGER "product_variants_refresh_delete" AFTER DELETE ON "product_variants" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_variants_refresh();--> statement-breakpoint
-- A new product price or discount moves the sale prices of the variants that follow it.
CREATE OR REPLACE FUNCTION products_price_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_products(ARRAY[NEW."id"]);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "products_price_refresh" AFTER UPDATE OF "price", "discount" ON "products" FOR EACH ROW
  WHEN (OLD."price" IS DISTINCT FROM NEW."price" OR OLD."discount" IS DISTINCT FROM NEW."discount")
  EXECUTE FUNCTION products_price_refresh();--> statement-breakpoint
CREATE TRIGGER "product_variants_bump_catalog" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_variants" FOR EACH STATEMENT EXECUTE FUNCTION bump_cache_version('catalog');--> statement-breakpoint
SELECT refresh_products(ARRAY(SELECT "id" FROM "products"));
