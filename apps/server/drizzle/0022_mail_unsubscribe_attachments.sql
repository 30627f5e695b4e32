ALTER TABLE "mail_messages" ADD COLUMN "unsubscribe_url" text;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "attachments" jsonb;