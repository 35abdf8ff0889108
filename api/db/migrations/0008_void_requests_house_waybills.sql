CREATE TABLE "void_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "void_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"air_waybill_id" integer NOT NULL,
	"mawb" text NOT NULL,
	"carrier" text NOT NULL,
	"awb_prefix" text NOT NULL,
	"forwarder_id" integer NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"request_reason" text NOT NULL,
	"payment_required" boolean DEFAULT false NOT NULL,
	"resolve_reason" text,
	"void_payment" text,
	"requested_by" integer,
	"resolved_by" integer,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "void_requests_status" CHECK ("void_requests"."status" in ('requested', 'accepted', 'declined', 'cancelled')),
	CONSTRAINT "void_requests_void_payment" CHECK ("void_requests"."void_payment" is null or "void_requests"."void_payment" in ('required', 'not_required'))
);
--> statement-breakpoint
CREATE TABLE "house_waybills" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "house_waybills_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"air_waybill_id" integer NOT NULL,
	"mawb" text NOT NULL,
	"serial_number" text NOT NULL,
	"origin_iata" text NOT NULL,
	"destination_iata" text NOT NULL,
	"pieces" integer NOT NULL,
	"weight" double precision NOT NULL,
	"weight_code" text DEFAULT 'K' NOT NULL,
	"manifest_description_of_goods" text NOT NULL,
	"shcs" text[] DEFAULT '{}'::text[] NOT NULL,
	"free_text" text,
	"shipper" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"consignee" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"hs_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"placi_status" text,
	"placi_comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "void_requests" ADD CONSTRAINT "void_requests_air_waybill_id_air_waybills_id_fk" FOREIGN KEY ("air_waybill_id") REFERENCES "public"."air_waybills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "void_requests" ADD CONSTRAINT "void_requests_forwarder_id_companies_id_fk" FOREIGN KEY ("forwarder_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "void_requests" ADD CONSTRAINT "void_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "void_requests" ADD CONSTRAINT "void_requests_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "house_waybills" ADD CONSTRAINT "house_waybills_air_waybill_id_air_waybills_id_fk" FOREIGN KEY ("air_waybill_id") REFERENCES "public"."air_waybills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "void_requests_open_key" ON "void_requests" USING btree ("air_waybill_id") WHERE "void_requests"."status" = 'requested';--> statement-breakpoint
CREATE INDEX "void_requests_carrier_idx" ON "void_requests" USING btree ("carrier","status","created_at","id");--> statement-breakpoint
CREATE INDEX "void_requests_forwarder_idx" ON "void_requests" USING btree ("forwarder_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "void_requests_awb_idx" ON "void_requests" USING btree ("air_waybill_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "house_waybills_awb_serial_key" ON "house_waybills" USING btree ("air_waybill_id","serial_number");--> statement-breakpoint
CREATE INDEX "house_waybills_awb_idx" ON "house_waybills" USING btree ("air_waybill_id","id");