import { asc, eq } from "drizzle-orm";
import type { Queryable } from "~/server/db/client.server";
import { blogTags } from "~/server/db/schema.server";
import { tagSlug } from "~/lib/text";

export type Tag = { id: string; name: string; slug: string };

export async function listTags(db: Queryable): Promise<Tag[]> {
  return db.select({ id: blogTags.id, name: blogTags.name, slug: blogTags.slug }).from(blogTags).orderBy(asc(blogTags.name));
}

/**
 * Adds a tag by name (slug: `tagSlug`) and returns it; a name blank after trimming gives
 * null. A tag whose slug exists already is returned as it is rather than duplicated.
 */
export async function createTag(db: Queryable, rawName: string): Promise<Tag | null> {
  const name = rawName.trim();
  if (!name) return null;
  const slug = tagSlug(name);
  const [inserted] = await db
    .insert(blogTags)
    .values({ name, slug })
    .onConflictDoNothing({ target: blogTags.slug })
    .returning({ id: blogTags.id, name: blogTags.name, slug: blogTags.slug });
  if (inserted) return inserted;
  const [existing] = await db.select({ id: blogTags.id, name: blogTags.name, slug: blogTags.slug }).from(blogTags).where(eq(blogTags.slug, slug));
  return existing ?? null;
}
