ALTER TABLE "global_notifications" ADD COLUMN "es_text" text;--> statement-breakpoint
ALTER TABLE "user_notifications" ADD COLUMN "es_text" text;