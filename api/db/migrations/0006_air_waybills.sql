CREATE TABLE "accounting_presets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "accounting_presets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"carrier" text NOT NULL,
	"kind" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"text" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "air_waybills" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "air_waybills_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"mawb" text NOT NULL,
	"prefix" text NOT NULL,
	"carrier" text NOT NULL,
	"forwarder_id" integer NOT NULL,
	"created_by" integer,
	"air_waybill_source" text DEFAULT 'web' NOT NULL,
	"custom_number" boolean DEFAULT false NOT NULL,
	"bso" boolean DEFAULT false NOT NULL,
	"origin_iata" text NOT NULL,
	"destination_iata" text NOT NULL,
	"manual_route" text[] DEFAULT '{}'::text[] NOT NULL,
	"pieces" integer NOT NULL,
	"weight" double precision NOT NULL,
	"weight_code" text DEFAULT 'K' NOT NULL,
	"volume" double precision DEFAULT 0 NOT NULL,
	"volume_code" text DEFAULT 'MC' NOT NULL,
	"density_group" integer,
	"charge_weight" double precision NOT NULL,
	"charge_weight_source" text DEFAULT 'auto' NOT NULL,
	"airline_defined_cw" double precision,
	"shcs" text[] DEFAULT '{}'::text[] NOT NULL,
	"commodity" text NOT NULL,
	"hs_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"product_code" text,
	"postal" boolean DEFAULT false NOT NULL,
	"postal_number" text,
	"dimensions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"goods_items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"shipper" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"consignee" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"notify" jsonb,
	"issuing_agent" jsonb,
	"airline_customer_id" integer,
	"accounting_information" text,
	"currency" text,
	"chgs_code" text,
	"wt_val" text DEFAULT 'P' NOT NULL,
	"other_charges_payment" text DEFAULT 'P' NOT NULL,
	"declared_value_carriage" text DEFAULT 'NVD' NOT NULL,
	"declared_value_customs" text DEFAULT 'NCV' NOT NULL,
	"insurance_amount" text DEFAULT 'XXX' NOT NULL,
	"handling_information" text,
	"sci" text,
	"rating" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"other_charges" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"totals" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"executed_on" date,
	"executed_at" text,
	"signature" text,
	"customs_declaration" jsonb,
	"security_declaration" jsonb,
	"sli" jsonb,
	"placi" jsonb,
	"notation" text,
	"mrn" text,
	"consignor_certified" boolean DEFAULT false NOT NULL,
	"issued_at" timestamp with time zone,
	"issue_date" date,
	"verified_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"void_reason" text,
	"void_payment" text,
	"delivered_at" timestamp with time zone,
	"departed_at" timestamp with time zone,
	"billing_date" date,
	"tariff_date" date,
	"charter" boolean DEFAULT false NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"booking_status" text DEFAULT 'none' NOT NULL,
	"departure_at" timestamp with time zone,
	"warnings" text[] DEFAULT '{}'::text[] NOT NULL,
	"provisional_amount" double precision,
	"final_amount" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "awb_movements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "awb_movements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"air_waybill_id" integer NOT NULL,
	"mawb" text NOT NULL,
	"status_code" text NOT NULL,
	"location_iata" text NOT NULL,
	"segment_id" integer,
	"segment_number_with_date" text,
	"parts_code" text DEFAULT 'T' NOT NULL,
	"pieces" integer NOT NULL,
	"weight" double precision NOT NULL,
	"weight_code" text DEFAULT 'K' NOT NULL,
	"volume" double precision,
	"volume_code" text DEFAULT 'MC' NOT NULL,
	"shcs" text[] DEFAULT '{}'::text[] NOT NULL,
	"discrepancy_code" text,
	"uld" text,
	"time_utc" timestamp with time zone NOT NULL,
	"deactivated" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bookings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"air_waybill_id" integer NOT NULL,
	"mawb" text NOT NULL,
	"carrier" text NOT NULL,
	"forwarder_id" integer NOT NULL,
	"segment_id" integer NOT NULL,
	"number_with_date" text NOT NULL,
	"origin_iata" text NOT NULL,
	"destination_iata" text NOT NULL,
	"std" timestamp with time zone NOT NULL,
	"parts_code" text DEFAULT 'T' NOT NULL,
	"pieces" integer NOT NULL,
	"weight" double precision NOT NULL,
	"weight_code" text DEFAULT 'K' NOT NULL,
	"volume" double precision DEFAULT 0 NOT NULL,
	"volume_code" text DEFAULT 'MC' NOT NULL,
	"density_group" integer,
	"shcs" text[] DEFAULT '{}'::text[] NOT NULL,
	"request_status" text DEFAULT 'NN' NOT NULL,
	"response_status" text NOT NULL,
	"response_reason" text,
	"source" text DEFAULT 'web' NOT NULL,
	"allotment_id" integer,
	"allotment_weight" double precision DEFAULT 0 NOT NULL,
	"allotment_volume" double precision DEFAULT 0 NOT NULL,
	"counted_weight" double precision DEFAULT 0 NOT NULL,
	"counted_volume" double precision DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"priority" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"canceled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "air_waybills" ADD CONSTRAINT "air_waybills_forwarder_id_companies_id_fk" FOREIGN KEY ("forwarder_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "air_waybills" ADD CONSTRAINT "air_waybills_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "awb_movements" ADD CONSTRAINT "awb_movements_air_waybill_id_air_waybills_id_fk" FOREIGN KEY ("air_waybill_id") REFERENCES "public"."air_waybills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_air_waybill_id_air_waybills_id_fk" FOREIGN KEY ("air_waybill_id") REFERENCES "public"."air_waybills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_forwarder_id_companies_id_fk" FOREIGN KEY ("forwarder_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_segment_id_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."segments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_presets_carrier_code_key" ON "accounting_presets" USING btree ("carrier","code");--> statement-breakpoint
CREATE UNIQUE INDEX "air_waybills_mawb_key" ON "air_waybills" USING btree ("mawb");--> statement-breakpoint
CREATE INDEX "air_waybills_forwarder_created_idx" ON "air_waybills" USING btree ("forwarder_id","created_at");--> statement-breakpoint
CREATE INDEX "air_waybills_carrier_created_idx" ON "air_waybills" USING btree ("carrier","created_at");--> statement-breakpoint
CREATE INDEX "air_waybills_carrier_departure_idx" ON "air_waybills" USING btree ("carrier","departure_at");--> statement-breakpoint
CREATE INDEX "air_waybills_forwarder_departure_idx" ON "air_waybills" USING btree ("forwarder_id","departure_at");--> statement-breakpoint
CREATE INDEX "air_waybills_carrier_issued_idx" ON "air_waybills" USING btree ("carrier","issued_at");--> statement-breakpoint
CREATE INDEX "air_waybills_carrier_departed_idx" ON "air_waybills" USING btree ("carrier","departed_at");--> statement-breakpoint
CREATE INDEX "air_waybills_carrier_tariff_idx" ON "air_waybills" USING btree ("carrier","tariff_date");--> statement-breakpoint
CREATE INDEX "air_waybills_carrier_warning_idx" ON "air_waybills" USING btree ("carrier","created_at") WHERE cardinality("air_waybills"."warnings") > 0;--> statement-breakpoint
CREATE INDEX "air_waybills_carrier_voided_idx" ON "air_waybills" USING btree ("carrier","voided_at") WHERE "air_waybills"."voided_at" is not null;--> statement-breakpoint
CREATE INDEX "air_waybills_carrier_requests_idx" ON "air_waybills" USING btree ("carrier","created_at") WHERE "air_waybills"."booking_status" = 'requested';--> statement-breakpoint
CREATE INDEX "air_waybills_mawb_pattern_idx" ON "air_waybills" USING btree ("mawb" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "awb_movements_awb_idx" ON "awb_movements" USING btree ("air_waybill_id","time_utc");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_awb_segment_active_key" ON "bookings" USING btree ("air_waybill_id","segment_id") WHERE "bookings"."active";--> statement-breakpoint
CREATE INDEX "bookings_awb_idx" ON "bookings" USING btree ("air_waybill_id","std");--> statement-breakpoint
CREATE INDEX "bookings_segment_idx" ON "bookings" USING btree ("segment_id","active");--> statement-breakpoint
CREATE INDEX "bookings_carrier_status_idx" ON "bookings" USING btree ("carrier","response_status","std");--> statement-breakpoint
CREATE INDEX "bookings_forwarder_idx" ON "bookings" USING btree ("forwarder_id","std");