CREATE TYPE "public"."awb_stock_state" AS ENUM('free', 'used', 'voided');--> statement-breakpoint
CREATE TABLE "awb_stock_numbers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "awb_stock_numbers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"range_id" integer NOT NULL,
	"prefix" text NOT NULL,
	"serial" integer NOT NULL,
	"mawb" text NOT NULL,
	"forwarder_id" integer,
	"state" "awb_stock_state" DEFAULT 'free' NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "awb_stock_ranges" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "awb_stock_ranges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"carrier" text NOT NULL,
	"prefix" text NOT NULL,
	"serial_from" integer NOT NULL,
	"serial_to" integer NOT NULL,
	"bso" boolean DEFAULT false NOT NULL,
	"location_iata" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "awb_stock_ranges_serials" CHECK ("awb_stock_ranges"."serial_from" >= 0 and "awb_stock_ranges"."serial_to" <= 9999999 and "awb_stock_ranges"."serial_from" <= "awb_stock_ranges"."serial_to")
);
--> statement-breakpoint
ALTER TABLE "awb_stock_numbers" ADD CONSTRAINT "awb_stock_numbers_range_id_awb_stock_ranges_id_fk" FOREIGN KEY ("range_id") REFERENCES "public"."awb_stock_ranges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "awb_stock_numbers" ADD CONSTRAINT "awb_stock_numbers_forwarder_id_companies_id_fk" FOREIGN KEY ("forwarder_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "awb_stock_numbers_prefix_serial_key" ON "awb_stock_numbers" USING btree ("prefix","serial");--> statement-breakpoint
CREATE UNIQUE INDEX "awb_stock_numbers_mawb_key" ON "awb_stock_numbers" USING btree ("mawb");--> statement-breakpoint
CREATE INDEX "awb_stock_numbers_take_idx" ON "awb_stock_numbers" USING btree ("forwarder_id","prefix","state","serial");--> statement-breakpoint
CREATE INDEX "awb_stock_numbers_range_idx" ON "awb_stock_numbers" USING btree ("range_id","serial");--> statement-breakpoint
CREATE INDEX "awb_stock_ranges_carrier_idx" ON "awb_stock_ranges" USING btree ("carrier","prefix");