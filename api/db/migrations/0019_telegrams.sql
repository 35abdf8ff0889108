CREATE TABLE "telegrams" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "telegrams_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"carrier" text NOT NULL,
	"family" text NOT NULL,
	"message_type" text,
	"message_version" text,
	"message_identifier" text,
	"source" text NOT NULL,
	"sender" text,
	"station" text,
	"subject" text,
	"notes" text,
	"original_content" text NOT NULL,
	"parsed_content" jsonb,
	"error_messages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"parsing_status" text DEFAULT 'pending' NOT NULL,
	"processing_status" text DEFAULT 'pending' NOT NULL,
	"processing_notes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"mawb" text,
	"segment_id" integer,
	"corrected" boolean DEFAULT false NOT NULL,
	"corrected_by" integer,
	"created_by" integer,
	"sent_at" timestamp with time zone,
	"parsed_at" timestamp with time zone,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "telegrams_family" CHECK ("telegrams"."family" in ('cimp', 'ssim', 'ahm')),
	CONSTRAINT "telegrams_source" CHECK ("telegrams"."source" in ('upload', 'api', 'email', 'sita')),
	CONSTRAINT "telegrams_parsing_status" CHECK ("telegrams"."parsing_status" in ('pending', 'parsed', 'failed')),
	CONSTRAINT "telegrams_processing_status" CHECK ("telegrams"."processing_status" in ('pending', 'processing', 'processed', 'failed', 'rejected', 'skipped'))
);
--> statement-breakpoint
ALTER TABLE "telegrams" ADD CONSTRAINT "telegrams_segment_id_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."segments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegrams" ADD CONSTRAINT "telegrams_corrected_by_users_id_fk" FOREIGN KEY ("corrected_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegrams" ADD CONSTRAINT "telegrams_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "telegrams_list_idx" ON "telegrams" USING btree ("carrier","family","created_at","id");--> statement-breakpoint
CREATE INDEX "telegrams_type_idx" ON "telegrams" USING btree ("carrier","family","message_type","created_at");--> statement-breakpoint
CREATE INDEX "telegrams_mawb_idx" ON "telegrams" USING btree ("carrier","mawb");--> statement-breakpoint
CREATE INDEX "telegrams_segment_idx" ON "telegrams" USING btree ("segment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "telegrams_identifier_key" ON "telegrams" USING btree ("carrier","family","message_identifier") WHERE "telegrams"."message_identifier" is not null;