CREATE TABLE "receptacle_movements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "receptacle_movements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"receptacle_id" integer NOT NULL,
	"status_code" text NOT NULL,
	"location_iata" text NOT NULL,
	"segment_id" integer,
	"segment_number_with_date" text,
	"weight" numeric(5, 1) NOT NULL,
	"time_utc" timestamp with time zone NOT NULL,
	"deactivated" boolean DEFAULT false NOT NULL,
	"recorded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receptacles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "receptacles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uid" text NOT NULL,
	"post_office_origin" text NOT NULL,
	"post_office_destination" text NOT NULL,
	"mail_category" text NOT NULL,
	"mail_subclass" text NOT NULL,
	"dispatch_number" text NOT NULL,
	"receptacle_number" text NOT NULL,
	"last_in_dispatch" boolean DEFAULT false NOT NULL,
	"registered" text DEFAULT '0' NOT NULL,
	"weight" numeric(5, 1) NOT NULL,
	"segment_id" integer,
	"carrier" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "receptacle_movements" ADD CONSTRAINT "receptacle_movements_receptacle_id_receptacles_id_fk" FOREIGN KEY ("receptacle_id") REFERENCES "public"."receptacles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receptacles" ADD CONSTRAINT "receptacles_segment_id_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."segments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receptacles" ADD CONSTRAINT "receptacles_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "receptacle_movements_receptacle_idx" ON "receptacle_movements" USING btree ("receptacle_id","time_utc");--> statement-breakpoint
CREATE INDEX "receptacle_movements_segment_idx" ON "receptacle_movements" USING btree ("segment_id","status_code");--> statement-breakpoint
CREATE UNIQUE INDEX "receptacles_uid_key" ON "receptacles" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "receptacles_segment_idx" ON "receptacles" USING btree ("segment_id");--> statement-breakpoint
CREATE INDEX "receptacles_offices_idx" ON "receptacles" USING btree ("post_office_origin","post_office_destination");