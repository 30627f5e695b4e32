CREATE TABLE "book_activity" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"book_id" text NOT NULL,
	"user_id" uuid,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "book_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"book_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "books" (
	"id" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"title" text NOT NULL,
	"alt_titles" text[] DEFAULT '{}'::text[] NOT NULL,
	"series" text,
	"series_number" text,
	"authors" text[] DEFAULT '{}'::text[] NOT NULL,
	"primary_author" text,
	"authors_latin" text,
	"genres" text[] DEFAULT '{}'::text[] NOT NULL,
	"publisher" text,
	"publication_date" text,
	"publication_year" integer,
	"page_count" integer,
	"language" text DEFAULT 'en' NOT NULL,
	"rating" real,
	"ratings_count" integer DEFAULT 0 NOT NULL,
	"ratings_histogram" integer[],
	"want_to_read_count" integer DEFAULT 0 NOT NULL,
	"description" text,
	"cover_url" text,
	"thumbnail_url" text,
	"isbn10" text,
	"isbn13" text,
	"goodreads_id" text,
	"source_url" text,
	"preview_link" text,
	"viewability" text DEFAULT 'NO_PAGES' NOT NULL,
	"file_path" text,
	"cover_path" text,
	"status" text DEFAULT 'active' NOT NULL,
	"edited_fields" text[] DEFAULT '{}'::text[] NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (nebab_book_search_vector(title, series, alt_titles, authors, authors_latin, description)) STORED,
	"search_text" text GENERATED ALWAYS AS (nebab_book_search_text(title, alt_titles, authors, authors_latin)) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "book_activity" ADD CONSTRAINT "book_activity_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_activity" ADD CONSTRAINT "book_activity_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_reports" ADD CONSTRAINT "book_reports_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_reports" ADD CONSTRAINT "book_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "book_activity_created_at_idx" ON "book_activity" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "book_activity_book_created_idx" ON "book_activity" USING btree ("book_id","created_at");--> statement-breakpoint
CREATE INDEX "book_reports_status_idx" ON "book_reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "books_search_vector_idx" ON "books" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "books_search_text_trgm_idx" ON "books" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "books_title_prefix_idx" ON "books" USING btree (lower("title") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "books_genres_idx" ON "books" USING gin ("genres");--> statement-breakpoint
CREATE INDEX "books_publication_year_idx" ON "books" USING btree ("publication_year");--> statement-breakpoint
CREATE INDEX "books_rating_idx" ON "books" USING btree ("rating");--> statement-breakpoint
CREATE INDEX "books_ratings_count_idx" ON "books" USING btree ("ratings_count");--> statement-breakpoint
CREATE INDEX "books_primary_author_idx" ON "books" USING btree ("primary_author");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscriptions_email_unique" ON "newsletter_subscriptions" USING btree ("email");