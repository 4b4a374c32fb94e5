import { sql, type SQL } from "drizzle-orm";
import type { Queryable } from "../db/client.server";
import { addDays } from "~/lib/analytics-period";

/** The rows of a raw statement: both drivers (PGlite, node-postgres) answer it with { rows }. */
export async function query<T>(db: Queryable, statement: SQL): Promise<T[]> {
  const result: unknown = await db.execute(statement);
  return (result as { rows: T[] }).rows;
}

/** Leads created on the UTC days from..to (both included). */
export function leadsBetween(from: string, to: string) {
  return sql`created_at >= ${utcStart(from)} and created_at < ${utcStart(addDays(to, 1))}`;
}

/** An instant as a timestamptz parameter. */
export const timestampOf = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** Midnight UTC of a day, whatever the database session's time zone. */
export function utcStart(day: string) {
  return sql`${`${day}T00:00:00Z`}::timestamptz`;
}

/** A count or sum as a number (drivers answer bigint and numeric as strings, a missing one as null). */
export const n = (value: unknown) => Number(value ?? 0);

/** Rows of each top list. */
export const TOP = 10;
