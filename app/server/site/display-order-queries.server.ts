import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "~/server/db/client.server";
import { teamMembers, testimonials } from "~/server/db/schema.server";
import { orderedValues } from "~/lib/display-order";

/** The tables whose rows an admin orders by hand (display order). */
export const ORDERED_TABLES = { "team-member": teamMembers, testimonial: testimonials } as const;
export type OrderedKind = keyof typeof ORDERED_TABLES;

/**
 * Gives the listed records (not those in the trash) display orders that list them in the given
 * order, changing as few as possible (see `orderedValues`), in one transaction. Records not listed
 * keep theirs. Returns how many of the listed records exist, or null when none does.
 */
export async function saveDisplayOrder(db: Db, kind: OrderedKind, ids: readonly string[]): Promise<number | null> {
  const table = ORDERED_TABLES[kind];
  return db.transaction(async (tx) => {
    const current = await tx
      .select({ id: table.id, displayOrder: table.displayOrder })
      .from(table)
      .where(and(inArray(table.id, [...ids]), isNull(table.deletedAt)))
      .orderBy(asc(table.displayOrder), asc(table.createdAt), asc(table.id))
      .for("update");
    if (current.length === 0) return null;
    const known = new Set(current.map((row) => row.id));
    const changes = orderedValues(
      current,
      ids.filter((id) => known.has(id)),
    );
    for (const [id, displayOrder] of changes) await tx.update(table).set({ displayOrder }).where(eq(table.id, id));
    return current.length;
  });
}
