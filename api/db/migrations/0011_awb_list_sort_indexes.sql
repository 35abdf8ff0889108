CREATE INDEX "air_waybills_carrier_weight_idx" ON "air_waybills" USING btree ("carrier","weight","id");--> statement-breakpoint
CREATE INDEX "air_waybills_forwarder_weight_idx" ON "air_waybills" USING btree ("forwarder_id","weight","id");--> statement-breakpoint
CREATE INDEX "air_waybills_weight_idx" ON "air_waybills" USING btree ("weight","id");--> statement-breakpoint
CREATE INDEX "air_waybills_carrier_charge_weight_idx" ON "air_waybills" USING btree ("carrier","charge_weight","id");--> statement-breakpoint
CREATE INDEX "air_waybills_forwarder_charge_weight_idx" ON "air_waybills" USING btree ("forwarder_id","charge_weight","id");--> statement-breakpoint
CREATE INDEX "air_waybills_charge_weight_idx" ON "air_waybills" USING btree ("charge_weight","id");--> statement-breakpoint
CREATE INDEX "air_waybills_carrier_mawb_idx" ON "air_waybills" USING btree ("carrier","mawb","id");--> statement-breakpoint
CREATE INDEX "air_waybills_forwarder_mawb_idx" ON "air_waybills" USING btree ("forwarder_id","mawb","id");--> statement-breakpoint
CREATE INDEX "air_waybills_carrier_origin_iata_idx" ON "air_waybills" USING btree ("carrier","origin_iata","id");--> statement-breakpoint
CREATE INDEX "air_waybills_forwarder_origin_iata_idx" ON "air_waybills" USING btree ("forwarder_id","origin_iata","id");--> statement-breakpoint
CREATE INDEX "air_waybills_origin_iata_idx" ON "air_waybills" USING btree ("origin_iata","id");--> statement-breakpoint
CREATE INDEX "air_waybills_carrier_destination_iata_idx" ON "air_waybills" USING btree ("carrier","destination_iata","id");--> statement-breakpoint
CREATE INDEX "air_waybills_forwarder_destination_iata_idx" ON "air_waybills" USING btree ("forwarder_id","destination_iata","id");--> statement-breakpoint
CREATE INDEX "air_waybills_destination_iata_idx" ON "air_waybills" USING btree ("destination_iata","id");--> statement-breakpoint
CREATE INDEX "air_waybills_forwarder_carrier_mawb_idx" ON "air_waybills" USING btree ("forwarder_id","carrier","mawb","id");--> statement-breakpoint
CREATE INDEX "air_waybills_forwarder_carrier_origin_iata_idx" ON "air_waybills" USING btree ("forwarder_id","carrier","origin_iata","id");--> statement-breakpoint
CREATE INDEX "air_waybills_forwarder_carrier_destination_iata_idx" ON "air_waybills" USING btree ("forwarder_id","carrier","destination_iata","id");