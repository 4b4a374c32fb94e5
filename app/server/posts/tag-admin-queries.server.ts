import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { Queryable, Tx } from "~/server/db/client.server";
import { blogPostTags, blogTags } from "~/server/db/schema.server";
import { tagSlug } from "~/lib/text";
import type { Tag } from "./tag-queries.server";

/** A tag as /admin/tags lists it: with the number of posts that carry it (those in the trash included: they lose it too). */
export type TagUsage = Tag & { posts: number };

const tagColumns = { id: blogTags.id, name: blogTags.name, slug: blogTags.slug };

/** Every tag, A to Z whatever the case, with its number of posts. */
export async function listTagUsage(db: Queryable): Promise<TagUsage[]> {
  return db
    .select({ ...tagColumns, posts: sql<number>`count(${blogPostTags.postId})::int` })
    .from(blogTags)
    .leftJoin(blogPostTags, eq(blogPostTags.tagId, blogTags.id))
    .groupBy(blogTags.id)
    .orderBy(sql`lower(${blogTags.name})`, asc(blogTags.name));
}

/** One tag and its number of posts, locked until the transaction ends (a merge or delete counts what it changes). */
async function lockedTag(tx: Tx, id: string): Promise<TagUsage | null> {
  const [tag] = await tx.select(tagColumns).from(blogTags).where(eq(blogTags.id, id)).for("update");
  if (!tag) return null;
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(blogPostTags)
    .where(eq(blogPostTags.tagId, id));
  return { ...tag, posts: row?.n ?? 0 };
}

export type RenameOutcome =
  { kind: "renamed"; before: Tag; after: Tag } | { kind: "unchanged"; tag: Tag } | { kind: "clash"; other: Tag } | { kind: "missing" };

/**
 * Renames a tag; its slug follows the name as the tag picker makes it (`tagSlug`). A name whose
 * slug belongs to another tag is refused (`clash`): the two would be one tag, which is a merge.
 */
export async function renameTag(tx: Tx, id: string, name: string): Promise<RenameOutcome> {
  const [before] = await tx.select(tagColumns).from(blogTags).where(eq(blogTags.id, id)).for("update");
  if (!before) return { kind: "missing" };
  const slug = tagSlug(name);
  const [other] = await tx
    .select(tagColumns)
    .from(blogTags)
    .where(and(eq(blogTags.slug, slug), ne(blogTags.id, id)))
    .limit(1);
  if (other) return { kind: "clash", other };
  if (before.name === name && before.slug === slug) return { kind: "unchanged", tag: before };
  const [after] = await tx.update(blogTags).set({ name, slug }).where(eq(blogTags.id, id)).returning(tagColumns);
  return { kind: "renamed", before, after: after! };
}

export type MergeOutcome = { kind: "merged"; from: TagUsage; into: TagUsage; retagged: number } | { kind: "missing"; which: "from" | "into" };

/**
 * Merges tag `fromId` into `intoId`: every post of the first gets the second (a post that had
 * both keeps one link), then the first tag is deleted. `retagged`: the posts that gained `into`.
 */
export async function mergeTag(tx: Tx, fromId: string, intoId: string): Promise<MergeOutcome> {
  // Locked in a fixed order, so two merges of the same pair the other way round cannot deadlock.
  const [first, second] = fromId < intoId ? [fromId, intoId] : [intoId, fromId];
  const locked = new Map<string, TagUsage | null>([
    [first, await lockedTag(tx, first)],
    [second, await lockedTag(tx, second)],
  ]);
  const from = locked.get(fromId);
  const into = locked.get(intoId);
  if (!from) return { kind: "missing", which: "from" };
  if (!into) return { kind: "missing", which: "into" };
  const moved = await tx.execute(
    sql`insert into ${blogPostTags} (post_id, tag_id) select post_id, ${intoId} from ${blogPostTags} where tag_id = ${fromId} on conflict do nothing`,
  );
  await tx.delete(blogTags).where(eq(blogTags.id, fromId));
  return { kind: "merged", from, into, retagged: affectedRows(moved) };
}

/** Deletes a tag (its links to posts go with it; the posts stay). Null when it no longer exists. */
export async function deleteTag(tx: Tx, id: string): Promise<TagUsage | null> {
  const tag = await lockedTag(tx, id);
  if (!tag) return null;
  await tx.delete(blogTags).where(eq(blogTags.id, id));
  return tag;
}

/** The rows an INSERT … SELECT wrote, as node-postgres (`rowCount`) and PGlite (`affectedRows`) report it. */
function affectedRows(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return r.affectedRows ?? r.rowCount ?? 0;
}
