CREATE TABLE "outgoing_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outgoing_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"carrier" text NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"channel_type" text NOT NULL,
	"event_identifier" text NOT NULL,
	"message_type" text,
	"message_format" text DEFAULT 'cimp' NOT NULL,
	"message_setting_id" integer,
	"segment_id" integer,
	"air_waybill_id" integer,
	"mawb" text,
	"meta_tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"origin" text,
	"destination" text,
	"message_id" text,
	"sender" text,
	"to" text[] DEFAULT '{}'::text[] NOT NULL,
	"cc" text[] DEFAULT '{}'::text[] NOT NULL,
	"bcc" text[] DEFAULT '{}'::text[] NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"request_method" text,
	"url" text,
	"request_headers" jsonb,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error_code" text,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outgoing_messages_channel" CHECK ("outgoing_messages"."channel_type" in ('email', 'url', 'sita')),
	CONSTRAINT "outgoing_messages_status" CHECK ("outgoing_messages"."status" in ('queued', 'sent', 'failed')),
	CONSTRAINT "outgoing_messages_body_size" CHECK (octet_length("outgoing_messages"."body") <= 1000000)
);
--> statement-breakpoint
ALTER TABLE "outgoing_messages" ADD CONSTRAINT "outgoing_messages_message_setting_id_message_settings_id_fk" FOREIGN KEY ("message_setting_id") REFERENCES "public"."message_settings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outgoing_messages" ADD CONSTRAINT "outgoing_messages_segment_id_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."segments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outgoing_messages" ADD CONSTRAINT "outgoing_messages_air_waybill_id_air_waybills_id_fk" FOREIGN KEY ("air_waybill_id") REFERENCES "public"."air_waybills"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outgoing_messages" ADD CONSTRAINT "outgoing_messages_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outgoing_messages_list_idx" ON "outgoing_messages" USING btree ("carrier","created_at","id");--> statement-breakpoint
CREATE INDEX "outgoing_messages_all_idx" ON "outgoing_messages" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "outgoing_messages_awb_idx" ON "outgoing_messages" USING btree ("air_waybill_id","created_at");--> statement-breakpoint
CREATE INDEX "outgoing_messages_segment_idx" ON "outgoing_messages" USING btree ("segment_id");