import { defineConfig } from "drizzle-kit";

// Run from the repository root: npx drizzle-kit generate --config api/drizzle.config.ts
export default defineConfig({
  dialect: "postgresql",
  schema: "./api/db/schema.ts",
  out: "./api/db/migrations",
});
