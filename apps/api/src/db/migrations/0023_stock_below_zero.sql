-- Stock below zero (issue 29): an offline till sale may take a variant below zero (0021).
-- A product's total counts only what is on sale, each variant at least zero, so a product
-- whose only stock is below zero shows out of stock (counter <= 0) on the storefront and one
-- variant oversold does not hide another's units. refresh_products as migration 0017 made it,
-- with sum(greatest(counter, 0)); every product's total is worked out again.
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
    "stock_colors" = s.stock_colors,
    "only_variant_id" = s.only_variant_id
  FROM unnest(ids) AS pid(id)
  CROSS JOIN LATERAL (
    SELECT
      coalesce((SELECT sum(greatest(v."counter", 0)) FROM "product_variants" v WHERE v."product_id" = pid.id AND v."archived_at" IS NULL), 0)::int AS counter,
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
      ) AS stock_colors,
      (SELECT CASE WHEN count(*) = 1 THEN min(v."id"::text)::uuid END FROM "product_variants" v
        WHERE v."product_id" = pid.id AND v."archived_at" IS NULL) AS only_variant_id
  ) s
  WHERE p."id" = pid.id;
END;
$$;--> statement-breakpoint
SELECT refresh_products(ARRAY(SELECT "id" FROM "products"));
