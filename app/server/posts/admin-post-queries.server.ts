import { and, desc, eq, getTableColumns, inArray, isNull, ne, sql, type SQL } from "drizzle-orm";
import type { Queryable } from "~/server/db/client.server";
import { blogPostTags, blogPosts, blogTags } from "~/server/db/schema.server";
import { containsPattern, pageWindow, type ListParams } from "~/server/admin/list-params.server";
import { ADMIN_POST_STATUSES, type AdminPostStatus } from "~/lib/admin-lists";

export type { AdminPostStatus };

/*
 * The back-office's reads of posts (drafts included); the public reads are in posts.server.ts, and
 * every write of blog_posts and its tag links in post-writes.server.ts.
 */

export type AdminPostRow = {
  id: string;
  title: string;
  slug: string;
  category: string;
  published: boolean;
  featured: boolean;
  excerpt: string;
  publishedAt: Date | null;
  createdAt: Date;
};

/** Every post, drafts too (not those in the trash), newest created first. */
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
      publishedAt: blogPosts.publishedAt,
      createdAt: blogPosts.createdAt,
    })
    .from(blogPosts)
    .where(isNull(blogPosts.deletedAt))
    .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id));
}

/** One row of the /admin/blog table: the list's columns only (never the content). */
export type AdminPostListRow = {
  id: string;
  title: string;
  slug: string;
  category: string;
  published: boolean;
  featured: boolean;
  imageUrl: string | null;
  publishedAt: Date | null;
  updatedAt: Date;
};

export type AdminPostPage = {
  items: AdminPostListRow[];
  /** Posts matching the search in each tab (the current tab's is the pager's total). */
  counts: Record<AdminPostStatus, number>;
  /** The page shown: the asked one, or the last when it asked past the end. */
  page: number;
  lastPage: number;
};

/** A status tab's condition; a scheduled post is published with a publication date still to come. */
function statusCondition(status: AdminPostStatus): SQL | undefined {
  switch (status) {
    case "all":
      return undefined;
    case "published":
      return and(eq(blogPosts.published, true), sql`(${blogPosts.publishedAt} is null or ${blogPosts.publishedAt} <= now())`);
    case "drafts":
      return eq(blogPosts.published, false);
    case "scheduled":
      return and(eq(blogPosts.published, true), sql`${blogPosts.publishedAt} > now()`);
  }
}

/**
 * Not in the trash, and the search when there is one: case-insensitive, anywhere in the title,
 * excerpt or slug (the lower-cased `admin_search` column, trigram-indexed).
 */
function listCondition(q: string) {
  return and(isNull(blogPosts.deletedAt), q ? sql`${blogPosts.adminSearch} like lower(${containsPattern(q)})` : undefined);
}

const countIn = (status: AdminPostStatus) => {
  const condition = statusCondition(status);
  return (condition ? sql<number>`count(*) filter (where ${condition})` : sql<number>`count(*)`).mapWith(Number);
};

/**
 * One page of /admin/blog (newest created first) with the tab counts, in two queries whatever the
 * number of posts: the counts in one pass over blog_posts_admin_list_idx (or the search's trigram
 * matches), then the page — its ids picked from that index alone (an offset of 5,000 skips index
 * entries, not rows), its columns read for those 25 only.
 */
export async function adminPostPage(db: Queryable, { q, status, page: asked }: ListParams<AdminPostStatus>): Promise<AdminPostPage> {
  const where = listCondition(q);
  const [row] = await db
    .select(Object.fromEntries(ADMIN_POST_STATUSES.map((s) => [s, countIn(s)])) as Record<AdminPostStatus, ReturnType<typeof countIn>>)
    .from(blogPosts)
    .where(where);
  const counts = row ?? { all: 0, published: 0, drafts: 0, scheduled: 0 };
  const { page, lastPage, offset, limit } = pageWindow(asked, counts[status]);
  const items =
    counts[status] === 0
      ? []
      : await db
          .select({
            id: blogPosts.id,
            title: blogPosts.title,
            slug: blogPosts.slug,
            category: blogPosts.category,
            published: blogPosts.published,
            featured: blogPosts.featured,
            imageUrl: blogPosts.imageUrl,
            publishedAt: blogPosts.publishedAt,
            updatedAt: blogPosts.updatedAt,
          })
          .from(blogPosts)
          .where(
            inArray(
              blogPosts.id,
              db
                .select({ id: blogPosts.id })
                .from(blogPosts)
                .where(and(where, statusCondition(status)))
                .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id))
                .limit(limit)
                .offset(offset),
            ),
          )
          .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id));
  return { items, counts, page, lastPage };
}

/** A post's columns as the back-office reads and saves them (not the generated search columns). */
const { search: _search, adminSearch: _adminSearch, ...editableColumns } = getTableColumns(blogPosts);
export { editableColumns };
export type AdminPost = Omit<typeof blogPosts.$inferSelect, "search" | "adminSearch"> & { tagIds: string[] };

/** One post by id with the ids of its tags, for the edit form; null when there is none (or it is in the trash). */
export async function adminGetPost(db: Queryable, id: string): Promise<AdminPost | null> {
  const [post] = await db
    .select(editableColumns)
    .from(blogPosts)
    .where(and(eq(blogPosts.id, id), isNull(blogPosts.deletedAt)))
    .limit(1);
  if (!post) return null;
  const links = await db.select({ tagId: blogPostTags.tagId }).from(blogPostTags).where(eq(blogPostTags.postId, id));
  return { ...post, tagIds: links.map((l) => l.tagId) };
}

/** What autosave needs to know of a post (not in the trash): published or not, and its version; null when there is none. */
export async function postDraftState(db: Queryable, id: string): Promise<{ published: boolean; version: number } | null> {
  const [post] = await db
    .select({ published: blogPosts.published, version: blogPosts.version })
    .from(blogPosts)
    .where(and(eq(blogPosts.id, id), isNull(blogPosts.deletedAt)))
    .limit(1);
  return post ?? null;
}

export async function isSlugTaken(db: Queryable, slug: string, exceptId?: string) {
  const [row] = await db
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(exceptId ? and(eq(blogPosts.slug, slug), ne(blogPosts.id, exceptId)) : eq(blogPosts.slug, slug))
    .limit(1);
  return Boolean(row);
}

/** Which of these tag ids exist: a form may only link real tags. */
export async function existingTagIds(db: Queryable, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: blogTags.id }).from(blogTags).where(inArray(blogTags.id, ids));
  return rows.map((r) => r.id);
}
