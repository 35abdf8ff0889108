CREATE TABLE "aircraft_types" (
	"iata" text PRIMARY KEY NOT NULL,
	"icao" text,
	"description" text NOT NULL,
	"kind" text DEFAULT 'passenger' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "airports" (
	"iata" text PRIMARY KEY NOT NULL,
	"icao" text,
	"name" text NOT NULL,
	"full_name" text NOT NULL,
	"cyrillic_name" text,
	"city_code" text NOT NULL,
	"city_name" text,
	"cyrillic_city_name" text,
	"country_code" text,
	"latitude" double precision,
	"longitude" double precision,
	"timezone" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "charge_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"alpha_2" text PRIMARY KEY NOT NULL,
	"alpha_3" text NOT NULL,
	"numeric" text NOT NULL,
	"name" text NOT NULL,
	"cyrillic_name" text,
	"full_name" text NOT NULL,
	"customs_region" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "currencies" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"number" text NOT NULL,
	"digits" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notable_companies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notable_companies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_company_id" integer NOT NULL,
	"account" text,
	"name" text NOT NULL,
	"address" text,
	"city" text,
	"state" text,
	"country_code" text,
	"post_code" text,
	"tax_id" text,
	"contact_identifier" text,
	"contact_numbers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"carrier" text NOT NULL,
	"code" text NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"description" text,
	"group" text,
	"shcs" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "special_handling_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"description_cyrillic" text,
	"group" text NOT NULL,
	"category" text,
	"hazard_classes" text[] DEFAULT '{}'::text[] NOT NULL,
	"incompatible_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" text
);
--> statement-breakpoint
CREATE TABLE "agreements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agreements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"supplier_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"account_number" text NOT NULL,
	"contract_number" text NOT NULL,
	"currency" text NOT NULL,
	"effective_from" date NOT NULL,
	"effective_to" date,
	"sales_origins" text[] DEFAULT '{}'::text[] NOT NULL,
	"show_tariffs" boolean DEFAULT false NOT NULL,
	"beneficiary" text,
	"balance_check_disabled" boolean DEFAULT false NOT NULL,
	"additional_prefixes" text[] DEFAULT '{}'::text[] NOT NULL,
	"show_airline_customers" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"allowed_manual_routes" text[] DEFAULT '{}'::text[] NOT NULL,
	"smart_contract" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "airline_customers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "airline_customers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"carrier" text NOT NULL,
	"name" text NOT NULL,
	"srn" text,
	"address" text,
	"city" text,
	"country_code" text,
	"post_code" text,
	"tax_id" text,
	"phone_number" text,
	"email" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "baggage_stats" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "baggage_stats_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"carrier" text NOT NULL,
	"origin_iata" text NOT NULL,
	"destination_iata" text NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"total_baggage_weight" double precision DEFAULT 0 NOT NULL,
	"total_baggage_pcs" integer DEFAULT 0 NOT NULL,
	"total_pax" integer DEFAULT 0 NOT NULL,
	"average_baggage_weight" double precision,
	"manual_average_baggage_weight" double precision,
	"segments_count" integer DEFAULT 0 NOT NULL,
	"applicable_stat_weight" double precision,
	"external_source" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forwarder_customers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "forwarder_customers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"address" text,
	"city" text,
	"country_code" text,
	"post_code" text,
	"state" text,
	"tax_id" text,
	"contacts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "handlers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "handlers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"carrier" text NOT NULL,
	"location" text NOT NULL,
	"latest_acceptance_time" integer,
	"max_connection_time" integer,
	"min_connection_time_domestic" integer,
	"min_connection_time_intl" integer,
	"cargo_accepted" boolean DEFAULT true NOT NULL,
	"transfer" boolean DEFAULT false NOT NULL,
	"note" text,
	"manual_ffm" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pax_od_averages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pax_od_averages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"carrier" text NOT NULL,
	"aircraft_type" text NOT NULL,
	"origin" text NOT NULL,
	"destination" text NOT NULL,
	"quantity" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "permitted_routes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "permitted_routes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"carrier" text NOT NULL,
	"origin_iata" text NOT NULL,
	"destination_iata" text NOT NULL,
	"transfer_iata_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"company_short_name" text,
	"contracted" boolean DEFAULT false NOT NULL,
	"direct" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "segment_payloads" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "segment_payloads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"carrier" text NOT NULL,
	"aircraft_type" text NOT NULL,
	"origin" text NOT NULL,
	"destination" text NOT NULL,
	"reg_numbers" text[] DEFAULT '{}'::text[] NOT NULL,
	"payload" double precision NOT NULL,
	"season" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "airlines" ADD COLUMN "use_baggage_averages" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "airlines" ADD COLUMN "overflow_weight_limit" double precision;--> statement-breakpoint
ALTER TABLE "airlines" ADD COLUMN "overflow_volume_limit" double precision;--> statement-breakpoint
ALTER TABLE "airlines" ADD COLUMN "overflow_weight_percent" double precision;--> statement-breakpoint
ALTER TABLE "airlines" ADD COLUMN "overflow_volume_percent" double precision;--> statement-breakpoint
ALTER TABLE "notable_companies" ADD CONSTRAINT "notable_companies_owner_company_id_companies_id_fk" FOREIGN KEY ("owner_company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_supplier_id_companies_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_client_id_companies_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forwarder_customers" ADD CONSTRAINT "forwarder_customers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "airports_icao_idx" ON "airports" USING btree ("icao");--> statement-breakpoint
CREATE INDEX "airports_city_code_idx" ON "airports" USING btree ("city_code");--> statement-breakpoint
CREATE INDEX "airports_country_code_idx" ON "airports" USING btree ("country_code");--> statement-breakpoint
CREATE INDEX "airports_lower_name_idx" ON "airports" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "airports_lower_city_name_idx" ON "airports" USING btree (lower("city_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "countries_alpha_3_key" ON "countries" USING btree ("alpha_3");--> statement-breakpoint
CREATE INDEX "countries_customs_region_idx" ON "countries" USING btree ("customs_region");--> statement-breakpoint
CREATE INDEX "notable_companies_owner_idx" ON "notable_companies" USING btree ("owner_company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_codes_carrier_code_key" ON "product_codes" USING btree ("carrier","code");--> statement-breakpoint
CREATE INDEX "special_handling_codes_group_idx" ON "special_handling_codes" USING btree ("group");--> statement-breakpoint
CREATE UNIQUE INDEX "agreements_supplier_client_contract_key" ON "agreements" USING btree ("supplier_id","client_id","contract_number");--> statement-breakpoint
CREATE INDEX "agreements_client_idx" ON "agreements" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "airline_customers_carrier_name_key" ON "airline_customers" USING btree ("carrier",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "airline_customers_carrier_tax_id_key" ON "airline_customers" USING btree ("carrier","tax_id") WHERE "airline_customers"."tax_id" is not null;--> statement-breakpoint
CREATE INDEX "baggage_stats_carrier_od_idx" ON "baggage_stats" USING btree ("carrier","origin_iata","destination_iata");--> statement-breakpoint
CREATE INDEX "forwarder_customers_company_idx" ON "forwarder_customers" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "handlers_carrier_location_key" ON "handlers" USING btree ("carrier","location");--> statement-breakpoint
CREATE INDEX "pax_od_averages_carrier_od_idx" ON "pax_od_averages" USING btree ("carrier","origin","destination");--> statement-breakpoint
CREATE INDEX "permitted_routes_carrier_od_idx" ON "permitted_routes" USING btree ("carrier","origin_iata","destination_iata");--> statement-breakpoint
CREATE INDEX "segment_payloads_carrier_od_idx" ON "segment_payloads" USING btree ("carrier","origin","destination");