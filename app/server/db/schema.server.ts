import { sql, type SQL } from "drizzle-orm";
import { bigint, boolean, check, customType, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

const tsvector = customType<{ data: string }>({
  dataType: () => "tsvector",
});

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
/** When the record was moved to the trash (null: not trashed); trashed records are purged after 30 days. */
const deletedAt = () => timestamp("deleted_at", { withTimezone: true });

/* ---------------------------------------------------------------- content */

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
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("blog_tags_slug_key").on(t.slug)],
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
  (t) => [primaryKey({ columns: [t.postId, t.tagId] }), index("blog_post_tags_tag_idx").on(t.tagId)],
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

export const teamMembers = pgTable(
  "team_members",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    position: text("position").notNull(),
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

/* ---------------------------------------------------------------- leads (audit requests) */

export type ComparisonFigures = { time: string; errorRate: string; cost: string };

/** A lead's pipeline statuses, in order (labels in app/lib/lead-status.ts). */
export const LEAD_STATUSES = ["new", "contacted", "qualified", "won", "lost"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** The CRM webhook's delivery state of a lead: queued or retrying, delivered, or given up after the last retry. */
export const WEBHOOK_STATUSES = ["pending", "delivered", "failed"] as const;
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number];

export const leads = pgTable(
  "leads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    company: text("company").notNull(),
    message: text("message").notNull(),
    beforeFigures: jsonb("before_figures").$type<ComparisonFigures>(),
    afterFigures: jsonb("after_figures").$type<ComparisonFigures>(),
    source: text("source"),
    /** Where the lead is in the pipeline: one of LEAD_STATUSES ('new' until someone acts on it). */
    status: text("status", { enum: LEAD_STATUSES }).notNull().default("new"),
    /** Kept for the older 'Mark as handled' readers: true from the moment the lead left 'new'. */
    handled: boolean("handled")
      .notNull()
      .generatedAlwaysAs((): SQL => sql`${leads.status} <> 'new'`),
    /** Attribution, taken from the visit (the analytics beacon) when the lead is stored; null when unknown. */
    landingPage: text("landing_page"),
    convertedOn: text("converted_on"),
    referrer: text("referrer"),
    utmSource: text("utm_source"),
    utmMedium: text("utm_medium"),
    utmCampaign: text("utm_campaign"),
    /** The CRM webhook's delivery (app/server/jobs.server.ts): null when no webhook was configured when the lead came in. */
    webhookStatus: text("webhook_status", { enum: WEBHOOK_STATUSES }),
    webhookAttempts: integer("webhook_attempts").notNull().default(0),
    webhookLastError: text("webhook_last_error"),
    webhookUpdatedAt: timestamp("webhook_updated_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("leads_created_idx").on(t.createdAt.desc()),
    index("leads_status_idx").on(t.status, t.createdAt.desc()),
    check("leads_status_known", sql`${t.status} in ('new', 'contacted', 'qualified', 'won', 'lost')`),
  ],
);

/** Notes the studio keeps on a lead: who wrote it (their name and e-mail as they were then) and when. Never sent to the CRM. */
export const leadNotes = pgTable(
  "lead_notes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    leadId: uuid("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    /** The users table's id, as text so deleting the account keeps the note. */
    authorId: text("author_id").notNull(),
    authorName: text("author_name").notNull(),
    authorEmail: text("author_email").notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("lead_notes_lead_idx").on(t.leadId, t.createdAt)],
);

/* ---------------------------------------------------------------- analytics (docs/decisions: beacon analytics) */

/**
 * Raw events from the beacon, kept 30 days. `visitor` is 16 hex characters of
 * sha256(daily salt + host + ip + user agent): no address, agent or cookie is stored.
 */
export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    createdAt: createdAt(),
    /** The UTC day of the event. */
    day: date("day").notNull(),
    visitor: text("visitor").notNull(),
    /** 'pageview', 'cta', 'audit_open', 'audit_sent', 'work_open' or 'booking'. */
    type: text("type").notNull(),
    path: text("path").notNull(),
    /** The call-to-action's name for 'cta', else null. */
    label: text("label"),
    /** The referring domain; null when none or this site. */
    referrer: text("referrer"),
    utmSource: text("utm_source"),
    utmMedium: text("utm_medium"),
    utmCampaign: text("utm_campaign"),
    /** The path the visit landed on. */
    landing: text("landing"),
  },
  (t) => [index("analytics_events_day_idx").on(t.day), index("analytics_events_visitor_day_idx").on(t.visitor, t.day)],
);

/**
 * Daily rollups, kept forever. Rows whose path, label, referrer and utm_* are all '*' are the
 * day's total for that type; the others are breakdowns ('' when a value is absent).
 */
export const analyticsDaily = pgTable(
  "analytics_daily",
  {
    day: date("day").notNull(),
    type: text("type").notNull(),
    path: text("path").notNull(),
    label: text("label").notNull(),
    referrer: text("referrer").notNull(),
    utmSource: text("utm_source").notNull(),
    utmMedium: text("utm_medium").notNull(),
    utmCampaign: text("utm_campaign").notNull(),
    events: integer("events").notNull(),
    /** Distinct visitors. */
    visitors: integer("visitors").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.type, t.path, t.label, t.referrer, t.utmSource, t.utmMedium, t.utmCampaign] })],
);

/** The random salt of each UTC day's visitor hash; deleted after two days, so a past day's hashes cannot be recomputed. */
export const analyticsSalts = pgTable("analytics_salts", {
  day: date("day").primaryKey(),
  salt: text("salt").notNull(),
});

/* ---------------------------------------------------------------- accounts (better-auth) */

export const users = pgTable("users", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  role: text("role").notNull().default("user"),
  banned: boolean("banned").default(false),
  banReason: text("ban_reason"),
  banExpires: timestamp("ban_expires", { withTimezone: true }),
  /** Two-factor sign-in is on (better-auth's twoFactor plugin sets it once the first code is verified). */
  twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    impersonatedBy: text("impersonated_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("accounts_user_idx").on(t.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

/**
 * An account's authenticator secret and recovery codes (better-auth's twoFactor plugin), both
 * encrypted with AUTH_SECRET. `verified` stays false until the first code confirms the setup.
 */
export const twoFactors = pgTable(
  "two_factors",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    verified: boolean("verified").notNull().default(true),
    failedVerificationCount: integer("failed_verification_count").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (t) => [index("two_factors_user_idx").on(t.userId)],
);

export const rateLimits = pgTable("rate_limits", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

/* ---------------------------------------------------------------- redirects and not-found log */

/**
 * Old addresses that answer 301 to a new one: a published post's previous slug (source
 * 'slug-change') or one an admin added ('manual'). Chains are collapsed when written, so `to_path`
 * is never itself a `from_path` (app/server/redirects.server.ts).
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

/* ---------------------------------------------------------------- site settings */

/**
 * Settings an admin changes from /admin/settings, one row per key (app/server/settings.server.ts
 * knows the keys, their types and defaults; a missing row means the default).
 */
export const siteSettings = pgTable("site_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
});

/* ---------------------------------------------------------------- several processes (docs/decisions: 0032) */

/**
 * Fixed-window request counters shared by every process (audit requests, beacon events): one row
 * per limited key ("leads:<address>"), counted with an atomic upsert; expired rows are purged hourly.
 */
export const requestLimits = pgTable(
  "request_limits",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("request_limits_reset_at_idx").on(t.resetAt)],
);

/* ---------------------------------------------------------------- account lockout and invitations */

/**
 * Failed sign-ins per address (app/server/lockout.server.ts): `failures` within the window that
 * began at `windowStartedAt`, and `lockedUntil` once too many came. Keyed by the lower-cased
 * address, not the account, so an address without an account behaves exactly like one with it.
 */
export const signInLockouts = pgTable(
  "sign_in_lockouts",
  {
    email: text("email").primaryKey(),
    failures: integer("failures").notNull().default(0),
    windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (t) => [index("sign_in_lockouts_window_idx").on(t.windowStartedAt)],
);

/**
 * Invitations to sign up (app/server/invitations.server.ts), sent from /admin/users. Only the
 * token's SHA-256 is stored; the token itself is in the mailed link.
 */
export const invitations = pgTable(
  "invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tokenHash: text("token_hash").notNull().unique(),
    email: text("email").notNull(),
    role: text("role").notNull().default("user"),
    invitedBy: text("invited_by").references(() => users.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    usedBy: text("used_by").references(() => users.id, { onDelete: "set null" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("invitations_email_idx").on(t.email), check("invitations_role_check", sql`${t.role} in ('user', 'admin')`)],
);

/* ---------------------------------------------------------------- audit log */

/**
 * Who changed what, append-only (app/server/audit.server.ts writes it; nothing in the app updates
 * or deletes a row). A trigger (drizzle/*_audit-log-append-only.sql) refuses UPDATE, and DELETE of
 * any entry younger than a year, so only the retention purge can remove rows. The actor's address
 * is copied: the account may be deleted later. A failed sign-in has no actor id, only the address tried.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorId: text("actor_id"),
    /** Lower-cased; null for the system (timers). */
    actorEmail: text("actor_email"),
    /** "<target type>.<verb>", e.g. post.publish, auth.sign-in-failed (app/lib/audit.ts lists them). */
    action: text("action").notNull(),
    targetType: text("target_type"),
    targetId: text("target_id"),
    targetLabel: text("target_label"),
    summary: text("summary").notNull(),
    /** Only the changed fields, long text cut short (app/server/audit.server.ts `changedFields`). */
    before: jsonb("before").$type<Record<string, unknown>>(),
    after: jsonb("after").$type<Record<string, unknown>>(),
    /** The client's address as the server saw it (TRUST_PROXY rules); null when unknown. */
    ip: text("ip"),
    requestId: text("request_id"),
  },
  (t) => [
    // Newest first (ORDER BY at DESC, id DESC means NULLS FIRST; the index gives the order).
    index("audit_log_at_idx").on(t.at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // ?person= (an address or its beginning: LIKE 'x%') and ?type= (one action or a group's actions).
    index("audit_log_actor_idx").on(t.actorEmail.op("text_pattern_ops"), t.at.desc().nullsFirst()),
    index("audit_log_action_idx").on(t.action, t.at.desc().nullsFirst()),
  ],
);
