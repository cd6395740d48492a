CREATE TABLE "search_changes" (
	"version" bigint NOT NULL,
	"product_id" uuid
);
--> statement-breakpoint
CREATE INDEX "search_changes_version_idx" ON "search_changes" USING btree ("version");--> statement-breakpoint
-- The products each `search` version changed, so a process holding a search's matches checks
-- only those to bring them up to date (catalog/search-matches.ts; issue 15). These statement
-- triggers replace products_bump_search (migration 0015): they compare the rows before and
-- after (transition tables cannot go with a column list), bump 'search' only when the search
-- text, title, sale price or creation time of some product changed, and log those products
-- under the version they made, in the writing transaction. Writers queue on the version's
-- row lock, so versions commit in order and a reader that sees version N sees every row
-- logged up to N. Every version logs at least one row (a truncate logs none: "everything"),
-- so a missing version means it was pruned: the last 1,000 are kept.
-- Named after products_bump_catalog and before products_count_*: triggers fire in name
-- order, so writers still take the catalogue's, the search's and the count's locks in that order.
DROP TRIGGER IF EXISTS "products_bump_search" ON "products";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION log_search_changes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed uuid[];
  made bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(id) INTO changed FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(id) INTO changed FROM old_rows;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(DISTINCT id) INTO changed FROM (
      (SELECT id, search_text, title, sale_price, created_at FROM new_rows
        EXCEPT SELECT id, search_text, title, sale_price, created_at FROM old_rows)
      UNION ALL
      (SELECT id, search_text, title, sale_price, created_at FROM old_rows
        EXCEPT SELECT id, search_text, title, sale_price, created_at FROM new_rows)
    ) moved;
  END IF;
  IF TG_OP <> 'TRUNCATE' AND changed IS NULL THEN
    RETURN NULL;
  END IF;
  UPDATE "cache_versions" SET "version" = "version" + 1 WHERE "scope" = 'search' RETURNING "version" INTO made;
  IF TG_OP = 'TRUNCATE' THEN
    INSERT INTO "search_changes" ("version", "product_id") VALUES (made, NULL);
  ELSE
    INSERT INTO "search_changes" ("version", "product_id") SELECT made, unnest(changed);
  END IF;
  DELETE FROM "search_changes" WHERE "version" <= made - 1000;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "products_bump_search_insert" AFTER INSERT ON "products" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION log_search_changes();
--> statement-breakpoint
CREATE TRIGGER "products_bump_search_update" AFTER UPDATE ON "products" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION log_search_changes();
--> statement-breakpoint
CREATE TRIGGER "products_bump_search_delete" AFTER DELETE ON "products" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION log_search_changes();
--> statement-breakpoint
CREATE TRIGGER "products_bump_search_truncate" AFTER TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION log_search_changes();
