CREATE TABLE "pre_manifest_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pre_manifest_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"segment_id" integer NOT NULL,
	"carrier" text NOT NULL,
	"air_waybill_id" integer NOT NULL,
	"mawb" text NOT NULL,
	"origin_iata" text NOT NULL,
	"destination_iata" text NOT NULL,
	"total_pieces" integer NOT NULL,
	"pieces" integer NOT NULL,
	"part_code" text DEFAULT 'T' NOT NULL,
	"weight" double precision NOT NULL,
	"weight_code" text DEFAULT 'K' NOT NULL,
	"volume" double precision DEFAULT 0 NOT NULL,
	"volume_code" text DEFAULT 'MC' NOT NULL,
	"commodity" text,
	"shcs" text[] DEFAULT '{}'::text[] NOT NULL,
	"priority" integer DEFAULT 2 NOT NULL,
	"movement_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "awb_movements" ADD COLUMN "recorded_by" text;--> statement-breakpoint
ALTER TABLE "pre_manifest_items" ADD CONSTRAINT "pre_manifest_items_segment_id_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."segments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_manifest_items" ADD CONSTRAINT "pre_manifest_items_air_waybill_id_air_waybills_id_fk" FOREIGN KEY ("air_waybill_id") REFERENCES "public"."air_waybills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_manifest_items" ADD CONSTRAINT "pre_manifest_items_movement_id_awb_movements_id_fk" FOREIGN KEY ("movement_id") REFERENCES "public"."awb_movements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_manifest_items" ADD CONSTRAINT "pre_manifest_items_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pre_manifest_items_segment_awb_key" ON "pre_manifest_items" USING btree ("segment_id","air_waybill_id");--> statement-breakpoint
CREATE INDEX "pre_manifest_items_awb_idx" ON "pre_manifest_items" USING btree ("air_waybill_id");--> statement-breakpoint
CREATE INDEX "awb_movements_segment_idx" ON "awb_movements" USING btree ("segment_id","status_code");