DROP INDEX "air_waybills_tab_booking_idx";--> statement-breakpoint
DROP INDEX "air_waybills_tab_tracking_idx";--> statement-breakpoint
DROP INDEX "air_waybills_warning_idx";--> statement-breakpoint
DROP INDEX "air_waybills_voided_idx";--> statement-breakpoint
DROP INDEX "air_waybills_requested_idx";--> statement-breakpoint
DROP INDEX "air_waybills_cancelled_idx";--> statement-breakpoint
DROP INDEX "air_waybills_not_booked_idx";--> statement-breakpoint
DROP INDEX "air_waybills_charter_idx";--> statement-breakpoint
CREATE INDEX "air_waybills_tab_booking_idx" ON "air_waybills" USING btree ("created_at","id","carrier","forwarder_id","weight","charge_weight","mawb","origin_iata","destination_iata") WHERE ("air_waybills"."voided_at" is null and "air_waybills"."issued_at" is null and "air_waybills"."departed_at" is null);--> statement-breakpoint
CREATE INDEX "air_waybills_tab_tracking_idx" ON "air_waybills" USING btree ("created_at","id","carrier","forwarder_id","weight","charge_weight","mawb","origin_iata","destination_iata") WHERE ("air_waybills"."voided_at" is null and "air_waybills"."delivered_at" is null and ("air_waybills"."departed_at" is not null or "air_waybills"."booking_status" in ('requested', 'confirmed')));--> statement-breakpoint
CREATE INDEX "air_waybills_warning_idx" ON "air_waybills" USING btree ("created_at","id","carrier","forwarder_id","weight","charge_weight","mawb","origin_iata","destination_iata") WHERE "air_waybills"."warnings" <> '{}';--> statement-breakpoint
CREATE INDEX "air_waybills_voided_idx" ON "air_waybills" USING btree ("created_at","id","carrier","forwarder_id","void_payment","weight","charge_weight","mawb","origin_iata","destination_iata") WHERE "air_waybills"."voided_at" is not null;--> statement-breakpoint
CREATE INDEX "air_waybills_requested_idx" ON "air_waybills" USING btree ("created_at","id","carrier","forwarder_id","weight","charge_weight","mawb","origin_iata","destination_iata") WHERE "air_waybills"."booking_status" = 'requested';--> statement-breakpoint
CREATE INDEX "air_waybills_cancelled_idx" ON "air_waybills" USING btree ("created_at","id","carrier","forwarder_id","weight","charge_weight","mawb","origin_iata","destination_iata") WHERE "air_waybills"."booking_status" = 'cancelled';--> statement-breakpoint
CREATE INDEX "air_waybills_not_booked_idx" ON "air_waybills" USING btree ("created_at","id","carrier","forwarder_id","weight","charge_weight","mawb","origin_iata","destination_iata") WHERE "air_waybills"."booking_status" in ('none', 'unable');--> statement-breakpoint
CREATE INDEX "air_waybills_charter_idx" ON "air_waybills" USING btree ("created_at","id","carrier","forwarder_id","weight","charge_weight","mawb","origin_iata","destination_iata") WHERE "air_waybills"."charter";