CREATE TABLE "rate_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rate_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"air_waybill_id" integer NOT NULL,
	"mawb" text NOT NULL,
	"kind" text NOT NULL,
	"code" text NOT NULL,
	"rate_class_code" text,
	"description" text,
	"rate" numeric(21, 6) NOT NULL,
	"amount" numeric(21, 6) NOT NULL,
	"currency" text NOT NULL,
	"base_value" numeric(21, 6) NOT NULL,
	"basis" text NOT NULL,
	"weight_brake" numeric(9, 1),
	"vat_inclusion" text DEFAULT 'without' NOT NULL,
	"vat" numeric(21, 6) DEFAULT '0' NOT NULL,
	"vat_percent" numeric(7, 4),
	"invoice_number" text,
	"unit_code" text,
	"supplier_id" integer,
	"buyer_id" integer,
	"rate_numbers" text,
	"added_by" text NOT NULL,
	"calculation_type" text DEFAULT 'auto' NOT NULL,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rate_lines_kind" CHECK ("rate_lines"."kind" in ('airfreight', 'charge', 'surcharge')),
	CONSTRAINT "rate_lines_calculation_type" CHECK ("rate_lines"."calculation_type" in ('auto', 'manual'))
);
--> statement-breakpoint
ALTER TABLE "rate_lines" ADD CONSTRAINT "rate_lines_air_waybill_id_air_waybills_id_fk" FOREIGN KEY ("air_waybill_id") REFERENCES "public"."air_waybills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_lines" ADD CONSTRAINT "rate_lines_supplier_id_companies_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_lines" ADD CONSTRAINT "rate_lines_buyer_id_companies_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rate_lines_air_waybill_idx" ON "rate_lines" USING btree ("air_waybill_id","id");