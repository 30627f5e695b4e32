CREATE TABLE "newsletter_issues" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject_en" text NOT NULL,
	"subject_am" text NOT NULL,
	"body_en" text NOT NULL,
	"body_am" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"queued" integer DEFAULT 0 NOT NULL,
	"send_started_at" timestamp with time zone,
	"cursor" text,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_issues_status_check" CHECK ("newsletter_issues"."status" IN ('draft', 'sending', 'sent'))
);
--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "confirm_token_hash" text;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "confirm_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "unsubscribe_token" text DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "batch" text;--> statement-breakpoint
CREATE INDEX "newsletter_issues_created_idx" ON "newsletter_issues" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscriptions_confirm_token_unique" ON "newsletter_subscriptions" USING btree ("confirm_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscriptions_unsubscribe_token_unique" ON "newsletter_subscriptions" USING btree ("unsubscribe_token");--> statement-breakpoint
CREATE INDEX "mail_messages_batch_idx" ON "mail_messages" USING btree ("batch","status");