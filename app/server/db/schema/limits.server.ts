import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/* Request limits shared by every process (docs/decisions/0032). */

/**
 * Fixed-window request counters shared by every process (audit requests, beacon events): one row
 * per limited key ("leads:<address>"), counted with an atomic upsert; expired rows are purged hourly.
 */
export const requestLimits = pgTable(
  "request_limits",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("request_limits_reset_at_idx").on(t.resetAt)],
);
