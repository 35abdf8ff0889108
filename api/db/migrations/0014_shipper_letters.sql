CREATE TABLE "shipper_letters" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shipper_letters_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"air_waybill_id" integer NOT NULL,
	"mawb" text NOT NULL,
	"carrier" text NOT NULL,
	"forwarder_id" integer NOT NULL,
	"barcode" text NOT NULL,
	"sends" integer DEFAULT 1 NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"sent_by" integer,
	"accepted" boolean,
	"answered_at" timestamp with time zone,
	"answered_by" integer,
	"info" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shipper_letters" ADD CONSTRAINT "shipper_letters_air_waybill_id_air_waybills_id_fk" FOREIGN KEY ("air_waybill_id") REFERENCES "public"."air_waybills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipper_letters" ADD CONSTRAINT "shipper_letters_forwarder_id_companies_id_fk" FOREIGN KEY ("forwarder_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipper_letters" ADD CONSTRAINT "shipper_letters_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipper_letters" ADD CONSTRAINT "shipper_letters_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shipper_letters_awb_key" ON "shipper_letters" USING btree ("air_waybill_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipper_letters_barcode_key" ON "shipper_letters" USING btree ("barcode");