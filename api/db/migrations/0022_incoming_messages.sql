CREATE TABLE "incoming_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "incoming_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"carrier" text,
	"source" text NOT NULL,
	"subject" text,
	"sender" text[] DEFAULT '{}'::text[] NOT NULL,
	"recipient" text[] DEFAULT '{}'::text[] NOT NULL,
	"sent_date" timestamp with time zone,
	"message_id" text,
	"body" text NOT NULL,
	"raw_source" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"processing_notes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cimp_telegram_id" integer,
	"cimp_telegram_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"processed_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "incoming_messages_source" CHECK ("incoming_messages"."source" in ('api', 'email')),
	CONSTRAINT "incoming_messages_status" CHECK ("incoming_messages"."status" in ('queued', 'processed', 'no_telegram', 'unassigned', 'failed')),
	CONSTRAINT "incoming_messages_raw_source_size" CHECK (octet_length("incoming_messages"."raw_source") <= 1048576),
	CONSTRAINT "incoming_messages_body_size" CHECK (char_length("incoming_messages"."body") <= 262144)
);
--> statement-breakpoint
ALTER TABLE "incoming_messages" ADD CONSTRAINT "incoming_messages_cimp_telegram_id_telegrams_id_fk" FOREIGN KEY ("cimp_telegram_id") REFERENCES "public"."telegrams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incoming_messages" ADD CONSTRAINT "incoming_messages_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "incoming_messages_list_idx" ON "incoming_messages" USING btree ("carrier","created_at","id");--> statement-breakpoint
CREATE INDEX "incoming_messages_status_idx" ON "incoming_messages" USING btree ("carrier","status","created_at");--> statement-breakpoint
CREATE INDEX "incoming_messages_all_idx" ON "incoming_messages" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "incoming_messages_telegram_idx" ON "incoming_messages" USING btree ("cimp_telegram_id");