import { customType, timestamp } from "drizzle-orm/pg-core";

/** Columns and types several tables share. */
export const tsvector = customType<{ data: string }>({
  dataType: () => "tsvector",
});

export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
/** When the record was moved to the trash (null: not trashed); trashed records are purged after 30 days. */
export const deletedAt = () => timestamp("deleted_at", { withTimezone: true });
