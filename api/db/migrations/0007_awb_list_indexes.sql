DROP INDEX "air_waybills_forwarder_created_idx";--> statement-breakpoint
DROP INDEX "air_waybills_carrier_created_idx";--> statement-breakpoint
DROP INDEX "air_waybills_carrier_departure_idx";--> statement-breakpoint
DROP INDEX "air_waybills_forwarder_departure_idx";--> statement-breakpoint
DROP INDEX "air_waybills_carrier_issued_idx";--> statement-breakpoint
DROP INDEX "air_waybills_carrier_departed_idx";--> statement-breakpoint
DROP INDEX "air_waybills_carrier_tariff_idx";--> statement-breakpoint
DROP INDEX "air_waybills_carrier_warning_idx";--> statement-breakpoint
DROP INDEX "air_waybills_carrier_voided_idx";--> statement-breakpoint
DROP INDEX "air_waybills_carrier_requests_idx";--> statement-breakpoint
CREATE INDEX "air_waybills_carrier_list_idx" ON "air_waybills" USING btree ("carrier","created_at","id","voided_at","issued_at","departed_at","delivered_at","verified_at","billing_date","booking_status","charter","warnings","void_payment","origin_iata","destination_iata","forwarder_id");--> statement-breakpoint
CREATE INDEX "air_waybills_forwarder_list_idx" ON "air_waybills" USING btree ("forwarder_id","created_at","id","voided_at","issued_at","departed_at","delivered_at","verified_at","billing_date","booking_status","charter","warnings","void_payment","origin_iata","destination_iata","carrier");--> statement-breakpoint
CREATE INDEX "air_waybills_all_list_idx" ON "air_waybills" USING btree ("created_at","id","voided_at","issued_at","departed_at","delivered_at","verified_at","billing_date","booking_status","charter","warnings","void_payment","origin_iata","destination_iata","carrier","forwarder_id");--> statement-breakpoint
CREATE INDEX "air_waybills_carrier_departure_at_idx" ON "air_waybills" USING btree ("carrier","departure_at","id");--> statement-breakpoint
CREATE INDEX "air_waybills_forwarder_departure_at_idx" ON "air_waybills" USING btree ("forwarder_id","departure_at","id");--> statement-breakpoint
CREATE INDEX "air_waybills_departure_at_idx" ON "air_waybills" USING btree ("departure_at","id");--> statement-breakpoint
CREATE INDEX "air_waybills_carrier_issued_at_idx" ON "air_waybills" USING btree ("carrier","issued_at","id");--> statement-breakpoint
CREATE INDEX "air_waybills_forwarder_issued_at_idx" ON "air_waybills" USING btree ("forwarder_id","issued_at","id");--> statement-breakpoint
CREATE INDEX "air_waybills_issued_at_idx" ON "air_waybills" USING btree ("issued_at","id");--> statement-breakpoint
CREATE INDEX "air_waybills_carrier_departed_at_idx" ON "air_waybills" USING btree ("carrier","departed_at","id");--> statement-breakpoint
CREATE INDEX "air_waybills_forwarder_departed_at_idx" ON "air_waybills" USING btree ("forwarder_id","departed_at","id");--> statement-breakpoint
CREATE INDEX "air_waybills_departed_at_idx" ON "air_waybills" USING btree ("departed_at","id");--> statement-breakpoint
CREATE INDEX "air_waybills_carrier_tariff_date_idx" ON "air_waybills" USING btree ("carrier","tariff_date","id");--> statement-breakpoint
CREATE INDEX "air_waybills_forwarder_tariff_date_idx" ON "air_waybills" USING btree ("forwarder_id","tariff_date","id");--> statement-breakpoint
CREATE INDEX "air_waybills_tariff_date_idx" ON "air_waybills" USING btree ("tariff_date","id");--> statement-breakpoint
CREATE INDEX "air_waybills_tab_booking_idx" ON "air_waybills" USING btree ("created_at","id","carrier","forwarder_id") WHERE ("air_waybills"."voided_at" is null and "air_waybills"."issued_at" is null and "air_waybills"."departed_at" is null);--> statement-breakpoint
CREATE INDEX "air_waybills_tab_tracking_idx" ON "air_waybills" USING btree ("created_at","id","carrier","forwarder_id") WHERE ("air_waybills"."voided_at" is null and "air_waybills"."delivered_at" is null and ("air_waybills"."departed_at" is not null or "air_waybills"."booking_status" in ('requested', 'confirmed')));--> statement-breakpoint
CREATE INDEX "air_waybills_warning_idx" ON "air_waybills" USING btree ("created_at","id","carrier","forwarder_id") WHERE cardinality("air_waybills"."warnings") > 0;--> statement-breakpoint
CREATE INDEX "air_waybills_voided_idx" ON "air_waybills" USING btree ("created_at","id","carrier","forwarder_id","void_payment") WHERE "air_waybills"."voided_at" is not null;--> statement-breakpoint
CREATE INDEX "air_waybills_requested_idx" ON "air_waybills" USING btree ("created_at","id","carrier","forwarder_id") WHERE "air_waybills"."booking_status" = 'requested';--> statement-breakpoint
CREATE INDEX "air_waybills_cancelled_idx" ON "air_waybills" USING btree ("created_at","id","carrier","forwarder_id") WHERE "air_waybills"."booking_status" = 'cancelled';--> statement-breakpoint
CREATE INDEX "air_waybills_not_booked_idx" ON "air_waybills" USING btree ("created_at","id","carrier","forwarder_id") WHERE "air_waybills"."booking_status" in ('none', 'unable');--> statement-breakpoint
CREATE INDEX "air_waybills_charter_idx" ON "air_waybills" USING btree ("created_at","id","carrier","forwarder_id") WHERE "air_waybills"."charter";