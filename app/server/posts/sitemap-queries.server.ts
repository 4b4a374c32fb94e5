/**
 * What the sitemap reads of the public posts and tags (app/server/site/sitemap.server.ts): how many
 * there are and their newest changes, from what the database keeps (drizzle/0032, 0039: decisions
 * 0060, 0071) rather than from every post and tag link, and the posts of a sitemap file.
 */
import { and, eq, max, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Queryable } from "~/server/db/client.server";
import { blogPostTags, blogPostTotals, blogPosts, blogTags } from "~/server/db/schema.server";
import { displayDate, publiclyVisible } from "./post-queries.server";

/** Listed posts the public cannot read yet (scheduled): few, found through the public list's index. */
const waitingPosts = () => sql`select ${blogPosts.id} as id from ${blogPosts}
    where ${blogPosts.published} and ${blogPosts.deletedAt} is null and (${blogPosts.publishedAt} > now() or ${blogPosts.publishedAt} is null)`;

/** The tags carrying scheduled posts (`tag_id`), with how many (`n`): what the kept counts and stamps hold that the public cannot read yet. */
const heldTags = () => sql`select pt.tag_id, count(*)::int as n from (${waitingPosts()}) w join ${blogPostTags} pt on pt.post_id = w.id group by pt.tag_id`;

/**
 * Tags that public posts carry, with the newest change (updated_at) among those posts: the
 * sitemap's tag pages. Read from what each tag keeps of its listed posts (listed_posts and
 * listed_changed_at, kept by triggers: drizzle/0032, 0039, docs/decisions/0071) less the scheduled
 * posts, so not from every tag link (~110 ms at 100,000 posts and 2,000 tags on PostgreSQL). A tag
 * carrying a scheduled post has its newest change read from its public posts: the kept one may be
 * the scheduled post's.
 */
export function listPublishedTags(db: Queryable) {
  // The live newest change is read for the held tags alone, in the subquery: asked per row of
  // blog_tags, the planner costed it for every tag (~440,000) and PostgreSQL compiled the statement
  // (JIT: ~9 ms of its ~10 at 2,000 tags).
  const held = sql`(select h.tag_id, h.n, ${liveTagChange(sql`h.tag_id`)} as newest
    from (${heldTags()}) h) held`;
  return db
    .select({
      slug: blogTags.slug,
      updatedAt: sql`case when held.tag_id is null then ${blogTags.listedChangedAt} else held.newest end`.mapWith(blogPosts.updatedAt),
    })
    .from(blogTags)
    .leftJoin(held, sql`held.tag_id = ${blogTags.id}`)
    .where(sql`${blogTags.listedPosts} > coalesce(held.n, 0)`)
    .orderBy(blogTags.slug);
}

/** The newest change among the public posts carrying `tagId` (from blog_posts_public_card_idx), as a subquery. */
const liveTagChange = (tagId: SQL | AnyPgColumn) =>
  sql`(select max(${blogPosts.updatedAt}) from ${blogPostTags}
        join ${blogPosts} on ${blogPosts.id} = ${blogPostTags.postId} and ${publiclyVisible()} where ${blogPostTags.tagId} = ${tagId})`;

/** `listPublishedTags` read from every tag link, as it was before the kept stamps: what tests compare them with. */
export function listPublishedTagsLive(db: Queryable) {
  return db
    .select({ slug: blogTags.slug, updatedAt: max(blogPosts.updatedAt).mapWith(blogPosts.updatedAt) })
    .from(blogTags)
    .innerJoin(blogPostTags, eq(blogPostTags.tagId, blogTags.id))
    .innerJoin(blogPosts, and(eq(blogPosts.id, blogPostTags.postId), publiclyVisible()))
    .groupBy(blogTags.id)
    .orderBy(blogTags.slug);
}

/**
 * How many posts and tag pages the public can read (as `publishedPostsSummary(db).count` and
 * `listPublishedTagsLive(db).length` count them) from the counts the database keeps of listed posts
 * (published, not in the trash) and of the tags carrying one (drizzle/0032, docs/decisions/0060),
 * less the posts still scheduled and the tags that carry only such posts: the scheduled posts are
 * few and found through the public list's index, so a few rows are read, not every post and tag
 * link. Counted live when the kept row is missing.
 */
export async function publicCounts(db: Queryable): Promise<{ posts: number; tags: number }> {
  const [kept] = await db
    .select({
      posts: sql<number>`${blogPostTotals.listed} - (select count(*) from (${waitingPosts()}) w)`.mapWith(Number),
      tags: sql<number>`${blogPostTotals.listedTags} - (select count(*) from (${heldTags()}) s
        join ${blogTags} t on t.id = s.tag_id where t.listed_posts <= s.n)`.mapWith(Number),
    })
    .from(blogPostTotals)
    .where(eq(blogPostTotals.id, 1));
  if (kept) return kept;
  const [summary, tags] = await Promise.all([publishedPostsSummary(db), listPublishedTagsLive(db)]);
  return { posts: summary.count, tags: tags.length };
}

/** How many posts the public can read, and the newest change among them (the sitemap's size and its home page's date). */
export async function publishedPostsSummary(db: Queryable): Promise<{ count: number; newest: Date | null }> {
  const [row] = await publishedPostsSummaryQuery(db);
  return { count: row?.count ?? 0, newest: row?.newest ?? null };
}

/** `publishedPostsSummary`'s statement, read from blog_posts_public_card_idx alone (drizzle/0038; exported for its test). */
export function publishedPostsSummaryQuery(db: Queryable) {
  return db
    .select({ count: sql<number>`count(*)::int`, newest: max(blogPosts.updatedAt).mapWith(blogPosts.updatedAt) })
    .from(blogPosts)
    .where(publiclyVisible());
}

/**
 * The newest change (updated_at) among the public posts, or null: the sitemap's / and /blog. Read
 * backwards from blog_posts_public_changed_idx (drizzle/0039) from its newest entry, passing over
 * the scheduled posts, instead of from every public post's entry (~22 ms at 100,000 posts on
 * PostgreSQL).
 */
export async function newestPublicChange(db: Queryable): Promise<Date | null> {
  const [row] = await newestPublicChangeQuery(db);
  return row?.newest ?? null;
}

/** `newestPublicChange`'s statement (exported for the test of its plan). */
export function newestPublicChangeQuery(db: Queryable) {
  return db
    .select({ newest: max(blogPosts.updatedAt).mapWith(blogPosts.updatedAt) })
    .from(blogPosts)
    .where(publiclyVisible());
}

/** The public list's order reversed: oldest first, read backwards from blog_posts_public_list_idx. */
const oldestFirst = [sql`${blogPosts.publishedAt} asc nulls first`, sql`${blogPosts.createdAt} asc nulls last`, sql`${blogPosts.id} asc nulls last`];

/**
 * The ids of a slice of the published posts, oldest first, from blog_posts_public_list_idx alone
 * (an index-only scan read backwards, so a deep offset skips index entries, not rows: the last
 * sitemap file at 100,000 posts sorted every post, 112 ms on PostgreSQL). Exported for the test of
 * its plan.
 */
export function sitemapPostIds(db: Queryable, offset: number, limit: number) {
  return db
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(publiclyVisible())
    .orderBy(...oldestFirst)
    .offset(offset)
    .limit(limit);
}

/**
 * A slice of the published posts, oldest first (so a sitemap file's addresses stay put as posts
 * are added), with what the sitemap needs of each: the address and its change dates.
 */
export async function listPublishedForSitemap(db: Queryable, offset: number, limit: number) {
  return db
    .select({ slug: blogPosts.slug, date: displayDate, updatedAt: blogPosts.updatedAt })
    .from(blogPosts)
    .where(sql`${blogPosts.id} = any(array(${sitemapPostIds(db, offset, limit)}))`)
    .orderBy(...oldestFirst);
}
