-- A UPC-A and its EAN-13 are one barcode (issue 29): a scanner or the camera's decoder reads
-- the same label as the 12 digits or as 13 with a leading 0, so the two spellings are one
-- key of the unique index (barcodeKeySql in schema/catalog.ts; @shop/shared's barcodeKey).
-- A barcode is still kept as it was typed.
DROP INDEX "product_variants_barcode_key";--> statement-breakpoint
-- Written by hand: two variants saved before this with the two spellings of one code would
-- stop the index being made. The one saved later gives its barcode up (it is labelled by its
-- SKU's Code 128 again) and the variants editor shows that, rather than the upgrade failing.
UPDATE "product_variants" v SET "barcode" = NULL
WHERE v."barcode" ~ '^[0-9]{12}$'
  AND EXISTS (SELECT 1 FROM "product_variants" o WHERE o."barcode" = '0' || v."barcode" AND o."created_at" <= v."created_at")
   OR v."barcode" ~ '^0[0-9]{12}$'
  AND EXISTS (SELECT 1 FROM "product_variants" o WHERE o."barcode" = substr(v."barcode", 2) AND o."created_at" < v."created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_barcode_key" ON "product_variants" USING btree ((case when "barcode" ~ '^[0-9]{12}$' then '0' || "barcode" else lower("barcode") end)) WHERE "product_variants"."barcode" is not null;
