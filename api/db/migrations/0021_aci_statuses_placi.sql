CREATE TABLE "aci_statuses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "aci_statuses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"carrier" text NOT NULL,
	"segment_id" integer NOT NULL,
	"message_type" text NOT NULL,
	"direction" text NOT NULL,
	"name" text NOT NULL,
	"generated_at" timestamp with time zone NOT NULL,
	"shipments" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "aci_statuses_type" CHECK ("aci_statuses"."message_type" in ('ACI', 'PLACI')),
	CONSTRAINT "aci_statuses_direction" CHECK ("aci_statuses"."direction" in ('out', 'in'))
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "placi_status" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "placi_comment" text;--> statement-breakpoint
ALTER TABLE "aci_statuses" ADD CONSTRAINT "aci_statuses_segment_id_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."segments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aci_statuses" ADD CONSTRAINT "aci_statuses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "aci_statuses_segment_idx" ON "aci_statuses" USING btree ("segment_id","generated_at","id");