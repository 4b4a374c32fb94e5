import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Queryable } from "~/server/db/client.server";
import { blogTags, postRevisions, type blogPosts, type RevisionTag } from "~/server/db/schema.server";

/* A post's history: one revision per save (see `postRevisions`), written in the save's transaction. */

/** Who saved: the signed-in admin. */
export type Editor = { name: string; email: string };

type SavedPost = Omit<typeof blogPosts.$inferSelect, "search" | "adminSearch">;

/** Records the post as this save left it (`post`: the row the save returned), with the names of its tags. */
export async function recordRevision(tx: Queryable, post: SavedPost, tagIds: readonly string[], editor: Editor) {
  const tags: RevisionTag[] = tagIds.length
    ? await tx
        .select({ id: blogTags.id, name: blogTags.name })
        .from(blogTags)
        .where(inArray(blogTags.id, [...tagIds]))
        .orderBy(asc(blogTags.name))
    : [];
  await tx.insert(postRevisions).values({
    postId: post.id,
    version: post.version,
    authorName: editor.name,
    authorEmail: editor.email,
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt,
    content: post.content,
    category: post.category,
    published: post.published,
    featured: post.featured,
    imageUrl: post.imageUrl,
    coverAlt: post.coverAlt,
    metaTitle: post.metaTitle,
    metaDescription: post.metaDescription,
    publishedAt: post.publishedAt,
    tags,
  });
}

export type RevisionSummary = { id: string; version: number; authorName: string; authorEmail: string; title: string; createdAt: Date };

/** A post's revisions, newest first (the list of 'History'). */
export async function listRevisions(db: Queryable, postId: string): Promise<RevisionSummary[]> {
  return db
    .select({
      id: postRevisions.id,
      version: postRevisions.version,
      authorName: postRevisions.authorName,
      authorEmail: postRevisions.authorEmail,
      title: postRevisions.title,
      createdAt: postRevisions.createdAt,
    })
    .from(postRevisions)
    .where(eq(postRevisions.postId, postId))
    .orderBy(desc(postRevisions.createdAt), desc(postRevisions.version));
}

export type Revision = typeof postRevisions.$inferSelect;

/** One revision of this post; null when there is none (or it belongs to another post). */
export async function getRevision(db: Queryable, postId: string, revisionId: string): Promise<Revision | null> {
  const [row] = await db
    .select()
    .from(postRevisions)
    .where(and(eq(postRevisions.id, revisionId), eq(postRevisions.postId, postId)))
    .limit(1);
  return row ?? null;
}

/** The post's newest revision (the other editor's save, after a refused one). */
export async function latestRevision(db: Queryable, postId: string): Promise<Revision | null> {
  const [row] = await db
    .select()
    .from(postRevisions)
    .where(eq(postRevisions.postId, postId))
    .orderBy(desc(postRevisions.createdAt), desc(postRevisions.version))
    .limit(1);
  return row ?? null;
}
