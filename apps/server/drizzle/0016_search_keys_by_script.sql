DROP INDEX "books_search_keys_idx";--> statement-breakpoint
CREATE INDEX "books_search_keys_geez_idx" ON "books" USING gin ("search_keys") WITH (fastupdate=false) WHERE "books"."geez";--> statement-breakpoint
CREATE INDEX "books_search_keys_latin_idx" ON "books" USING gin ("search_keys") WITH (fastupdate=false) WHERE NOT "books"."geez";