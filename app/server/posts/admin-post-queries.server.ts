import { and, desc, eq, getTableColumns, inArray, isNull, ne, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Queryable } from "~/server/db/client.server";
import { blogPostTags, blogPostTotals, blogPosts, blogTags } from "~/server/db/schema.server";
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
  /** Posts matching the search in each tab (the current tab's is the pager's total); null: not counted. */
  counts: Record<AdminPostStatus, number | null>;
  /** The search matched more posts than it counts (ADMIN_SEARCH.countCap): `counts.all` is the cap, at least. */
  capped: boolean;
  /** The page shown: the asked one, or the last when it asked past the end (when the total is known). */
  page: number;
  /** Whether a page follows this one. */
  hasMore: boolean;
};

/**
 * A search counts its matches up to `countCap`: past it the All tab reads "500+", the other tabs
 * show no count, and pages follow while there are more. A common word matches most posts, and
 * counting them read the whole table on every search (0.3 s on PGlite at 100,000 posts, where the
 * screen's target is 0.1 s). Tests lower it.
 */
export const ADMIN_SEARCH = { countCap: 500 };

/** A status tab's condition on `row`'s columns; a scheduled post is published with a publication date still to come. */
function statusCondition(status: AdminPostStatus, row: { published: SQLWrapper; publishedAt: SQLWrapper } = blogPosts): SQL | undefined {
  switch (status) {
    case "all":
      return undefined;
    case "published":
      return sql`${row.published} and (${row.publishedAt} is null or ${row.publishedAt} <= now())`;
    case "drafts":
      return sql`not ${row.published}`;
    case "scheduled":
      return sql`${row.published} and ${row.publishedAt} > now()`;
  }
}

/**
 * Not in the trash, and the search when there is one: case-insensitive, anywhere in the title,
 * excerpt or slug (the lower-cased `admin_search` column, trigram-indexed).
 */
function listCondition(q: string) {
  return and(isNull(blogPosts.deletedAt), q ? sql`${blogPosts.adminSearch} like lower(${containsPattern(q)})` : undefined);
}

/** Each tab's count over `from` (blog_posts, or a search's first matches). */
function tabCounts(row: Parameters<typeof statusCondition>[1]) {
  return Object.fromEntries(
    ADMIN_POST_STATUSES.map((status) => {
      const condition = statusCondition(status, row);
      return [status, (condition ? sql<number>`count(*) filter (where ${condition})` : sql<number>`count(*)`).mapWith(Number)];
    }),
  ) as Record<AdminPostStatus, SQL<number>>;
}

export type TabCounts = Record<AdminPostStatus, number>;

/** Every post's tab counts, counted: one pass over blog_posts_admin_list_idx (~50 ms at 100,000 posts on PGlite). */
export async function countedTabCounts(db: Queryable): Promise<TabCounts> {
  const [row] = await db.select(tabCounts(blogPosts)).from(blogPosts).where(isNull(blogPosts.deletedAt));
  return row ?? { all: 0, published: 0, drafts: 0, scheduled: 0 };
}

/**
 * Every post's tab counts from the counts the database keeps (drizzle/0034: the posts not in the
 * trash and the listed ones, scheduled included) and the scheduled posts, counted (a few, found by
 * blog_posts_published_idx) at `now` (the database's clock when not given): one short read
 * instead of a pass over every post. Counted as above when the kept counts' row is missing.
 */
export async function keptTabCounts(db: Queryable, now?: Date): Promise<TabCounts> {
  const at = now ?? sql`now()`;
  const [row] = await db
    .select({
      posts: blogPostTotals.posts,
      listed: blogPostTotals.listed,
      scheduled: sql<number>`(select count(*) from ${blogPosts} p where p.published and p.published_at > ${at} and p.deleted_at is null)`.mapWith(Number),
    })
    .from(blogPostTotals)
    .where(eq(blogPostTotals.id, 1));
  if (!row) return countedTabCounts(db);
  return { all: row.posts, published: row.listed - row.scheduled, drafts: row.posts - row.listed, scheduled: row.scheduled };
}

/** The tab counts: every post (kept counts, see keptTabCounts), or a search's first matches up to the cap. */
async function countTabs(db: Queryable, q: string, where: SQL | undefined) {
  if (!q) return { counts: await keptTabCounts(db), capped: false };
  const cap = ADMIN_SEARCH.countCap;
  const matches = db
    .select({ published: blogPosts.published, publishedAt: blogPosts.publishedAt })
    .from(blogPosts)
    .where(where)
    .limit(cap + 1)
    .as("matches");
  const [row] = await db.select(tabCounts(matches)).from(matches);
  const counts = row ?? { all: 0, published: 0, drafts: 0, scheduled: 0 };
  if (counts.all <= cap) return { counts, capped: false };
  return { counts: { all: cap, published: null, drafts: null, scheduled: null }, capped: true };
}

/**
 * One page of /admin/blog (newest created first) with the tab counts, in two queries whatever the
 * number of posts: the counts (see countTabs), then the page — its ids picked from that index alone
 * (an offset of 5,000 skips index entries, not rows), its columns read for those 25 only.
 */
export async function adminPostPage(db: Queryable, { q, status, page: asked }: ListParams<AdminPostStatus>): Promise<AdminPostPage> {
  const where = listCondition(q);
  const { counts, capped } = await countTabs(db, q, where);
  const known = capped ? null : counts[status]!;
  const window = known === null ? pageWindow(asked, Number.MAX_SAFE_INTEGER) : pageWindow(asked, known);
  const rows =
    known === 0
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
                .limit(window.limit + 1)
                .offset(window.offset),
            ),
          )
          .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id));
  return { items: rows.slice(0, window.limit), counts, capped, page: window.page, hasMore: rows.length > window.limit };
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
