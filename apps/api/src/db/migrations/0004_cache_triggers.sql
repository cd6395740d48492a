-- Bump a cache scope's version on every write to the tables it covers (see schema/cache.ts).
INSERT INTO "cache_versions" ("scope", "version") VALUES ('catalog', 1), ('content', 1) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_cache_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "cache_versions" SET "version" = "version" + 1 WHERE "scope" = TG_ARGV[0];
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "products_bump_catalog" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION bump_cache_version('catalog');
--> statement-breakpoint
CREATE TRIGGER "categories_bump_catalog" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "categories" FOR EACH STATEMENT EXECUTE FUNCTION bump_cache_version('catalog');
--> statement-breakpoint
CREATE TRIGGER "subs_bump_catalog" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "subs" FOR EACH STATEMENT EXECUTE FUNCTION bump_cache_version('catalog');
--> statement-breakpoint
CREATE TRIGGER "subsubs_bump_catalog" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "subsubs" FOR EACH STATEMENT EXECUTE FUNCTION bump_cache_version('catalog');
--> statement-breakpoint
CREATE TRIGGER "brands_bump_catalog" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "brands" FOR EACH STATEMENT EXECUTE FUNCTION bump_cache_version('catalog');
--> statement-breakpoint
CREATE TRIGGER "banners_bump_content" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "banners" FOR EACH STATEMENT EXECUTE FUNCTION bump_cache_version('content');
--> statement-breakpoint
CREATE TRIGGER "posts_bump_content" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "posts" FOR EACH STATEMENT EXECUTE FUNCTION bump_cache_version('content');
--> statement-breakpoint
CREATE TRIGGER "app_meta_bump_content" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "app_meta" FOR EACH STATEMENT EXECUTE FUNCTION bump_cache_version('content');
