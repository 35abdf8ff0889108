CREATE TYPE "public"."business_type" AS ENUM('platform', 'airline', 'forwarder', 'handler', 'visitor');--> statement-breakpoint
CREATE TYPE "public"."locale" AS ENUM('en', 'ru');--> statement-breakpoint
CREATE TYPE "public"."notification_level" AS ENUM('info', 'warning', 'error');--> statement-breakpoint
CREATE TYPE "public"."user_role" AS ENUM('admin', 'operator', 'manager', 'billing', 'ics_inspector', 'com_cor');--> statement-breakpoint
CREATE TABLE "companies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "companies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_type" "business_type" NOT NULL,
	"name" text NOT NULL,
	"short_name" text NOT NULL,
	"local_name" text,
	"operations_type" text,
	"address" text,
	"city" text,
	"local_city" text,
	"local_address" text,
	"country" text,
	"tax_number" text,
	"post_code" text,
	"default_airport" text,
	"forwarder_iata_code" text,
	"cass_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"pima" text,
	"pima_location" text,
	"eori" text,
	"account_number" text,
	"access_to_all_carriers" boolean DEFAULT false NOT NULL,
	"cimp_code" text,
	"cimp_email" text,
	"cimp_sita" text,
	"contacts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"customs_operational_hours" text,
	"terminal_operational_hours" text,
	"dg_storage" boolean DEFAULT false NOT NULL,
	"dme_sli_token" text,
	"email" text,
	"interline_booking" boolean DEFAULT false NOT NULL,
	"intl_cargo_accepted" boolean DEFAULT false NOT NULL,
	"invisible" boolean DEFAULT false NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"location_iata" text,
	"maildomain" text,
	"notes" text,
	"permitted_carriers" text[] DEFAULT '{}'::text[] NOT NULL,
	"permitted_segments_origins" text[] DEFAULT '{}'::text[] NOT NULL,
	"phone" text,
	"service_shcs" text[] DEFAULT '{}'::text[] NOT NULL,
	"shcs_accepted" text[] DEFAULT '{}'::text[] NOT NULL,
	"web_link" text,
	"carrier" text,
	"bi_dashboard_id" text,
	"has_access_to_new_air_waybills_page" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "airlines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "airlines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"carrier" text NOT NULL,
	"awb_prefix" text NOT NULL,
	"name" text NOT NULL,
	"interline_accepted_prefixes" text[] DEFAULT '{}'::text[] NOT NULL,
	"icao_code" text,
	"cyrillic_code" text,
	"country_code" text,
	"address" text,
	"aci_controlled" boolean DEFAULT false NOT NULL,
	"schedule_interline" boolean DEFAULT false NOT NULL,
	"auto_billing" boolean DEFAULT false NOT NULL,
	"auto_awb_verification" boolean DEFAULT false NOT NULL,
	"cw_auto_calculation" boolean DEFAULT true NOT NULL,
	"chargeable_ratio" numeric DEFAULT '6000' NOT NULL,
	"min_charge_weight" numeric,
	"cw_rounding_rule" text,
	"billing_date_source" text,
	"tariffs_publication" boolean DEFAULT false NOT NULL,
	"segments_types_prohibited_for_booking" text[] DEFAULT '{}'::text[] NOT NULL,
	"forbidden_shcs" text[] DEFAULT '{}'::text[] NOT NULL,
	"manual_processing_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"codes_for_fbl" text[] DEFAULT '{}'::text[] NOT NULL,
	"awb_rule_allowed_manual_routes" text[] DEFAULT '{}'::text[] NOT NULL,
	"awb_rule_mustgo_stations" text[] DEFAULT '{}'::text[] NOT NULL,
	"awb_rule_fbl_notice_stations" text[] DEFAULT '{}'::text[] NOT NULL,
	"pax_weight" jsonb,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"show_settings" boolean DEFAULT false NOT NULL,
	"show_loadfactor_data" boolean DEFAULT false NOT NULL,
	"tax_id_required" boolean DEFAULT false NOT NULL,
	"balances_enabled" boolean DEFAULT false NOT NULL,
	"cass_link_report" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_profiles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_profiles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"role" "user_role" DEFAULT 'operator' NOT NULL,
	"current" boolean DEFAULT false NOT NULL,
	"blocked" boolean DEFAULT false NOT NULL,
	"description" text,
	"stations_allowed" text[] DEFAULT '{}'::text[] NOT NULL,
	"stations_denied" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"firstname" text DEFAULT '' NOT NULL,
	"lastname" text DEFAULT '' NOT NULL,
	"phone" text,
	"locale" "locale" DEFAULT 'en' NOT NULL,
	"system" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "login_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oauth_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "oauth_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"carrier" text,
	"scope" text DEFAULT 'public' NOT NULL,
	"access_token_hash" text NOT NULL,
	"refresh_token_hash" text NOT NULL,
	"expires_in" integer NOT NULL,
	"refresh_expires_at" timestamp with time zone NOT NULL,
	"remember_me" boolean DEFAULT false NOT NULL,
	"previous_refresh_token_hash" text,
	"created_at" timestamp with time zone NOT NULL,
	"rotated_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "password_resets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox_emails" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outbox_emails_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "global_notifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "global_notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"carrier" text,
	"en_text" text NOT NULL,
	"ru_text" text NOT NULL,
	"level" "notification_level" DEFAULT 'info' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"show_once" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_notifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"en_text" text NOT NULL,
	"ru_text" text NOT NULL,
	"level" "notification_level" DEFAULT 'info' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"show_once" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_profiles" ADD CONSTRAINT "user_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD CONSTRAINT "user_profiles_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_tokens" ADD CONSTRAINT "oauth_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_notifications" ADD CONSTRAINT "user_notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "companies_short_name_key" ON "companies" USING btree ("short_name");--> statement-breakpoint
CREATE INDEX "companies_carrier_idx" ON "companies" USING btree ("carrier");--> statement-breakpoint
CREATE INDEX "companies_business_type_idx" ON "companies" USING btree ("business_type");--> statement-breakpoint
CREATE UNIQUE INDEX "airlines_carrier_key" ON "airlines" USING btree ("carrier");--> statement-breakpoint
CREATE INDEX "airlines_awb_prefix_idx" ON "airlines" USING btree ("awb_prefix");--> statement-breakpoint
CREATE UNIQUE INDEX "user_profiles_user_company_key" ON "user_profiles" USING btree ("user_id","company_id");--> statement-breakpoint
CREATE INDEX "user_profiles_company_idx" ON "user_profiles" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_profiles_one_current_key" ON "user_profiles" USING btree ("user_id") WHERE "user_profiles"."current";--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "login_attempts_key_at_idx" ON "login_attempts" USING btree ("key","at");--> statement-breakpoint
CREATE UNIQUE INDEX "oauth_tokens_access_token_hash_key" ON "oauth_tokens" USING btree ("access_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "oauth_tokens_refresh_token_hash_key" ON "oauth_tokens" USING btree ("refresh_token_hash");--> statement-breakpoint
CREATE INDEX "oauth_tokens_user_idx" ON "oauth_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "password_resets_token_hash_key" ON "password_resets" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "password_resets_user_idx" ON "password_resets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "outbox_emails_to_created_idx" ON "outbox_emails" USING btree ("to","created_at");--> statement-breakpoint
CREATE INDEX "global_notifications_active_carrier_idx" ON "global_notifications" USING btree ("active","carrier");--> statement-breakpoint
CREATE INDEX "user_notifications_user_active_idx" ON "user_notifications" USING btree ("user_id","active");