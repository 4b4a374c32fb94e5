import { count, desc, eq, gte, isNull, ne, sql } from "drizzle-orm";
import type { Queryable } from "~/server/db/client.server";
import { blogPosts, leads, users } from "~/server/db/schema.server";
import { keptTabCounts } from "~/server/posts/admin-post-queries.server";

/**
 * The back-office's figures: the counts beside 'Leads' and 'Users' in the navigation, and the
 * dashboard's figures and most recent posts and leads. What makes a lead "new" and an account
 * "waiting" is said once here, so the navigation and the dashboard always agree.
 */

/** A lead nobody has dealt with yet. */
const isNewLead = eq(leads.status, "new");

/** An account that signed up and has no back-office access yet (/admin/users: 'No access'). */
const isWaitingAccount = ne(users.role, "admin");

export type ShellCounts = { newLeads: number; waitingAccounts: number };

/** The counts the navigation shows on every admin page. */
export async function shellCounts(db: Queryable): Promise<ShellCounts> {
  const [[lead], [account]] = await Promise.all([
    db.select({ n: count() }).from(leads).where(isNewLead),
    db.select({ n: count() }).from(users).where(isWaitingAccount),
  ]);
  return { newLeads: lead?.n ?? 0, waitingAccounts: account?.n ?? 0 };
}

export type DashboardFigures = { published: number; drafts: number; scheduled: number; leadsThisWeek: number; waitingAccounts: number };

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** Posts by state (the trash left out: kept counts, see keptTabCounts), leads of the last 7 days and accounts waiting, at `now`. */
export async function dashboardFigures(db: Queryable, now: Date = new Date()): Promise<DashboardFigures> {
  const [posts, [week], [account]] = await Promise.all([
    keptTabCounts(db, now),
    db
      .select({ n: count() })
      .from(leads)
      .where(gte(leads.createdAt, new Date(now.getTime() - WEEK_MS))),
    db.select({ n: count() }).from(users).where(isWaitingAccount),
  ]);
  return {
    published: posts.published,
    drafts: posts.drafts,
    scheduled: posts.scheduled,
    leadsThisWeek: week?.n ?? 0,
    waitingAccounts: account?.n ?? 0,
  };
}

/** The newest posts, drafts too (not those in the trash). */
export async function recentPosts(db: Queryable, limit = 5) {
  return db
    .select({ id: blogPosts.id, title: blogPosts.title, published: blogPosts.published, publishedAt: blogPosts.publishedAt, createdAt: blogPosts.createdAt })
    .from(blogPosts)
    .where(isNull(blogPosts.deletedAt))
    .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id))
    .limit(limit);
}

/** The newest leads, whether dealt with or not (`isNew` as the navigation counts them). */
export async function recentLeads(db: Queryable, limit = 5) {
  return db
    .select({ id: leads.id, name: leads.name, company: leads.company, isNew: sql<boolean>`${isNewLead}`.mapWith(Boolean), createdAt: leads.createdAt })
    .from(leads)
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(limit);
}
