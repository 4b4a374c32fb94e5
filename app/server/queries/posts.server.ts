import { and, desc, eq, isNull, lte, ne, sql, type SQL } from "drizzle-orm";
import type { Queryable } from "../db/client.server";
import { blogPostTags, blogPosts, blogTags } from "../db/schema.server";
import type { CardFields } from "~/lib/blog";

/* ------------------------------------------------------------------ public reads */

/**
 * The one rule of what the public may read: a published post, not in the trash, whose
 * publication time has come (a published post dated in the future is scheduled). Every public read (list, search, post
 * page, categories, featured card, sitemap, feed) filters with it; nothing else decides.
 */
export function publiclyVisible(): SQL {
  return and(eq(blogPosts.published, true), lte(blogPosts.publishedAt, sql`now()`), isNull(blogPosts.deletedAt))!;
}

/** A post's display date: published_at, else created_at. */
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

export type PostCard = CardFields & { featured: boolean; date: Date };

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
  const parts: (SQL | undefined)[] = [publiclyVisible()];
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
  const tsQuery = filter.q ? toPrefixTsQuery(filter.q) : null;
  if (tsQuery && offset + limit < SEARCH_TUNING.window && (await matchesAtLeast(db, tsQuery, SEARCH_TUNING.commonMatches))) {
    const recent = await searchRecent(db, filter, tsQuery, limit, offset);
    if (recent) return recent;
  }
  const rows = await db
    .select(cardColumns)
    .from(blogPosts)
    .where(publicWhere(filter))
    .orderBy(...newestFirst)
    .limit(limit + 1)
    .offset(offset);
  return { posts: rows.slice(0, limit), hasMore: rows.length > limit };
}

/**
 * Search strategy limits: `window` is how many of the newest posts a search for a common word
 * looks through first (see `searchRecent`); from `commonMatches` matching posts on, a query
 * counts as common. Tests lower them to exercise both paths on a few rows.
 */
export const SEARCH_TUNING = { window: 1500, commonMatches: 1000 };

/** Whether at least `n` posts (any state) match: a bounded probe of the full-text index. */
async function matchesAtLeast(db: Queryable, tsQuery: string, n: number) {
  const result = await db.execute<Record<string, unknown>>(
    sql`select 1 as hit from ${blogPosts} where ${blogPosts.search} @@ to_tsquery('simple', ${tsQuery}) offset ${n - 1} limit 1`,
  );
  const rows = Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
  return rows.length > 0;
}

/**
 * Common words match thousands of posts, and the full-text index then hands every match to a
 * sort. Walking the newest posts in index order stops after one page instead (rare words are
 * left to the index: walking would test many posts for few matches). It answers only when it
 * found a whole page plus one inside the window: those are then exactly the newest matches
 * overall. Otherwise the caller asks the index.
 */
/** A row of `searchRecent`'s raw SQL, as the drivers return it (dates may come back as text). */
type RecentRow = {
  id: string;
  title: string;
  slug: string;
  excerpt: string;
  category: string;
  image_url: string | null;
  read_time: number | string;
  featured: boolean;
  date: Date | string;
};

async function searchRecent(db: Queryable, filter: PostFilter, tsQuery: string, limit: number, offset: number) {
  const where = publicWhere({ category: filter.category, excludeId: filter.excludeId });
  const result = await db.execute<RecentRow>(sql`
    select id, title, slug, excerpt, category, image_url, read_time, featured, date from (
      select ${blogPosts.id} as id, ${blogPosts.title} as title, ${blogPosts.slug} as slug, ${blogPosts.excerpt} as excerpt,
        ${blogPosts.category} as category, ${blogPosts.imageUrl} as image_url, ${blogPosts.readTime} as read_time,
        ${blogPosts.featured} as featured, coalesce(${blogPosts.publishedAt}, ${blogPosts.createdAt}) as date,
        ${blogPosts.publishedAt} as published_at, ${blogPosts.createdAt} as created_at, ${blogPosts.search} as search
      from ${blogPosts} where ${where}
      order by ${blogPosts.publishedAt} desc nulls last, ${blogPosts.createdAt} desc, ${blogPosts.id} desc
      limit ${SEARCH_TUNING.window}
    ) recent
    where search @@ to_tsquery('simple', ${tsQuery})
    order by published_at desc nulls last, created_at desc, id desc
    limit ${offset + limit + 1}`);
  const rows = Array.isArray(result) ? (result as RecentRow[]) : (result as { rows: RecentRow[] }).rows;
  if (rows.length < offset + limit + 1) return null;
  const posts = rows.slice(offset, offset + limit).map((r): PostCard => ({
    id: r.id,
    title: r.title,
    slug: r.slug,
    excerpt: r.excerpt,
    category: r.category,
    imageUrl: r.image_url,
    readTime: Number(r.read_time),
    featured: r.featured,
    date: r.date instanceof Date ? r.date : new Date(r.date),
  }));
  return { posts, hasMore: true };
}

/**
 * The featured card: the newest published post marked featured, else the newest published post.
 * Two short index-ordered reads instead of one sort over every published post.
 */
export async function getFeaturedPost(db: Queryable): Promise<PostCard | null> {
  const newest = (where: SQL | undefined) =>
    db
      .select(cardColumns)
      .from(blogPosts)
      .where(where)
      .orderBy(...newestFirst)
      .limit(1);
  const [featured] = await newest(and(publiclyVisible(), eq(blogPosts.featured, true)));
  if (featured) return featured;
  const [latest] = await newest(publiclyVisible());
  return latest ?? null;
}

/**
 * Distinct categories of published posts, alphabetically (callers put 'All' first). A recursive
 * "skip scan" over the category index: one index probe per category, not a pass over every post.
 */
export async function listCategories(db: Queryable): Promise<string[]> {
  const result = await db.execute<{ category: string | null }>(sql`
    with recursive c(category) as (
      (select category from ${blogPosts} where ${publiclyVisible()} order by category limit 1)
      union all
      select (select ${blogPosts.category} from ${blogPosts} where ${publiclyVisible()} and ${blogPosts.category} > c.category order by ${blogPosts.category} limit 1)
      from c where c.category is not null
    )
    select category from c where category is not null`);
  const rows = (Array.isArray(result) ? result : (result as { rows: { category: string | null }[] }).rows) as { category: string | null }[];
  return rows.map((r) => r.category).filter((c): c is string => c !== null);
}

export type PublicPost = PostCard & {
  content: string;
  author: string;
  publishedAt: Date | null;
  updatedAt: Date;
  tags: { name: string; slug: string }[];
};

/**
 * One public post by slug, with its tags; null when missing, a draft or scheduled. `anyState`
 * (previews only, see app/server/preview.server.ts) reads drafts and scheduled posts too.
 */
export async function getPublishedPostBySlug(db: Queryable, slug: string, { anyState = false } = {}): Promise<PublicPost | null> {
  const [post] = await db
    .select({
      ...cardColumns,
      content: blogPosts.content,
      author: blogPosts.author,
      publishedAt: blogPosts.publishedAt,
      updatedAt: blogPosts.updatedAt,
    })
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), anyState ? isNull(blogPosts.deletedAt) : publiclyVisible()))
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

/** How much of a post's content the feeds read: enough markdown for a ~200-character summary. */
export const FEED_LEAD_CHARS = 2000;

/** Slugs and change dates of every published post, for the sitemap and feeds (with the start of the content, `lead`). */
export async function listPublishedForFeed(db: Queryable, limit = 50000) {
  return db
    .select({
      title: blogPosts.title,
      slug: blogPosts.slug,
      excerpt: blogPosts.excerpt,
      lead: sql<string>`left(${blogPosts.content}, ${FEED_LEAD_CHARS})`,
      category: blogPosts.category,
      author: blogPosts.author,
      date: displayDate,
      updatedAt: blogPosts.updatedAt,
    })
    .from(blogPosts)
    .where(publiclyVisible())
    .orderBy(...newestFirst)
    .limit(limit);
}
