-- The catalogue's `search` version: bumped only by the writes that can change what a title
-- search matches or the order it lists them in (new, deleted or renamed products, a heading
-- or brand name edited, a price or discount changed), not by sales and stock counts. A search
-- keeps its matches until it changes (catalog/search-matches.ts; issue 15). Every such write
-- also bumps 'catalog' first (products_bump_catalog sorts before products_bump_search, and
-- triggers fire in name order), so writers take the two rows' locks in one order.
INSERT INTO "cache_versions" ("scope", "version") VALUES ('search', 1) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE TRIGGER "products_bump_search"
  AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "title", "heading", "brand_name", "price", "discount", "created_at" ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_cache_version('search');
