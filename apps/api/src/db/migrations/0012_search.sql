-- Finding products (issue 14). Two derived things, both kept by trigger like the products'
-- other derived fields:
-- * "stock_sizes" and "stock_colors" (lower-cased): the sizes and colours of the variants on
--   sale that have stock, so the listing's facets count them from the products alone;
-- * "search_words": the words of the titles and brand names, which a search that finds
--   nothing as typed is corrected towards by trigram similarity.
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "stock_sizes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "stock_colors" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint-- refresh_products as migration 0010 made it, plus "stock_sizes" and "stock_colors" (the
-- sizes and lower-cased colours of the variants on sale with stock, each once, in order). The
-- same triggers call it.
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
    "max_sale_price" = coalesce(s.max_price, greatest(p."price" - p."discount", 0)),
    "lowest_stock" = s.lowest_stock,
    "stock_sizes" = s.stock_sizes,
    "stock_colors" = s.stock_colors
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
        WHERE v."product_id" = pid.id AND v."archived_at" IS NULL) AS max_price,
      (SELECT min(v."counter") FROM "product_variants" v
        WHERE v."product_id" = pid.id AND v."archived_at" IS NULL AND v."counter" > 0) AS lowest_stock,
      ARRAY(
        SELECT v."size" FROM "product_variants" v
        WHERE v."product_id" = pid.id AND v."archived_at" IS NULL AND v."counter" > 0 AND v."size" <> ''
        GROUP BY v."size" ORDER BY min(v."position"), v."size"
      ) AS stock_sizes,
      ARRAY(
        SELECT lower(v."color") FROM "product_variants" v
        WHERE v."product_id" = pid.id AND v."archived_at" IS NULL AND v."counter" > 0 AND v."color" <> ''
        GROUP BY lower(v."color") ORDER BY min(v."position"), lower(v."color")
      ) AS stock_colors
  ) s
  WHERE p."id" = pid.id;
END;
$$;
--> statement-breakpoint
-- The existing products, in one statement (refresh_products per product is slow at 100,000).
UPDATE "products" p SET
  "stock_sizes" = coalesce(s.sizes, '{}'),
  "stock_colors" = coalesce(s.colors, '{}')
FROM (
  SELECT v."product_id",
    array_agg(DISTINCT v."size") FILTER (WHERE v."size" <> '') AS sizes,
    array_agg(DISTINCT lower(v."color")) FILTER (WHERE v."color" <> '') AS colors
  FROM "product_variants" v
  WHERE v."archived_at" IS NULL AND v."counter" > 0
  GROUP BY v."product_id"
) s
WHERE p."id" = s."product_id";
--> statement-breakpoint
-- A product's words: its title's and its brand name's, lower-cased, split at anything that is
-- not a letter or a digit ("aso-oke" gives "aso" and "oke"), 3 letters or more.
CREATE OR REPLACE FUNCTION product_search_words(title text, brand_name text) RETURNS SETOF text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT w FROM regexp_split_to_table(lower(title || ' ' || brand_name), '[^[:alnum:]]+') AS w WHERE length(w) >= 3
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_add_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    INSERT INTO "search_words" ("word")
    SELECT DISTINCT w FROM new_rows n CROSS JOIN LATERAL product_search_words(n."title", n."brand_name") AS w
    ON CONFLICT DO NOTHING;
  ELSE
    INSERT INTO "search_words" ("word")
    SELECT DISTINCT w FROM product_search_words(NEW."title", NEW."brand_name") AS w
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- New products in bulk (the seed, the catalogue import) by statement; a changed title or brand
-- name by row, only when it changed (stock moves update products all the time).
CREATE TRIGGER "products_search_words_insert" AFTER INSERT ON "products" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION products_add_search_words();--> statement-breakpoint
CREATE TRIGGER "products_search_words_update" AFTER UPDATE OF "title", "brand_name" ON "products" FOR EACH ROW
  WHEN (OLD."title" IS DISTINCT FROM NEW."title" OR OLD."brand_name" IS DISTINCT FROM NEW."brand_name")
  EXECUTE FUNCTION products_add_search_words();--> statement-breakpoint
INSERT INTO "search_words" ("word")
SELECT DISTINCT w FROM "products" p CROSS JOIN LATERAL product_search_words(p."title", p."brand_name") AS w
ON CONFLICT DO NOTHING;
