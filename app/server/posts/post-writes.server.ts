import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db, Queryable, Tx } from "~/server/db/client.server";
import { blogPostTags, blogPosts } from "~/server/db/schema.server";
import { adminGetPost, editableColumns, type AdminPost } from "./admin-post-queries.server";
import { clearPostAutosave } from "./post-autosave-queries.server";
import { recordRevision, type Editor } from "./revision-queries.server";

/*
 * The one writer of blog_posts and blog_post_tags: saves (a new revision each), autosave of a
 * draft, preview tokens and the demo content. The other writes of posts in this folder are the
 * trash (trash.server.ts: moving to and from the trash, purging) and the list's bulk publish
 * (post-bulk.server.ts). Reads are in admin-posts.server.ts (back-office) and posts.server.ts
 * (public site).
 */

export type PostInput = {
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  category: string;
  author: string;
  published: boolean;
  featured: boolean;
  imageUrl: string | null;
  /** The cover's alt text and the search-result overrides; left out (seeding, scripts), the stored ones are kept (new posts: empty). */
  coverAlt?: string;
  metaTitle?: string;
  metaDescription?: string;
  readTime: number;
  /**
   * The publication date the editor chose: a date is stored as is (in the future, a published
   * post is scheduled); null means none chosen; left out, the stored one is kept. A published
   * post without one is dated now. Unpublishing keeps the date.
   */
  publishedAt?: Date | null;
};

/** The publication time to store (see `PostInput.publishedAt`): never refreshed by a plain re-save. */
function publicationTime({ published, publishedAt }: PostInput) {
  if (publishedAt) return publishedAt;
  if (publishedAt === null) return published ? new Date() : null;
  return published ? sql`coalesce(${blogPosts.publishedAt}, now())` : sql`${blogPosts.publishedAt}`;
}

function withPublicationTime(input: PostInput) {
  const { publishedAt: _chosen, ...fields } = input;
  return { ...fields, publishedAt: publicationTime(input) };
}

async function replaceTagLinks(tx: Queryable, postId: string, tagIds: string[]) {
  await tx.delete(blogPostTags).where(eq(blogPostTags.postId, postId));
  const unique = [...new Set(tagIds)];
  if (unique.length) await tx.insert(blogPostTags).values(unique.map((tagId) => ({ postId, tagId })));
}

/** Who saved when no admin did (seeding, scripts, tests): named in the revision. */
export const SYSTEM_EDITOR: Editor = { name: "System", email: "system" };

/** What a save also needs: who saves (for the revision) and, for an update, the version the editor opened. */
export type SaveOptions = {
  editor?: Editor;
  expectedVersion?: number;
  /** Runs inside the save's transaction with the saved row (the audit-log entry: both are written or neither). */
  onSaved?: (tx: Tx, saved: Omit<AdminPost, "tagIds">) => Promise<void>;
};

/** Creates a post, its tag links and its first revision in one transaction; returns the new row's id and slug. */
export async function createPost(db: Db, input: PostInput, tagIds: string[], { editor = SYSTEM_EDITOR, onSaved }: SaveOptions = {}) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(blogPosts)
      .values(withPublicationTime({ ...input, publishedAt: input.publishedAt ?? null }))
      .returning(editableColumns);
    await replaceTagLinks(tx, row!.id, tagIds);
    await recordRevision(tx, row!, tagIds, editor);
    await onSaved?.(tx, row!);
    return { id: row!.id, slug: row!.slug };
  });
}

/**
 * Updates a post, replaces its tag links (an empty list clears them), records the revision and
 * drops the post's unsaved copy (post_autosaves) in one transaction, raising the post's version. With `expectedVersion`, a post saved since (another
 * version) is left untouched: the answer is "stale". null: no such post (or it is in the trash).
 */
export async function updatePost(
  db: Db,
  id: string,
  input: PostInput,
  tagIds: string[],
  { editor = SYSTEM_EDITOR, expectedVersion, onSaved }: SaveOptions = {},
) {
  return db.transaction(async (tx) => {
    const match = expectedVersion === undefined ? eq(blogPosts.id, id) : and(eq(blogPosts.id, id), eq(blogPosts.version, expectedVersion));
    const [row] = await tx
      .update(blogPosts)
      .set({ ...withPublicationTime(input), updatedAt: new Date(), version: sql`${blogPosts.version} + 1` })
      .where(match)
      .returning(editableColumns);
    if (!row) return expectedVersion !== undefined && (await adminGetPost(tx, id)) ? ("stale" as const) : null;
    await replaceTagLinks(tx, id, tagIds);
    await recordRevision(tx, row, tagIds, editor);
    // Saved: the unsaved copy is now in the post or was overwritten by it; a failed save keeps it.
    await clearPostAutosave(tx, id);
    await onSaved?.(tx, row);
    return { id: row.id, slug: row.slug };
  });
}

/** What autosave writes over a draft: the typed fields, never `published` or the publication date. */
export type DraftTyping = Pick<
  PostInput,
  "title" | "slug" | "excerpt" | "content" | "category" | "featured" | "imageUrl" | "coverAlt" | "metaTitle" | "metaDescription" | "readTime"
>;

/**
 * Autosave of a draft (decision 0016): the typed fields and tag links, written over the post only
 * while it is still a draft at `version` (so autosave never publishes it and never overwrites a
 * save made since), with no new version or revision; any unsaved copy goes, all in one
 * transaction. False: nothing was written.
 */
export async function writeDraftTyping(db: Db, id: string, version: number, typed: DraftTyping, tagIds: string[], savedAt: Date) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(blogPosts)
      .set({ ...typed, updatedAt: savedAt })
      .where(and(eq(blogPosts.id, id), eq(blogPosts.published, false), eq(blogPosts.version, version), isNull(blogPosts.deletedAt)))
      .returning({ id: blogPosts.id });
    if (!row) return false;
    await replaceTagLinks(tx, id, tagIds);
    await clearPostAutosave(tx, id);
    return true;
  });
}

/**
 * Stores `token` as the post's preview token unless it has one (two clicks at once end with one
 * shared token); answers the stored token and the slug, null when there is no such post.
 */
export async function setPreviewTokenOnce(db: Queryable, id: string, token: string): Promise<{ slug: string; token: string } | null> {
  await db
    .update(blogPosts)
    .set({ previewToken: token })
    .where(and(eq(blogPosts.id, id), isNull(blogPosts.previewToken)));
  const [row] = await db.select({ slug: blogPosts.slug, token: blogPosts.previewToken }).from(blogPosts).where(eq(blogPosts.id, id)).limit(1);
  return row?.token ? { slug: row.slug, token: row.token } : null;
}

/** Clears the post's preview token; false when there is no such post. */
export async function clearPreviewToken(db: Queryable, id: string): Promise<boolean> {
  const rows = await db.update(blogPosts).set({ previewToken: null }).where(eq(blogPosts.id, id)).returning({ id: blogPosts.id });
  return rows.length > 0;
}

/** A post with its id and dates given (the demo content). */
export type FixedPost = typeof blogPosts.$inferInsert & { id: string };

/** Inserts posts with fixed ids and their tag links; a post whose id exists is left as it is. Answers the ids inserted. */
export async function insertPostsIfAbsent(db: Queryable, posts: { row: FixedPost; tagIds: string[] }[]): Promise<Set<string>> {
  if (posts.length === 0) return new Set();
  const inserted = await db
    .insert(blogPosts)
    .values(posts.map((p) => p.row))
    .onConflictDoNothing()
    .returning({ id: blogPosts.id });
  const ids = new Set(inserted.map((r) => r.id));
  const links = posts.filter((p) => ids.has(p.row.id)).flatMap((p) => p.tagIds.map((tagId) => ({ postId: p.row.id, tagId })));
  if (links.length) await db.insert(blogPostTags).values(links).onConflictDoNothing();
  return ids;
}
