ALTER TABLE "change_logs" ADD COLUMN "segment_id" integer;--> statement-breakpoint
ALTER TABLE "segments" ADD COLUMN "ffm_received_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "change_logs_segment_idx" ON "change_logs" USING btree ("segment_id","created_at");--> statement-breakpoint
-- The segment link of the change log rows written before it existed: a Segment row is its own segment.
UPDATE "change_logs" SET "segment_id" = "record_id" WHERE "record_type" = 'Segment';
