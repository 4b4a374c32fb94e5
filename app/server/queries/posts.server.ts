import { and, desc, eq, getTableColumns, inArray, ne, sql, type SQL } from "drizzle-orm";
import type { Db, Queryable } from "../db/client.server";
import { blogPostTags, blogPosts, blogTags } from "../db/schema.server";

/* ------------------------------------------------------------------ public reads */

/** The display date of SPEC.md §3: published_at, else created_at. */
const displayDate = sql<Date>`coalesce(${blogPosts.publishedAt}, ${blogPosts.createdAt})`.mapWith(blogPosts.createdAt);

const cardColumns = {
  id: blogPosts.id,
  title: blogPosts.title,
  slug: blogPosts.slug,
  excerpt: blogPosts.excerpt,
  category: blogPosts.category,
  imageUrl: blogPosts.imageUrl,
  readTime: blogPosts.readTime,
  featured: blogPosts.featured,
  date: displayDate,
};

export type PostCard = {
  id: string;
  title: string;
  slug: string;
  excerpt: string;
  category: string;
  imageUrl: string | null;
  readTime: number;
  featured: boolean;
  date: Date;
};

/**
 * Turns what a visitor typed into a prefix full-text query: every word must match, and the
 * last one may be unfinished ("autom" finds "automation"). Returns null for nothing searchable.
 */
export function toPrefixTsQuery(input: string): string | null {
  const words = input
    .toLowerCase()
    .normalize("NFKC")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
  if (words.length === 0) return null;
  return words.map((w) => `${w}:*`).join(" & ");
}

export type PostFilter = {
  category?: string | null;
  q?: string | null;
  /** Leaves one post out (the featured card's, so it is not shown twice). */
  excludeId?: string | null;
};

function publicWhere(filter: PostFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [eq(blogPosts.published, true)];
  if (filter.category && filter.category !== "All") parts.push(eq(blogPosts.category, filter.category));
  const tsQuery = filter.q ? toPrefixTsQuery(filter.q) : null;
  if (filter.q && filter.q.trim() && !tsQuery) parts.push(sql`false`);
  if (tsQuery) parts.push(sql`${blogPosts.search} @@ to_tsquery('simple', ${tsQuery})`);
  if (filter.excludeId) parts.push(ne(blogPosts.id, filter.excludeId));
  return and(...parts);
}

const newestFirst = [sql`${blogPosts.publishedAt} desc nulls last`, desc(blogPosts.createdAt), desc(blogPosts.id)];

/** Published posts, newest first, optionally by category and search; one page plus whether more follow. */
export async function listPublishedPosts(
  db: Queryable,
  filter: PostFilter & { limit?: number; offset?: number } = {},
): Promise<{ posts: PostCard[]; hasMore: boolean }> {
  const limit = Math.min(Math.max(filter.limit ?? 12, 1), 100);
  const offset = Math.max(filter.offset ?? 0, 0);
  const rows = await db
    .select(cardColumns)
    .from(blogPosts)
    .where(publicWhere(filter))
    .orderBy(...newestFirst)
    .limit(limit + 1)
    .offset(offset);
  return { posts: rows.slice(0, limit), hasMore: rows.length > limit };
}

/** The featured card: the newest published post marked featured, else the newest published post. */
export async function getFeaturedPost(db: Queryable): Promise<PostCard | null> {
  const [row] = await db
    .select(cardColumns)
    .from(blogPosts)
    .where(eq(blogPosts.published, true))
    .orderBy(desc(blogPosts.featured), ...newestFirst)
    .limit(1);
  return row ?? null;
}

/** Distinct categories of published posts, alphabetically (callers put 'All' first). */
export async function listCategories(db: Queryable): Promise<string[]> {
  const rows = await db
    .selectDistinct({ category: blogPosts.category })
    .from(blogPosts)
    .where(eq(blogPosts.published, true))
    .orderBy(blogPosts.category);
  return rows.map((r) => r.category);
}

export type PublicPost = PostCard & {
  content: string;
  author: string;
  publishedAt: Date | null;
  updatedAt: Date;
  tags: { name: string; slug: string }[];
};

/** One published post by slug, with its tags; null when missing or a draft. */
export async function getPublishedPostBySlug(db: Queryable, slug: string): Promise<PublicPost | null> {
  const [post] = await db
    .select({
      ...cardColumns,
      content: blogPosts.content,
      author: blogPosts.author,
      publishedAt: blogPosts.publishedAt,
      updatedAt: blogPosts.updatedAt,
    })
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), eq(blogPosts.published, true)))
    .limit(1);
  if (!post) return null;
  const tags = await db
    .select({ name: blogTags.name, slug: blogTags.slug })
    .from(blogPostTags)
    .innerJoin(blogTags, eq(blogTags.id, blogPostTags.tagId))
    .where(eq(blogPostTags.postId, post.id))
    .orderBy(blogTags.name);
  return { ...post, tags };
}

/** Slugs and change dates of every published post, for the sitemap and feed. */
export async function listPublishedForFeed(db: Queryable, limit = 50000) {
  return db
    .select({
      title: blogPosts.title,
      slug: blogPosts.slug,
      excerpt: blogPosts.excerpt,
      category: blogPosts.category,
      author: blogPosts.author,
      date: displayDate,
      updatedAt: blogPosts.updatedAt,
    })
    .from(blogPosts)
    .where(eq(blogPosts.published, true))
    .orderBy(...newestFirst)
    .limit(limit);
}

/* ------------------------------------------------------------------ admin */

export type AdminPostRow = {
  id: string;
  title: string;
  slug: string;
  category: string;
  published: boolean;
  featured: boolean;
  excerpt: string;
  createdAt: Date;
};

/** Every post, drafts too, newest created first (SPEC.md §7). */
export async function adminListPosts(db: Queryable): Promise<AdminPostRow[]> {
  return db
    .select({
      id: blogPosts.id,
      title: blogPosts.title,
      slug: blogPosts.slug,
      category: blogPosts.category,
      published: blogPosts.published,
      featured: blogPosts.featured,
      excerpt: blogPosts.excerpt,
      createdAt: blogPosts.createdAt,
    })
    .from(blogPosts)
    .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id));
}

const { search: _search, ...editableColumns } = getTableColumns(blogPosts);
export type AdminPost = Omit<typeof blogPosts.$inferSelect, "search"> & { tagIds: string[] };

/** One post by id with the ids of its tags, for the edit form; null when there is none. */
export async function adminGetPost(db: Queryable, id: string): Promise<AdminPost | null> {
  const [post] = await db.select(editableColumns).from(blogPosts).where(eq(blogPosts.id, id)).limit(1);
  if (!post) return null;
  const links = await db.select({ tagId: blogPostTags.tagId }).from(blogPostTags).where(eq(blogPostTags.postId, id));
  return { ...post, tagIds: links.map((l) => l.tagId) };
}

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
  readTime: number;
};

/** SPEC.md §4: every save sets published_at to now when published, null otherwise. */
function withPublicationTime(input: PostInput) {
  return { ...input, publishedAt: input.published ? new Date() : null };
}

export async function isSlugTaken(db: Queryable, slug: string, exceptId?: string) {
  const [row] = await db
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(exceptId ? and(eq(blogPosts.slug, slug), ne(blogPosts.id, exceptId)) : eq(blogPosts.slug, slug))
    .limit(1);
  return Boolean(row);
}

async function replaceTagLinks(tx: Queryable, postId: string, tagIds: string[]) {
  await tx.delete(blogPostTags).where(eq(blogPostTags.postId, postId));
  const unique = [...new Set(tagIds)];
  if (unique.length) await tx.insert(blogPostTags).values(unique.map((tagId) => ({ postId, tagId })));
}

/** Creates a post and its tag links in one transaction; returns the new row's id and slug. */
export async function createPost(db: Db, input: PostInput, tagIds: string[]) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(blogPosts)
      .values(withPublicationTime(input))
      .returning({ id: blogPosts.id, slug: blogPosts.slug });
    await replaceTagLinks(tx, row!.id, tagIds);
    return row!;
  });
}

/** Updates a post and replaces its tag links (an empty list clears them) in one transaction. */
export async function updatePost(db: Db, id: string, input: PostInput, tagIds: string[]) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(blogPosts)
      .set({ ...withPublicationTime(input), updatedAt: new Date() })
      .where(eq(blogPosts.id, id))
      .returning({ id: blogPosts.id, slug: blogPosts.slug });
    if (!row) return null;
    await replaceTagLinks(tx, id, tagIds);
    return row;
  });
}

/** Deletes a post (its tag links go with it); true when a row was removed. */
export async function deletePost(db: Queryable, id: string) {
  const rows = await db.delete(blogPosts).where(eq(blogPosts.id, id)).returning({ id: blogPosts.id });
  return rows.length > 0;
}

/** Which of these tag ids exist: a form may only link real tags. */
export async function existingTagIds(db: Queryable, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: blogTags.id }).from(blogTags).where(inArray(blogTags.id, ids));
  return rows.map((r) => r.id);
}
