import { defineConfig } from "drizzle-kit";

// Only `drizzle-kit generate` uses this: it writes SQL migrations to ./drizzle from the schema (one file a feature).
export default defineConfig({
  dialect: "postgresql",
  schema: "./app/server/db/schema/*.server.ts",
  out: "./drizzle",
});
