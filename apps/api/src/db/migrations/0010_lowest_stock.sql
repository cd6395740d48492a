-- Low stock means one thing everywhere (decision 8): a product not paused with a variant on
-- sale that has 1 to the threshold units left. The fewest units among its variants that have
-- any is kept on the product ("lowest_stock"), like its other derived fields, so the admins'
-- filter, the product table's badge and the product's answer read the same number.
ALTER TABLE "products" ADD COLUMN "lowest_stock" integer;--> statement-breakpoint
-- refresh_products as migration 0006 made it, plus "lowest_stock": the fewest units of a
-- variant on sale that has any (null when none has stock). The same triggers call it.
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
    "lowest_stock" = s.lowest_stock
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
        WHERE v."product_id" = pid.id AND v."archived_at" IS NULL AND v."counter" > 0) AS lowest_stock
  ) s
  WHERE p."id" = pid.id;
END;
$$;
--> statement-breakpoint
SELECT refresh_products(ARRAY(SELECT "id" FROM "products"));
