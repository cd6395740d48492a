-- The suggestions' word-prefix search (issue 14): the products' words as a full-text vector
-- ('simple': as written, no stemming), whose GIN posting lists are per word, far shorter than
-- the trigram index's per three letters for long or common text.
ALTER TABLE "products" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, lower(title || ' ' || heading || ' ' || brand_name))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "products_search_vector_idx" ON "products" USING gin ("search_vector");