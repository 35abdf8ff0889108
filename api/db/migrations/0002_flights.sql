CREATE TABLE "aircraft_capacities" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "aircraft_capacities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"carrier" text NOT NULL,
	"aircraft_type" text NOT NULL,
	"baggage_compartment_max_volume" double precision,
	"baggage_compartment_max_weight" double precision,
	"max_cargo_volume" double precision DEFAULT 0 NOT NULL,
	"max_cargo_weight" double precision DEFAULT 0 NOT NULL,
	"mtow" double precision,
	"pax" integer,
	"payload" double precision,
	"reg_numbers" text[] DEFAULT '{}'::text[] NOT NULL,
	"forbidden_shcs" text[] DEFAULT '{}'::text[] NOT NULL,
	"max_linear_load" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "allotments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "allotments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"carrier" text NOT NULL,
	"segment_id" integer NOT NULL,
	"segment_number_with_date" text NOT NULL,
	"origin_iata" text NOT NULL,
	"destination_iata" text NOT NULL,
	"forwarder_short_name" text NOT NULL,
	"type" text DEFAULT 'hard' NOT NULL,
	"weight" double precision NOT NULL,
	"volume" double precision NOT NULL,
	"timelimit_to_std" integer DEFAULT 0 NOT NULL,
	"used_weight" double precision DEFAULT 0 NOT NULL,
	"used_volume" double precision DEFAULT 0 NOT NULL,
	"valid_until" date,
	"postal" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "booking_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"carrier" text NOT NULL,
	"origin_iata" text NOT NULL,
	"destination_iata" text NOT NULL,
	"response_status" text NOT NULL,
	"min_percent" double precision,
	"max_percent" double precision,
	"min_weight" double precision,
	"max_weight" double precision,
	"min_volume" double precision,
	"max_volume" double precision,
	"segment_id" integer,
	"flight_number_with_date" text,
	"shcs" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "change_logs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "change_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"carrier" text,
	"record_type" text NOT NULL,
	"record_id" integer NOT NULL,
	"action" text NOT NULL,
	"channel_source" text DEFAULT 'api' NOT NULL,
	"channel_type" text DEFAULT 'user' NOT NULL,
	"channel_id" text,
	"change_set" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "segment_load_factors" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "segment_load_factors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"segment_id" integer NOT NULL,
	"kind" text NOT NULL,
	"weight" double precision,
	"volume" double precision,
	"pax" integer,
	"payload" double precision,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "segments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "segments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"carrier" text NOT NULL,
	"number" text NOT NULL,
	"flight_date" date NOT NULL,
	"number_with_date" text NOT NULL,
	"segment_number" integer DEFAULT 1 NOT NULL,
	"flight_type" text DEFAULT 'J' NOT NULL,
	"segment_type" text,
	"code_shared" text[] DEFAULT '{}'::text[] NOT NULL,
	"aircraft_type" text,
	"aircraft_reg" text,
	"origin_iata" text NOT NULL,
	"destination_iata" text NOT NULL,
	"origin_country_code" text,
	"destination_country_code" text,
	"origin_time_zone" text NOT NULL,
	"destination_time_zone" text NOT NULL,
	"std" timestamp with time zone NOT NULL,
	"sta" timestamp with time zone NOT NULL,
	"etd" timestamp with time zone,
	"eta" timestamp with time zone,
	"atot" timestamp with time zone,
	"atl" timestamp with time zone,
	"time_mode" text DEFAULT 'utc' NOT NULL,
	"available" boolean DEFAULT true NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"sales_closed" boolean DEFAULT false NOT NULL,
	"canceled" boolean DEFAULT false NOT NULL,
	"charter" boolean DEFAULT false NOT NULL,
	"aci_required" boolean DEFAULT false NOT NULL,
	"notation" text,
	"region" text,
	"response_status" text,
	"forbidden_shc" text[] DEFAULT '{}'::text[] NOT NULL,
	"estimated_weight" double precision DEFAULT 0 NOT NULL,
	"estimated_volume" double precision DEFAULT 0 NOT NULL,
	"booked_weight" double precision DEFAULT 0 NOT NULL,
	"booked_volume" double precision DEFAULT 0 NOT NULL,
	"payload" double precision,
	"days_of_week" text,
	"schedule_id" text,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "allotments" ADD CONSTRAINT "allotments_segment_id_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."segments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_rules" ADD CONSTRAINT "booking_rules_segment_id_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."segments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segment_load_factors" ADD CONSTRAINT "segment_load_factors_segment_id_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."segments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "aircraft_capacities_carrier_type_key" ON "aircraft_capacities" USING btree ("carrier","aircraft_type");--> statement-breakpoint
CREATE UNIQUE INDEX "allotments_segment_forwarder_type_key" ON "allotments" USING btree ("segment_id","forwarder_short_name","type");--> statement-breakpoint
CREATE INDEX "allotments_carrier_idx" ON "allotments" USING btree ("carrier");--> statement-breakpoint
CREATE INDEX "booking_rules_carrier_od_idx" ON "booking_rules" USING btree ("carrier","origin_iata","destination_iata");--> statement-breakpoint
CREATE INDEX "change_logs_record_idx" ON "change_logs" USING btree ("record_type","record_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "segment_load_factors_segment_kind_key" ON "segment_load_factors" USING btree ("segment_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "segments_carrier_nwd_origin_key" ON "segments" USING btree ("carrier","number_with_date","origin_iata");--> statement-breakpoint
CREATE INDEX "segments_origin_std_idx" ON "segments" USING btree ("origin_iata","std");--> statement-breakpoint
CREATE INDEX "segments_carrier_std_idx" ON "segments" USING btree ("carrier","std");--> statement-breakpoint
CREATE INDEX "segments_destination_sta_idx" ON "segments" USING btree ("destination_iata","sta");