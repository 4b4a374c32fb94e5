import { eq } from "drizzle-orm";
import type { Queryable } from "~/server/db/client.server";
import { postAutosaves } from "~/server/db/schema.server";
import type { FormValues } from "~/lib/form-result";

/*
 * The one reader and writer of `post_autosaves`: a published (or scheduled) post's typed, unsaved
 * copy (decision 0016). A save of the post clears it in the save's own transaction
 * (post-writes.server.ts); 'Discard' clears it here.
 */

/** Keeps (or replaces) a post's unsaved copy. */
export async function keepPostAutosave(db: Queryable, copy: { postId: string; userId: string; values: FormValues; savedAt: Date }) {
  const { postId, userId, values, savedAt } = copy;
  await db
    .insert(postAutosaves)
    .values({ postId, userId, values, savedAt })
    .onConflictDoUpdate({ target: postAutosaves.postId, set: { userId, values, savedAt } });
}

/** A published post's unsaved copy, for the edit form to offer back; null when there is none. */
export async function getPostAutosave(db: Queryable, id: string): Promise<{ values: FormValues; savedAt: string } | null> {
  const [row] = await db
    .select({ values: postAutosaves.values, savedAt: postAutosaves.savedAt })
    .from(postAutosaves)
    .where(eq(postAutosaves.postId, id))
    .limit(1);
  return row ? { values: row.values, savedAt: row.savedAt.toISOString() } : null;
}

/** Forgets a post's unsaved copy: inside a save's transaction, or when the editor chooses 'Discard'. */
export async function clearPostAutosave(db: Queryable, id: string) {
  await db.delete(postAutosaves).where(eq(postAutosaves.postId, id));
}
