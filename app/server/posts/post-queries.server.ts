import { and, desc, eq, isNull, lte, ne, notInArray, sql, type Placeholder, type SQL } from "drizzle-orm";
import { alias, type AnyPgColumn } from "drizzle-orm/pg-core";
import { preparedOnce, rows, type Queryable } from "~/server/db/client.server";
import { blogPostTags, blogPosts, blogTags } from "~/server/db/schema.server";
import type { CardFields } from "~/lib/blog";

/* ------------------------------------------------------------------ public reads */

/**
 * The one rule of what the public may read: a published post, not in the trash, whose
 * publication time has come (a published post dated in the future is scheduled). Every public read (list, search, post
 * page, categories, featured card, sitemap, feed) filters with it; nothing else decides. `posts`:
 * blog_posts under another name, where a query reads it twice.
 */
export function publiclyVisible(posts: { published: AnyPgColumn; publishedAt: AnyPgColumn; deletedAt: AnyPgColumn } = blogPosts): SQL {
  return and(eq(posts.published, true), lte(posts.publishedAt, sql`now()`), isNull(posts.deletedAt))!;
}

/** A post's display date: published_at, else created_at. */
export const displayDate = sql<Date>`coalesce(${blogPosts.publishedAt}, ${blogPosts.createdAt})`.mapWith(blogPosts.createdAt);

export const cardColumns = {
  id: blogPosts.id,
  title: blogPosts.title,
  slug: blogPosts.slug,
  excerpt: blogPosts.excerpt,
  category: blogPosts.category,
  imageUrl: blogPosts.imageUrl,
  coverAlt: blogPosts.coverAlt,
  readTime: blogPosts.readTime,
  featured: blogPosts.featured,
  date: displayDate,
};

export type PostCard = CardFields & { featured: boolean; date: Date };

export const newestFirst = [sql`${blogPosts.publishedAt} desc nulls last`, desc(blogPosts.createdAt), desc(blogPosts.id)];

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
  const found = await rows<{ category: string | null }>(
    db,
    sql`
    with recursive c(category) as (
      (select category from ${blogPosts} where ${publiclyVisible()} order by category limit 1)
      union all
      select (select ${blogPosts.category} from ${blogPosts} where ${publiclyVisible()} and ${blogPosts.category} > c.category order by ${blogPosts.category} limit 1)
      from c where c.category is not null
    )
    select category from c where category is not null`,
  );
  return found.map((r) => r.category).filter((c): c is string => c !== null);
}

type PostTag = { name: string; slug: string };

export type PublicPost = PostCard & {
  content: string;
  author: string;
  /** Search-result overrides; empty: the title, and the excerpt or the start of the text. */
  metaTitle: string;
  metaDescription: string;
  publishedAt: Date | null;
  updatedAt: Date;
  tags: PostTag[];
};

/**
 * One public post by slug, with its tags; null when missing, a draft or scheduled. `anyState`
 * (previews only, see app/server/posts/preview.server.ts) reads drafts and scheduled posts too.
 */
export async function getPublishedPostBySlug(db: Queryable, slug: string, { anyState = false } = {}): Promise<PublicPost | null> {
  if (anyState) {
    const [post] = await postBySlug(db, slug, true);
    return post ?? null;
  }
  const statement = preparedOnce(db, "public_post_by_slug", (handle, name) => postBySlug(handle, sql.placeholder("slug"), false).prepare(name));
  const [post] = await statement.execute({ slug });
  return post ?? null;
}

function postBySlug(db: Queryable, slug: string | Placeholder, anyState: boolean) {
  // The tags in the same read (one query instead of two: on PGlite each costs a few ms of its own).
  // Names qualified by hand: in a one-table select Drizzle writes its columns unqualified, and a bare
  // "id" here would be the tag's.
  const tags = sql<PostTag[]>`coalesce((
    select json_agg(json_build_object('name', t.name, 'slug', t.slug) order by t.name)
      from ${blogPostTags} pt join ${blogTags} t on t.id = pt.tag_id
     where pt.post_id = "blog_posts"."id"), '[]'::json)`;
  return db
    .select({
      ...cardColumns,
      content: blogPosts.content,
      author: blogPosts.author,
      metaTitle: blogPosts.metaTitle,
      metaDescription: blogPosts.metaDescription,
      publishedAt: blogPosts.publishedAt,
      updatedAt: blogPosts.updatedAt,
      tags,
    })
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), anyState ? isNull(blogPosts.deletedAt) : publiclyVisible()))
    .limit(1);
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
      metaDescription: blogPosts.metaDescription,
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

/** A tag by its slug (the `?tag=` of the list), or null. */
export async function getTagBySlug(db: Queryable, slug: string): Promise<{ id: string; name: string; slug: string } | null> {
  const [tag] = await db.select({ id: blogTags.id, name: blogTags.name, slug: blogTags.slug }).from(blogTags).where(eq(blogTags.slug, slug)).limit(1);
  return tag ?? null;
}

/**
 * The published posts sharing a tag with `post`, most shared tags first (same category, then the
 * newer, breaking ties). The posts sharing a tag and how many they share come from the
 * (tag_id, post_id) index alone, and they are ranked by what blog_posts_public_card_idx holds of
 * each (visibility, category, dates): only the `limit` shown are read from the table. At 100,000
 * posts a post shares a tag with ~350 others, whose rows were read one by one (PGlite, one post:
 * 1,423 buffers, 670 of them not in memory; this way 1,073, 3). Random posts, the two ways
 * interleaved: 3.9–4.7 ms p50 and 6.4–6.8 p95 before, 3.5–4.1 and 5.4–6.4 this way. Exported for
 * the test of its plan.
 */
export function sharingTags(db: Queryable, post: { id: string | Placeholder; category: string | Placeholder }, limit: number | Placeholder) {
  const mine = alias(blogPostTags, "mine");
  const shared = db
    .select({ postId: blogPostTags.postId, count: sql<number>`count(*)`.as("shared_tags") })
    .from(mine)
    .innerJoin(blogPostTags, and(eq(blogPostTags.tagId, mine.tagId), ne(blogPostTags.postId, post.id)))
    .where(eq(mine.postId, post.id))
    .groupBy(blogPostTags.postId)
    .as("shared");
  const candidate = alias(blogPosts, "candidate");
  const sameCategory = sql<boolean>`(${candidate.category} = ${post.category})`;
  const top = db
    .select({
      id: sql<string>`${candidate.id}`.as("top_id"),
      count: shared.count,
      sameCategory: sameCategory.as("same_category"),
      publishedAt: sql`${candidate.publishedAt}`.as("top_published_at"),
      createdAt: sql`${candidate.createdAt}`.as("top_created_at"),
    })
    .from(shared)
    .innerJoin(candidate, and(eq(candidate.id, shared.postId), publiclyVisible(candidate)))
    .orderBy(desc(shared.count), desc(sameCategory), sql`${candidate.publishedAt} desc nulls last`, desc(candidate.createdAt), desc(candidate.id))
    .limit(limit)
    .as("top");
  return db
    .select(cardColumns)
    .from(top)
    .innerJoin(blogPosts, eq(blogPosts.id, top.id))
    .orderBy(desc(top.count), desc(top.sameCategory), sql`${top.publishedAt} desc nulls last`, desc(top.createdAt), desc(top.id));
}

/**
 * Up to `limit` published posts to read after `post`, never `post` itself: those sharing the
 * most tags first (same category, then the newer, breaking ties), then more of the same
 * category, then the newest posts.
 */
export async function listRelatedPosts(db: Queryable, post: { id: string; category: string }, limit = 3): Promise<PostCard[]> {
  const statement = preparedOnce(db, "public_posts_sharing_tags", (handle, name) =>
    sharingTags(handle, { id: sql.placeholder("id"), category: sql.placeholder("category") }, sql.placeholder("limit")).prepare(name),
  );
  const related: PostCard[] = await statement.execute({ id: post.id, category: post.category, limit });
  for (const where of [eq(blogPosts.category, post.category), undefined]) {
    if (related.length >= limit) break;
    const more = await db
      .select(cardColumns)
      .from(blogPosts)
      .where(and(publiclyVisible(), where, notInArray(blogPosts.id, [post.id, ...related.map((p) => p.id)])))
      .orderBy(...newestFirst)
      .limit(limit - related.length);
    related.push(...more);
  }
  return related;
}
