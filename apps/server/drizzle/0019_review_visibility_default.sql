ALTER TABLE "reviews" ADD COLUMN "imported" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reader_privacy" ADD COLUMN "reviews_private" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Reviews an import wrote and the reader never rewrote (an import writes created_at = updated_at).
UPDATE "reviews" r SET "imported" = true
FROM "import_rows" ir JOIN "imports" i ON i."id" = ir."import_id"
WHERE i."user_id" = r."user_id" AND ir."book_id" = r."book_id" AND r."created_at" = r."updated_at";
