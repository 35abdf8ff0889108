CREATE TABLE "offer_dimensions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "offer_dimensions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"offer_id" integer NOT NULL,
	"pieces" integer NOT NULL,
	"weight" double precision,
	"length" double precision NOT NULL,
	"width" double precision NOT NULL,
	"height" double precision NOT NULL,
	"volume" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offer_numbers" (
	"forwarder_id" integer NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "offer_numbers_forwarder_id_pk" PRIMARY KEY("forwarder_id")
);
--> statement-breakpoint
CREATE TABLE "offer_rates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "offer_rates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"offer_id" integer NOT NULL,
	"type" text NOT NULL,
	"code" text NOT NULL,
	"rate_class_code" text,
	"description" text,
	"rate" numeric(21, 6) NOT NULL,
	"base_value" numeric(21, 6) NOT NULL,
	"amount" numeric(21, 6) NOT NULL,
	"incoming_amount" numeric(21, 6) NOT NULL,
	"outgoing_amount" numeric(21, 6) NOT NULL,
	"currency" text NOT NULL,
	"basis" text NOT NULL,
	"vat_percent" numeric(21, 6),
	"company" text DEFAULT 'carrier' NOT NULL,
	"added_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offer_rates_type" CHECK ("offer_rates"."type" in ('airfreight', 'charge')),
	CONSTRAINT "offer_rates_basis" CHECK ("offer_rates"."basis" in ('weight', 'charge', 'fixed_value')),
	CONSTRAINT "offer_rates_company" CHECK ("offer_rates"."company" in ('agent', 'carrier')),
	CONSTRAINT "offer_rates_class" CHECK ("offer_rates"."rate_class_code" is null or "offer_rates"."rate_class_code" in ('M', 'N', 'Q'))
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "offers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"number" text NOT NULL,
	"forwarder_id" integer NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"carrier" text,
	"customer_id" integer,
	"customer_name" text,
	"customer" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"origin_iata" text NOT NULL,
	"destination_iata" text NOT NULL,
	"date_toa" date,
	"pieces" integer NOT NULL,
	"weight" double precision NOT NULL,
	"volume" double precision DEFAULT 0 NOT NULL,
	"shcs" text[] DEFAULT '{}'::text[] NOT NULL,
	"commodity" text,
	"valid_until" date,
	"comment" text,
	"pickup_address" text,
	"pickup_city" text,
	"pickup_post_code" text,
	"delivery_address" text,
	"delivery_city" text,
	"delivery_post_code" text,
	"segments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"air_waybills" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_by" integer,
	"sent_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_status" CHECK ("offers"."status" in ('created', 'sent', 'accepted', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "offer_dimensions" ADD CONSTRAINT "offer_dimensions_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_numbers" ADD CONSTRAINT "offer_numbers_forwarder_id_companies_id_fk" FOREIGN KEY ("forwarder_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_rates" ADD CONSTRAINT "offer_rates_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_forwarder_id_companies_id_fk" FOREIGN KEY ("forwarder_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offer_dimensions_offer_idx" ON "offer_dimensions" USING btree ("offer_id","id");--> statement-breakpoint
CREATE INDEX "offer_rates_offer_idx" ON "offer_rates" USING btree ("offer_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "offers_forwarder_number_key" ON "offers" USING btree ("forwarder_id","number");--> statement-breakpoint
CREATE INDEX "offers_forwarder_status_idx" ON "offers" USING btree ("forwarder_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "offers_forwarder_created_idx" ON "offers" USING btree ("forwarder_id","created_at","id");