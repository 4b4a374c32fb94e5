import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, deletedAt } from "./columns.server";
import { users } from "./accounts.server";

/* What the public site shows besides posts: team, testimonials, redirects and the not-found log, site settings. */

export const teamMembers = pgTable(
  "team_members",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    position: text("position").notNull(),
    /** A few sentences shown under the position on /team (LIMITS.bio characters at most, checked by the form). */
    bio: text("bio"),
    photoUrl: text("photo_url"),
    linkedinUrl: text("linkedin_url"),
    displayOrder: integer("display_order").notNull().default(0),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    index("team_members_public_idx").on(t.active, t.displayOrder),
    index("team_members_trash_idx")
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} is not null`),
  ],
);

export const testimonials = pgTable(
  "testimonials",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    company: text("company").notNull(),
    /** The person's job title, shown beside the name and company in the landing carousel (LIMITS.role). */
    role: text("role"),
    quote: text("quote").notNull(),
    avatarUrl: text("avatar_url"),
    displayOrder: integer("display_order").notNull().default(0),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    index("testimonials_public_idx").on(t.active, t.displayOrder),
    index("testimonials_trash_idx")
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} is not null`),
  ],
);

/**
 * Old addresses that answer 301 to a new one: a published post's previous slug (source
 * 'slug-change') or one an admin added ('manual'). Chains are collapsed when written, so `to_path`
 * is never itself a `from_path` (app/server/site/redirects.server.ts).
 */
export const redirects = pgTable(
  "redirects",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    fromPath: text("from_path").notNull(),
    /** A site path ("/blog/new-slug") or an absolute http(s) URL. */
    toPath: text("to_path").notNull(),
    source: text("source", { enum: ["slug-change", "manual"] }).notNull(),
    hits: integer("hits").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("redirects_from_path_key").on(t.fromPath),
    index("redirects_to_path_idx").on(t.toPath),
    check("redirects_no_self_loop", sql`${t.fromPath} <> ${t.toPath}`),
    check("redirects_source_known", sql`${t.source} in ('slug-change', 'manual')`),
  ],
);

/** How often each public path answered 404 (for /admin/redirects), upserted on every miss. */
export const notFoundLog = pgTable(
  "not_found_log",
  {
    path: text("path").primaryKey(),
    hits: integer("hits").notNull().default(1),
    lastSeen: timestamp("last_seen", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("not_found_log_hits_idx").on(t.hits.desc())],
);

/**
 * Settings an admin changes from /admin/settings, one row per key (app/server/site/settings.server.ts
 * knows the keys, their types and defaults; a missing row means the default).
 */
export const siteSettings = pgTable("site_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
});

/**
 * Content an editor changes at /admin/site (docs/decisions/0050), one row a page ('landing'): the
 * draft being edited and the published document the public page shows, both JSON validated by
 * app/lib/landing-content.ts. No row: neither was ever saved, both are the shipped default.
 */
export const siteContent = pgTable("site_content", {
  page: text("page").primaryKey(),
  draft: jsonb("draft").notNull(),
  published: jsonb("published").notNull(),
  draftUpdatedAt: timestamp("draft_updated_at", { withTimezone: true }).notNull().defaultNow(),
  publishedAt: timestamp("published_at", { withTimezone: true }),
  /** Raised by every write of the row (draft, publish, restore, discard): the editor's form sends the one it opened on (decision 0055). */
  version: integer("version").notNull().default(1),
});

/** Every publish (and restore) of a page's content: the document as published, and by whom. */
export const siteContentRevisions = pgTable(
  "site_content_revisions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    page: text("page").notNull(),
    content: jsonb("content").notNull(),
    /** 'publish' (Publish changes) or 'restore' (an earlier revision published again). */
    kind: text("kind", { enum: ["publish", "restore"] }).notNull(),
    authorName: text("author_name").notNull(),
    authorEmail: text("author_email").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("site_content_revisions_page_idx").on(t.page, t.createdAt.desc()),
    check("site_content_revisions_kind_known", sql`${t.kind} in ('publish', 'restore')`),
  ],
);
