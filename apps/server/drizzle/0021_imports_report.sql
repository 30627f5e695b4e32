ALTER TABLE "import_rows" ADD COLUMN "via" text;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "added_entry" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "added_review" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "imported" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reader_privacy" ADD COLUMN "reviews_private" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Reviews an import wrote and the reader never rewrote (an import writes created_at = updated_at).
UPDATE "reviews" r SET "imported" = true
FROM "import_rows" ir JOIN "imports" i ON i."id" = ir."import_id"
WHERE i."user_id" = r."user_id" AND ir."book_id" = r."book_id" AND r."created_at" = r."updated_at";
--> statement-breakpoint
-- Rows of earlier imports: a created book is known; how a match was found was not kept.
UPDATE "import_rows" SET "via" = 'created' WHERE "outcome" = 'created';
