CREATE TABLE "reading_list_reads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entry_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"outcome" text,
	"stopped_page" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reading_list_reads_outcome_check" CHECK ("reading_list_reads"."outcome" IS NULL OR "reading_list_reads"."outcome" IN ('completed', 'didNotFinish')),
	CONSTRAINT "reading_list_reads_finished_check" CHECK (("reading_list_reads"."outcome" IS NULL) = ("reading_list_reads"."finished_at" IS NULL)),
	CONSTRAINT "reading_list_reads_dates_check" CHECK ("reading_list_reads"."started_at" IS NULL OR "reading_list_reads"."finished_at" IS NULL OR "reading_list_reads"."finished_at" >= "reading_list_reads"."started_at"),
	CONSTRAINT "reading_list_reads_stopped_page_check" CHECK ("reading_list_reads"."stopped_page" IS NULL OR "reading_list_reads"."stopped_page" >= 0)
);
--> statement-breakpoint
CREATE TABLE "reading_progress" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"read_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"page" integer,
	"percent" real,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reading_progress_one_measure_check" CHECK (("reading_progress"."page" IS NULL) <> ("reading_progress"."percent" IS NULL)),
	CONSTRAINT "reading_progress_page_check" CHECK ("reading_progress"."page" IS NULL OR "reading_progress"."page" >= 0),
	CONSTRAINT "reading_progress_percent_check" CHECK ("reading_progress"."percent" IS NULL OR "reading_progress"."percent" BETWEEN 0 AND 100),
	CONSTRAINT "reading_progress_note_check" CHECK ("reading_progress"."note" IS NULL OR char_length("reading_progress"."note") <= 280)
);
--> statement-breakpoint
CREATE TABLE "shelf_books" (
	"shelf_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shelf_books_shelf_id_entry_id_pk" PRIMARY KEY("shelf_id","entry_id")
);
--> statement-breakpoint
CREATE TABLE "shelves" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shelves_name_check" CHECK (char_length("shelves"."name") BETWEEN 1 AND 60)
);
--> statement-breakpoint
CREATE TABLE "reading_goals" (
	"user_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"books" integer NOT NULL,
	"pages" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reading_goals_user_id_year_pk" PRIMARY KEY("user_id","year"),
	CONSTRAINT "reading_goals_books_check" CHECK ("reading_goals"."books" BETWEEN 1 AND 1000),
	CONSTRAINT "reading_goals_pages_check" CHECK ("reading_goals"."pages" IS NULL OR "reading_goals"."pages" BETWEEN 1 AND 1000000)
);
--> statement-breakpoint
ALTER TABLE "reading_list_entries" DROP CONSTRAINT "reading_list_entries_status_check";--> statement-breakpoint
ALTER TABLE "reading_list_entries" DROP CONSTRAINT "reading_list_entries_favorite_check";--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "spoiler" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reading_list_reads" ADD CONSTRAINT "reading_list_reads_entry_id_reading_list_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."reading_list_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_list_reads" ADD CONSTRAINT "reading_list_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_progress" ADD CONSTRAINT "reading_progress_read_id_reading_list_reads_id_fk" FOREIGN KEY ("read_id") REFERENCES "public"."reading_list_reads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_progress" ADD CONSTRAINT "reading_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shelf_books" ADD CONSTRAINT "shelf_books_shelf_id_shelves_id_fk" FOREIGN KEY ("shelf_id") REFERENCES "public"."shelves"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shelf_books" ADD CONSTRAINT "shelf_books_entry_id_reading_list_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."reading_list_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shelves" ADD CONSTRAINT "shelves_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_goals" ADD CONSTRAINT "reading_goals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reading_list_reads_open_unique" ON "reading_list_reads" USING btree ("entry_id") WHERE "reading_list_reads"."outcome" IS NULL;--> statement-breakpoint
CREATE INDEX "reading_list_reads_entry_idx" ON "reading_list_reads" USING btree ("entry_id","started_at");--> statement-breakpoint
CREATE INDEX "reading_list_reads_user_idx" ON "reading_list_reads" USING btree ("user_id","finished_at");--> statement-breakpoint
CREATE INDEX "reading_progress_read_idx" ON "reading_progress" USING btree ("read_id","created_at");--> statement-breakpoint
CREATE INDEX "shelf_books_entry_idx" ON "shelf_books" USING btree ("entry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shelves_user_name_unique" ON "shelves" USING btree ("user_id",lower("name"));--> statement-breakpoint
ALTER TABLE "reading_list_entries" ADD CONSTRAINT "reading_list_entries_status_check" CHECK ("reading_list_entries"."status" IN ('wantToRead', 'currentlyReading', 'completed', 'didNotFinish'));--> statement-breakpoint
ALTER TABLE "reading_list_entries" ADD CONSTRAINT "reading_list_entries_favorite_check" CHECK (NOT "reading_list_entries"."is_favorite" OR "reading_list_entries"."status" IN ('currentlyReading', 'completed'));