import { and, inArray, isNull, sql } from "drizzle-orm";
import type { Queryable } from "~/server/db/client.server";
import { blogPosts } from "~/server/db/schema.server";

/**
 * Publishes or unpublishes the posts with these ids (not those in the trash); returns how many
 * there were. Publishing dates a post now only when it has no publication date yet: an existing
 * date is never overwritten (re-publishing keeps it), and unpublishing keeps it too.
 */
export async function setPostsPublished(db: Queryable, ids: string[], published: boolean, now = new Date()): Promise<number> {
  if (ids.length === 0) return 0;
  // A new version: an edit form opened before this cannot silently undo it (optimistic concurrency).
  const version = sql`${blogPosts.version} + 1`;
  const rows = await db
    .update(blogPosts)
    .set(
      published
        ? { published: true, publishedAt: sql`coalesce(${blogPosts.publishedAt}, ${now.toISOString()}::timestamptz)`, updatedAt: now, version }
        : { published: false, updatedAt: now, version },
    )
    .where(and(inArray(blogPosts.id, ids), isNull(blogPosts.deletedAt)))
    .returning({ id: blogPosts.id });
  return rows.length;
}
