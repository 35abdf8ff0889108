CREATE TABLE "billing_charges" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "billing_charges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"carrier" text NOT NULL,
	"internal_id" text,
	"origin" text,
	"destination" text,
	"transfers" text[] DEFAULT '{}'::text[] NOT NULL,
	"non_stop" boolean DEFAULT false NOT NULL,
	"effective_from" date NOT NULL,
	"effective_to" date,
	"sales_channel" text,
	"accounts_included" text[] DEFAULT '{}'::text[] NOT NULL,
	"accounts_excluded" text[] DEFAULT '{}'::text[] NOT NULL,
	"accounts_notified" text[] DEFAULT '{}'::text[] NOT NULL,
	"groups" text[] DEFAULT '{}'::text[] NOT NULL,
	"currency" text NOT NULL,
	"vat_inclusion" text DEFAULT 'without' NOT NULL,
	"vat_percent" numeric(7, 4),
	"document" text,
	"notes" text,
	"scope_key" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"charge_code" text NOT NULL,
	"charge_name" text NOT NULL,
	"basis" text DEFAULT 'fixed' NOT NULL,
	"rate" numeric(21, 6) NOT NULL,
	"minimal_rate" numeric(21, 6),
	"products" text[] DEFAULT '{}'::text[] NOT NULL,
	"shcs" text[] DEFAULT '{}'::text[] NOT NULL,
	"origin_country" text,
	"destination_country" text,
	"route_region" text,
	CONSTRAINT "billing_charges_vat_inclusion" CHECK ("billing_charges"."vat_inclusion" in ('without', 'notIncluded', 'included')),
	CONSTRAINT "billing_charges_currency" CHECK ("billing_charges"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "billing_charges_basis" CHECK ("billing_charges"."basis" in ('gross', 'charge', 'fixed', 'pieces'))
);
--> statement-breakpoint
CREATE TABLE "billing_groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "billing_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"carrier" text NOT NULL,
	"name" text NOT NULL,
	"accounts" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "surcharges" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "surcharges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"carrier" text NOT NULL,
	"internal_id" text,
	"origin" text,
	"destination" text,
	"transfers" text[] DEFAULT '{}'::text[] NOT NULL,
	"non_stop" boolean DEFAULT false NOT NULL,
	"effective_from" date NOT NULL,
	"effective_to" date,
	"sales_channel" text,
	"accounts_included" text[] DEFAULT '{}'::text[] NOT NULL,
	"accounts_excluded" text[] DEFAULT '{}'::text[] NOT NULL,
	"accounts_notified" text[] DEFAULT '{}'::text[] NOT NULL,
	"groups" text[] DEFAULT '{}'::text[] NOT NULL,
	"currency" text NOT NULL,
	"vat_inclusion" text DEFAULT 'without' NOT NULL,
	"vat_percent" numeric(7, 4),
	"document" text,
	"notes" text,
	"scope_key" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"product_code" text,
	"type" text DEFAULT 'percent' NOT NULL,
	"value" numeric(21, 6) NOT NULL,
	"minimal_weight" numeric(9, 1),
	CONSTRAINT "surcharges_vat_inclusion" CHECK ("surcharges"."vat_inclusion" in ('without', 'notIncluded', 'included')),
	CONSTRAINT "surcharges_currency" CHECK ("surcharges"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "surcharges_type" CHECK ("surcharges"."type" in ('percent', 'perKg', 'fixed'))
);
--> statement-breakpoint
CREATE TABLE "tariffs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tariffs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"carrier" text NOT NULL,
	"internal_id" text,
	"origin" text,
	"destination" text,
	"transfers" text[] DEFAULT '{}'::text[] NOT NULL,
	"non_stop" boolean DEFAULT false NOT NULL,
	"effective_from" date NOT NULL,
	"effective_to" date,
	"sales_channel" text,
	"accounts_included" text[] DEFAULT '{}'::text[] NOT NULL,
	"accounts_excluded" text[] DEFAULT '{}'::text[] NOT NULL,
	"accounts_notified" text[] DEFAULT '{}'::text[] NOT NULL,
	"groups" text[] DEFAULT '{}'::text[] NOT NULL,
	"currency" text NOT NULL,
	"vat_inclusion" text DEFAULT 'without' NOT NULL,
	"vat_percent" numeric(7, 4),
	"document" text,
	"notes" text,
	"scope_key" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"basis" text DEFAULT 'charge' NOT NULL,
	"level" text DEFAULT 'first' NOT NULL,
	"legs_number" text DEFAULT 'any' NOT NULL,
	"product" text,
	"is_derivative" boolean DEFAULT false NOT NULL,
	"min_chargeable_weight" numeric(9, 1),
	"rates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "tariffs_vat_inclusion" CHECK ("tariffs"."vat_inclusion" in ('without', 'notIncluded', 'included')),
	CONSTRAINT "tariffs_currency" CHECK ("tariffs"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "tariffs_basis" CHECK ("tariffs"."basis" in ('gross', 'charge', 'fixed', 'pieces')),
	CONSTRAINT "tariffs_level" CHECK ("tariffs"."level" in ('first', 'second')),
	CONSTRAINT "tariffs_legs_number" CHECK ("tariffs"."legs_number" in ('any', 'single', 'many'))
);
--> statement-breakpoint
ALTER TABLE "billing_charges" ADD CONSTRAINT "billing_charges_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surcharges" ADD CONSTRAINT "surcharges_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariffs" ADD CONSTRAINT "tariffs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_charges_scope_key" ON "billing_charges" USING btree ("carrier","scope_key");--> statement-breakpoint
CREATE INDEX "billing_charges_route_idx" ON "billing_charges" USING btree ("carrier","origin","destination","effective_from");--> statement-breakpoint
CREATE INDEX "billing_charges_list_idx" ON "billing_charges" USING btree ("carrier","id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_groups_carrier_name_key" ON "billing_groups" USING btree ("carrier","name");--> statement-breakpoint
CREATE UNIQUE INDEX "surcharges_scope_key" ON "surcharges" USING btree ("carrier","scope_key");--> statement-breakpoint
CREATE INDEX "surcharges_route_idx" ON "surcharges" USING btree ("carrier","origin","destination","effective_from");--> statement-breakpoint
CREATE INDEX "surcharges_list_idx" ON "surcharges" USING btree ("carrier","id");--> statement-breakpoint
CREATE UNIQUE INDEX "tariffs_scope_key" ON "tariffs" USING btree ("carrier","scope_key");--> statement-breakpoint
CREATE INDEX "tariffs_route_idx" ON "tariffs" USING btree ("carrier","origin","destination","effective_from");--> statement-breakpoint
CREATE INDEX "tariffs_list_idx" ON "tariffs" USING btree ("carrier","id");