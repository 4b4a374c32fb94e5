/**
 * The database schema, one file a feature in ./schema/ (drizzle.config.ts reads them all). Code
 * imports the tables from here; migrations are generated from the files (`npm run db:generate`).
 */
export * from "./schema/posts.server";
export * from "./schema/site.server";
export * from "./schema/leads.server";
export * from "./schema/analytics.server";
export * from "./schema/accounts.server";
export * from "./schema/limits.server";
export * from "./schema/audit.server";
export * from "./schema/case-studies.server";
export * from "./schema/scheduler.server";
