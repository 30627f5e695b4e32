ALTER TABLE "import_rows" ADD COLUMN "via" text;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "added_entry" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "added_review" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Rows of earlier imports: a created book is known; how a match was found was not kept.
UPDATE "import_rows" SET "via" = 'created' WHERE "outcome" = 'created';
