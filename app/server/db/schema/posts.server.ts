import { sql, type SQL } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { tsvector, createdAt, updatedAt, deletedAt } from "./columns.server";

/* Posts, their tags, revisions and unsaved copies. */

export const blogPosts = pgTable(
  "blog_posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    excerpt: text("excerpt").notNull().default(""),
    content: text("content").notNull(),
    category: text("category").notNull(),
    author: text("author").notNull().default("Flowstate Team"),
    published: boolean("published").notNull().default(false),
    featured: boolean("featured").notNull().default(false),
    imageUrl: text("image_url"),
    /** The cover's text alternative on the public pages and share cards; empty: the cover is decorative (alt=""). */
    coverAlt: text("cover_alt").notNull().default(""),
    /** Search-result overrides: empty means the post's title and its excerpt (or the start of its text). */
    metaTitle: text("meta_title").notNull().default(""),
    metaDescription: text("meta_description").notNull().default(""),
    readTime: integer("read_time").notNull().default(5),
    /** When the post is (or goes) public; a published post dated in the future is scheduled. Kept when unpublished. */
    publishedAt: timestamp("published_at", { withTimezone: true }),
    /** The secret of the post's preview link (32 random bytes, base64url); null when there is none. */
    previewToken: text("preview_token"),
    /** Raised by one on every save: a form sends the version it opened, a save over a newer one is refused (optimistic concurrency). */
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
    /** Full-text document: title and excerpt weigh most, the body less. */
    search: tsvector("search")
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`setweight(to_tsvector('english', coalesce(${blogPosts.title}, '')), 'A') || setweight(to_tsvector('english', coalesce(${blogPosts.excerpt}, '')), 'B') || setweight(to_tsvector('english', coalesce(${blogPosts.content}, '')), 'C')`,
      ),
    /**
     * What the back-office search box looks in: title, excerpt and slug, lower-cased once on save
     * (a plain LIKE on it, trigram-indexed, instead of three ILIKEs lower-casing every row per search).
     */
    adminSearch: text("admin_search")
      .notNull()
      .generatedAlwaysAs((): SQL => sql`lower(${blogPosts.title} || E'\\n' || ${blogPosts.excerpt} || E'\\n' || ${blogPosts.slug})`),
  },
  (t) => [
    uniqueIndex("blog_posts_slug_key").on(t.slug),
    index("blog_posts_published_idx").on(t.published, t.publishedAt.desc()),
    index("blog_posts_category_idx").on(t.category, t.published, t.publishedAt.desc()),
    index("blog_posts_created_idx").on(t.createdAt.desc()),
    // /blog and its categories, newest first (newestFirst in post-queries.server.ts): a page's ids
    // from the index alone, the publication time compared with now() in it (NULLS FIRST: what DESC means).
    index("blog_posts_public_list_idx")
      .on(t.publishedAt.desc().nullsLast(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.published} and ${t.deletedAt} is null`),
    // A post page's related posts: the posts sharing a tag ranked from this index alone (each one's
    // visibility, category and dates), only the three shown read from the table (sharingTags); and
    // the live count and newest changes the kept ones are checked against (publishedPostsSummary,
    // listPublishedTagsLive; a tag carrying a scheduled post, listPublishedTags). The
    // migrations (drizzle/0036, 0038) carry those columns as INCLUDE, which drizzle cannot
    // declare; as key columns the planner passed the index by.
    index("blog_posts_public_card_idx")
      .on(t.id)
      .where(sql`${t.published} and ${t.deletedAt} is null`),
    // The newest change among the public posts (newestPublicChange: the sitemap's / and /blog), read
    // backwards from the newest entry instead of from every public post's entry. The migration
    // (drizzle/0039) carries published_at as INCLUDE, so the public ones are told apart in the index.
    index("blog_posts_public_changed_idx")
      .on(t.updatedAt)
      .where(sql`${t.published} and ${t.deletedAt} is null`),
    index("blog_posts_public_category_idx")
      .on(t.category, t.publishedAt.desc().nullsLast(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.published} and ${t.deletedAt} is null`),
    index("blog_posts_search_english_idx").using("gin", t.search).with({ fastupdate: false }),
    // A published post always has its publication time: the public reads compare it with now().
    check("blog_posts_published_has_date", sql`not ${t.published} or ${t.publishedAt} is not null`),
    index("blog_posts_trash_idx")
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} is not null`),
    // /admin/blog: tab counts and a page's ids straight from the index (index-only scans), newest created
    // first; NULLS FIRST is what ORDER BY … DESC means, so the index gives the order.
    index("blog_posts_admin_list_idx")
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.published, t.publishedAt)
      .where(sql`${t.deletedAt} is null`),
    // /admin/analytics' top posts: the first by title among many read alike, walked in title order
    // (docs/decisions/0061) instead of every tied post looked up by slug and sorted.
    index("blog_posts_title_idx").on(t.title),
    // /admin/blog?q=: substring search (pg_trgm, see drizzle/*_lists-pg-trgm.sql).
    index("blog_posts_admin_search_idx")
      .using("gin", t.adminSearch.op("gin_trgm_ops"))
      .with({ fastupdate: false })
      .where(sql`${t.deletedAt} is null`),
  ],
);

/** A tag of a post as it was when a revision was saved (the name survives the tag's deletion). */
export type RevisionTag = { id: string; name: string };

/**
 * A post as it was after one save (creating it, every later save, a restore): who saved it, when,
 * and every field the form edits. Deleting a post forever deletes its revisions; the trash keeps them.
 */
export const postRevisions = pgTable(
  "post_revisions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    postId: uuid("post_id")
      .notNull()
      .references(() => blogPosts.id, { onDelete: "cascade" }),
    /** The post's version this save produced. */
    version: integer("version").notNull(),
    authorName: text("author_name").notNull(),
    authorEmail: text("author_email").notNull(),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    excerpt: text("excerpt").notNull(),
    content: text("content").notNull(),
    category: text("category").notNull(),
    published: boolean("published").notNull(),
    featured: boolean("featured").notNull(),
    imageUrl: text("image_url"),
    coverAlt: text("cover_alt").notNull().default(""),
    metaTitle: text("meta_title").notNull().default(""),
    metaDescription: text("meta_description").notNull().default(""),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    tags: jsonb("tags").$type<RevisionTag[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [index("post_revisions_post_idx").on(t.postId, t.createdAt.desc())],
);

export const blogTags = pgTable(
  "blog_tags",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    /**
     * How many listed posts carry the tag (published and not in the trash, scheduled ones included):
     * kept by triggers on blog_posts and blog_post_tags (drizzle/0032), so the sitemap index counts
     * the tag pages without reading every tag link (docs/decisions/0060).
     */
    listedPosts: integer("listed_posts").notNull().default(0),
    /**
     * The newest change (updated_at) among the listed posts carrying the tag, null when none: kept by
     * triggers (drizzle/0039), so the sitemap's tag pages get their lastmod without a read of every
     * tag link (listPublishedTags, docs/decisions/0071).
     */
    listedChangedAt: timestamp("listed_changed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("blog_tags_slug_key").on(t.slug)],
);

/**
 * One row: how many posts are listed (published and not in the trash, scheduled ones included),
 * how many tags carry one, and how many posts are not in the trash (the back-office's tab counts,
 * drizzle/0034), kept by the same triggers as `blog_tags.listed_posts` (docs/decisions/0060).
 */
export const blogPostTotals = pgTable(
  "blog_post_totals",
  {
    id: integer("id").primaryKey().default(1),
    listed: integer("listed").notNull().default(0),
    listedTags: integer("listed_tags").notNull().default(0),
    posts: integer("posts").notNull().default(0),
  },
  (t) => [check("blog_post_totals_one_row", sql`${t.id} = 1`)],
);

export const blogPostTags = pgTable(
  "blog_post_tags",
  {
    postId: uuid("post_id")
      .notNull()
      .references(() => blogPosts.id, { onDelete: "cascade" }),
    tagId: uuid("tag_id")
      .notNull()
      .references(() => blogTags.id, { onDelete: "cascade" }),
  },
  // By tag, with the post: a tag's posts and the posts sharing a post's tags (related posts) are read from the index alone.
  (t) => [primaryKey({ columns: [t.postId, t.tagId] }), index("blog_post_tags_tag_post_idx").on(t.tagId, t.postId)],
);

/**
 * The typed, not yet saved state of a published (or scheduled) post's edit form: autosave keeps
 * it here, never in the post, so readers never see half-written text. One per post; a save clears it.
 */
export const postAutosaves = pgTable("post_autosaves", {
  postId: uuid("post_id")
    .primaryKey()
    .references(() => blogPosts.id, { onDelete: "cascade" }),
  /** Who typed it (the users table's id; kept as text so deleting an account keeps the copy). */
  userId: text("user_id").notNull(),
  /** The form's values as typed (the post form's field names; tagIds a list). */
  values: jsonb("values").$type<Record<string, string | string[]>>().notNull(),
  savedAt: timestamp("saved_at", { withTimezone: true }).notNull().defaultNow(),
});
