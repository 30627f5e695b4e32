CREATE TABLE "reading_list_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"book_id" text NOT NULL,
	"status" text NOT NULL,
	"is_favorite" boolean DEFAULT false NOT NULL,
	"current_page" integer,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reading_list_entries_user_book_unique" UNIQUE("user_id","book_id"),
	CONSTRAINT "reading_list_entries_status_check" CHECK ("reading_list_entries"."status" IN ('wantToRead', 'currentlyReading', 'completed')),
	CONSTRAINT "reading_list_entries_favorite_check" CHECK (NOT "reading_list_entries"."is_favorite" OR "reading_list_entries"."status" <> 'wantToRead'),
	CONSTRAINT "reading_list_entries_current_page_check" CHECK ("reading_list_entries"."current_page" IS NULL OR "reading_list_entries"."current_page" >= 0)
);
--> statement-breakpoint
ALTER TABLE "reading_list_entries" ADD CONSTRAINT "reading_list_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_list_entries" ADD CONSTRAINT "reading_list_entries_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reading_list_entries_user_updated_idx" ON "reading_list_entries" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "reading_list_entries_book_idx" ON "reading_list_entries" USING btree ("book_id");