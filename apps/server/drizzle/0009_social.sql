CREATE TABLE "feed_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"actor_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"book_id" text,
	"review_id" uuid,
	"rating" integer,
	"list_id" uuid,
	"club_id" uuid,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"dedupe_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feed_entries_kind_check" CHECK ("feed_entries"."kind" IN ('started', 'finished', 'rated', 'reviewed', 'listed', 'joinedClub'))
);
--> statement-breakpoint
CREATE TABLE "blocks" (
	"blocker_id" uuid NOT NULL,
	"blocked_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blocks_pk" PRIMARY KEY("blocker_id","blocked_id"),
	CONSTRAINT "blocks_not_self_check" CHECK ("blocks"."blocker_id" <> "blocks"."blocked_id")
);
--> statement-breakpoint
CREATE TABLE "follows" (
	"follower_id" uuid NOT NULL,
	"followee_id" uuid NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follows_pk" PRIMARY KEY("follower_id","followee_id"),
	CONSTRAINT "follows_state_check" CHECK ("follows"."state" IN ('requested', 'following')),
	CONSTRAINT "follows_not_self_check" CHECK ("follows"."follower_id" <> "follows"."followee_id")
);
--> statement-breakpoint
CREATE TABLE "reader_privacy" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"profile_visibility" text DEFAULT 'public' NOT NULL,
	"show_reading_list" boolean DEFAULT true NOT NULL,
	"show_location" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reader_privacy_visibility_check" CHECK ("reader_privacy"."profile_visibility" IN ('public', 'followers', 'private'))
);
--> statement-breakpoint
CREATE TABLE "book_list_items" (
	"list_id" uuid NOT NULL,
	"book_id" text NOT NULL,
	"added_by" uuid,
	"position" integer NOT NULL,
	"vote_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "book_list_items_pk" PRIMARY KEY("list_id","book_id")
);
--> statement-breakpoint
CREATE TABLE "book_list_votes" (
	"list_id" uuid NOT NULL,
	"book_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "book_list_votes_pk" PRIMARY KEY("list_id","book_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "book_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"visibility" text DEFAULT 'public' NOT NULL,
	"mode" text DEFAULT 'open' NOT NULL,
	"genre" text,
	"genre_chosen" boolean DEFAULT false NOT NULL,
	"vote_count" integer DEFAULT 0 NOT NULL,
	"item_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "book_lists_visibility_check" CHECK ("book_lists"."visibility" IN ('public', 'private')),
	CONSTRAINT "book_lists_mode_check" CHECK ("book_lists"."mode" IN ('open', 'curated')),
	CONSTRAINT "book_lists_title_check" CHECK (char_length("book_lists"."title") BETWEEN 1 AND 120),
	CONSTRAINT "book_lists_description_check" CHECK (char_length("book_lists"."description") <= 2000)
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "follows" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "feed_entries" ADD CONSTRAINT "feed_entries_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_entries" ADD CONSTRAINT "feed_entries_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_entries" ADD CONSTRAINT "feed_entries_list_id_book_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."book_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_entries" ADD CONSTRAINT "feed_entries_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocker_id_users_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocked_id_users_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_follower_id_users_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_followee_id_users_id_fk" FOREIGN KEY ("followee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reader_privacy" ADD CONSTRAINT "reader_privacy_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_list_items" ADD CONSTRAINT "book_list_items_list_id_book_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."book_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_list_items" ADD CONSTRAINT "book_list_items_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_list_items" ADD CONSTRAINT "book_list_items_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_list_votes" ADD CONSTRAINT "book_list_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_list_votes" ADD CONSTRAINT "book_list_votes_item_fk" FOREIGN KEY ("list_id","book_id") REFERENCES "public"."book_list_items"("list_id","book_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_lists" ADD CONSTRAINT "book_lists_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "feed_entries_seq_unique" ON "feed_entries" USING btree ("seq");--> statement-breakpoint
CREATE UNIQUE INDEX "feed_entries_actor_dedupe_unique" ON "feed_entries" USING btree ("actor_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "feed_entries_actor_seq_idx" ON "feed_entries" USING btree ("actor_id","seq");--> statement-breakpoint
CREATE INDEX "feed_entries_review_idx" ON "feed_entries" USING btree ("review_id");--> statement-breakpoint
CREATE INDEX "blocks_blocked_idx" ON "blocks" USING btree ("blocked_id");--> statement-breakpoint
CREATE INDEX "follows_followee_state_idx" ON "follows" USING btree ("followee_id","state","created_at");--> statement-breakpoint
CREATE INDEX "follows_follower_state_idx" ON "follows" USING btree ("follower_id","state","created_at");--> statement-breakpoint
CREATE INDEX "book_list_items_book_idx" ON "book_list_items" USING btree ("book_id");--> statement-breakpoint
CREATE INDEX "book_list_votes_user_idx" ON "book_list_votes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "book_lists_owner_idx" ON "book_lists" USING btree ("owner_id","updated_at");--> statement-breakpoint
CREATE INDEX "book_lists_genre_rank_idx" ON "book_lists" USING btree ("genre","vote_count" DESC NULLS LAST,"item_count" DESC NULLS LAST,"created_at" DESC NULLS LAST) WHERE "book_lists"."visibility" = 'public';--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" IN ('reviewReply', 'reviewLike', 'reviewReport', 'bookReport', 'clubJoinRequest', 'clubJoinApproved', 'clubJoinDeclined', 'clubCurrentBook', 'clubMeeting', 'bookSuggested', 'newFollower', 'followRequest', 'followAccepted'));