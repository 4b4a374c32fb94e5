import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/* The audit log (docs/decisions/0031). */

/**
 * Who changed what, append-only (app/server/admin/audit.server.ts writes it; nothing in the app updates
 * or deletes a row). A trigger (drizzle/*_audit-log-append-only.sql) refuses UPDATE, and DELETE of
 * any entry younger than a year, so only the retention purge can remove rows. The actor's address
 * is copied: the account may be deleted later. A failed sign-in has no actor id, only the address tried.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorId: text("actor_id"),
    /** Lower-cased; null for the system (timers). */
    actorEmail: text("actor_email"),
    /** "<target type>.<verb>", e.g. post.publish, auth.sign-in-failed (app/lib/audit.ts lists them). */
    action: text("action").notNull(),
    targetType: text("target_type"),
    targetId: text("target_id"),
    targetLabel: text("target_label"),
    summary: text("summary").notNull(),
    /** Only the changed fields, long text cut short (app/server/admin/audit.server.ts `changedFields`). */
    before: jsonb("before").$type<Record<string, unknown>>(),
    after: jsonb("after").$type<Record<string, unknown>>(),
    /** The client's address as the server saw it (TRUST_PROXY rules); null when unknown. */
    ip: text("ip"),
    requestId: text("request_id"),
  },
  (t) => [
    // Newest first (ORDER BY at DESC, id DESC means NULLS FIRST; the index gives the order).
    index("audit_log_at_idx").on(t.at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // ?person= (an address or its beginning: LIKE 'x%') and ?type= (one action or a group's actions).
    index("audit_log_actor_idx").on(t.actorEmail.op("text_pattern_ops"), t.at.desc().nullsFirst()),
    index("audit_log_action_idx").on(t.action, t.at.desc().nullsFirst()),
  ],
);
