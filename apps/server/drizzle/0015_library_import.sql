CREATE TABLE "import_rows" (
	"import_id" uuid NOT NULL,
	"row" integer NOT NULL,
	"data" jsonb NOT NULL,
	"outcome" text DEFAULT 'pending' NOT NULL,
	"book_id" text,
	"message" text,
	"params" jsonb,
	CONSTRAINT "import_rows_pk" PRIMARY KEY("import_id","row"),
	CONSTRAINT "import_rows_outcome_check" CHECK ("import_rows"."outcome" IN ('pending', 'matched', 'created', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"source" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"file_name" text,
	"public_reviews" boolean DEFAULT false NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"matched" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "imports_source_check" CHECK ("imports"."source" IN ('goodreads', 'storygraph')),
	CONSTRAINT "imports_status_check" CHECK ("imports"."status" IN ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "reviews" DROP CONSTRAINT "reviews_comment_check";--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "goodreads_best_id" text;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "added_by" uuid;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reading_list_entries" ADD COLUMN "owned_copies" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reading_list_entries" ADD COLUMN "undated_reads" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "import_rows" ADD CONSTRAINT "import_rows_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_rows" ADD CONSTRAINT "import_rows_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_rows_pending_idx" ON "import_rows" USING btree ("import_id","row") WHERE "import_rows"."outcome" = 'pending';--> statement-breakpoint
CREATE INDEX "imports_user_created_idx" ON "imports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "imports_unfinished_idx" ON "imports" USING btree ("created_at") WHERE "imports"."status" IN ('queued', 'running');--> statement-breakpoint
ALTER TABLE "books" ADD CONSTRAINT "books_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "books_goodreads_id_idx" ON "books" USING btree ("goodreads_id");--> statement-breakpoint
CREATE INDEX "books_goodreads_best_id_idx" ON "books" USING btree ("goodreads_best_id");--> statement-breakpoint
CREATE INDEX "books_reader_added_idx" ON "books" USING btree ("created_at") WHERE "books"."source" = 'reader';--> statement-breakpoint
ALTER TABLE "reading_list_entries" ADD CONSTRAINT "reading_list_entries_owned_copies_check" CHECK ("reading_list_entries"."owned_copies" BETWEEN 0 AND 1000);--> statement-breakpoint
ALTER TABLE "reading_list_entries" ADD CONSTRAINT "reading_list_entries_undated_reads_check" CHECK ("reading_list_entries"."undated_reads" BETWEEN 0 AND 1000);--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_comment_check" CHECK (char_length("reviews"."comment") <= 5000);