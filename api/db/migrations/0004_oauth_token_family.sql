-- Grants issued before families existed each start their own (a rotation chain from before is not rebuilt: those grants expire within a day or a remembered month).
ALTER TABLE "oauth_tokens" ADD COLUMN "family_id" text;--> statement-breakpoint
UPDATE "oauth_tokens" SET "family_id" = 'legacy-' || "id"::text WHERE "family_id" IS NULL;--> statement-breakpoint
ALTER TABLE "oauth_tokens" ALTER COLUMN "family_id" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "oauth_tokens_family_idx" ON "oauth_tokens" USING btree ("family_id");
