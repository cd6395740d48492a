CREATE TABLE "row_counts" (
	"name" text PRIMARY KEY NOT NULL,
	"rows" bigint NOT NULL
);
--> statement-breakpoint
-- The products' count, kept by statement triggers (a bulk insert is one update, not one per
-- row). They fire after products_bump_catalog (triggers fire in name order), so every writer
-- takes the cache version's row lock first, then this one: always in the same order.
-- Writers wait until the migration commits, so none is missed between the count and the triggers.
LOCK TABLE "products" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
INSERT INTO "row_counts" ("name", "rows") SELECT 'products', count(*) FROM "products";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION count_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "row_counts" SET "rows" = "rows" + (SELECT count(*) FROM new_rows) WHERE "name" = TG_TABLE_NAME;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "row_counts" SET "rows" = "rows" - (SELECT count(*) FROM old_rows) WHERE "name" = TG_TABLE_NAME;
  ELSE
    UPDATE "row_counts" SET "rows" = 0 WHERE "name" = TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "products_count_insert" AFTER INSERT ON "products" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_rows();--> statement-breakpoint
CREATE TRIGGER "products_count_delete" AFTER DELETE ON "products" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_rows();--> statement-breakpoint
CREATE TRIGGER "products_count_truncate" AFTER TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION count_rows();
