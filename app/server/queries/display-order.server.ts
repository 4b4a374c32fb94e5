import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { teamMembers, testimonials } from "../db/schema.server";

/** The tables whose rows an admin orders by hand (display order). */
export const ORDERED_TABLES = { "team-member": teamMembers, testimonial: testimonials } as const;
export type OrderedKind = keyof typeof ORDERED_TABLES;

/**
 * Numbers the listed records 1, 2, 3… in the given order, in one transaction. Records in the trash
 * or gone are skipped (the others keep their place); records not listed keep their display order.
 * Returns how many were renumbered.
 */
export async function saveDisplayOrder(db: Db, kind: OrderedKind, ids: readonly string[]): Promise<number> {
  const table = ORDERED_TABLES[kind];
  return db.transaction(async (tx) => {
    let position = 0;
    for (const id of ids) {
      const rows = await tx
        .update(table)
        .set({ displayOrder: position + 1 })
        .where(and(eq(table.id, id), isNull(table.deletedAt)))
        .returning({ id: table.id });
      if (rows.length > 0) position += 1;
    }
    return position;
  });
}
