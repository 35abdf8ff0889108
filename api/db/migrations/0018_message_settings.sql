CREATE TABLE "message_settings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "message_settings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"carrier" text NOT NULL,
	"station" text,
	"message_to" text[] DEFAULT '{}'::text[] NOT NULL,
	"message_cc" text[] DEFAULT '{}'::text[] NOT NULL,
	"message_bcc" text[] DEFAULT '{}'::text[] NOT NULL,
	"message_format" text DEFAULT 'cimp' NOT NULL,
	"message_subject" text,
	"message_type" text NOT NULL,
	"message_version" text,
	"send_nil_data" boolean DEFAULT false NOT NULL,
	"sending_interval" integer,
	"source_type" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_settings_interval_check" CHECK ("message_settings"."sending_interval" IS NULL OR "message_settings"."sending_interval" BETWEEN 1 AND 1440)
);
--> statement-breakpoint
CREATE INDEX "message_settings_carrier_type_idx" ON "message_settings" USING btree ("carrier","message_type");