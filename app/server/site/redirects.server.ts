import { recordAudit } from "~/server/admin/audit.server";
import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import { redirect } from "react-router";
import { z } from "zod";
import { db as openDb, type Db, type Queryable } from "~/server/db/client.server";
import { blogPosts, notFoundLog, redirects } from "~/server/db/schema.server";
import { errorText } from "~/server/http/errors.server";
import { failureReply, parseSubmission, redirectWithToast, successReply } from "~/server/admin/form.server";
import { log } from "~/server/core/log.server";
import { publiclyVisible } from "~/server/posts/post-queries.server";
import { recordId } from "~/lib/admin-validation";
import { firstError } from "~/lib/form-result";
import { hasControlCharacter } from "~/lib/text";
import { SITE_FILES, SITE_PAGES } from "~/lib/site-pages";

/**
 * Redirects and the not-found log. A published post whose slug changes leaves a 301 from its old
 * address; admins add and remove others at /admin/redirects, where the most frequent 404 paths are
 * listed too. Invariants kept on every write: no chains (a `to_path` is never a `from_path`), no
 * loops (`from_path` <> `to_path`, a database check too) and no redirect from a live post's address
 * (the post wins; the read side only looks redirects up where the answer would be 404).
 */

/** Browsers and CDNs may keep a 301 a few minutes: removing a redirect takes effect soon after. */
export const REDIRECT_CACHE_CONTROL = "public, max-age=300, s-maxage=60";

const MAX_PATH = 300;
/** How many not-found paths /admin/redirects shows, and how many the hourly prune keeps at most. */
export const NOT_FOUND_SHOWN = 20;
const NOT_FOUND_KEPT = 2000;
const NOT_FOUND_DAYS = 90;

export const postPath = (slug: string) => `/blog/${slug}`;

type PostState = { slug: string; published: boolean; publishedAt: Date | null };

const isLive = (post: PostState, now: Date) => post.published && post.publishedAt !== null && post.publishedAt.getTime() <= now.getTime();

/**
 * Writes `from` → `to` and keeps the invariants: a chain through `from` is collapsed (rows that
 * pointed at `from` now point at `to`), a row that would now point at itself is dropped.
 */
async function linkRedirect(tx: Queryable, from: string, to: string, source: "slug-change" | "manual") {
  if (from === to) return;
  // to → from would become to → to: a loop, dropped (the database refuses such a row anyway).
  await tx.delete(redirects).where(and(eq(redirects.fromPath, to), eq(redirects.toPath, from)));
  await tx.update(redirects).set({ toPath: to }).where(eq(redirects.toPath, from));
  await tx
    .insert(redirects)
    .values({ fromPath: from, toPath: to, source })
    .onConflictDoUpdate({ target: redirects.fromPath, set: { toPath: to, source, hits: 0, createdAt: sql`now()` } });
}

type SlugPath = (slug: string) => string;

/**
 * After a post (or, with `pathOf`, a case study) was saved: its old address redirects to the new one when it was public
 * and the slug changed, and a redirect from the address it now holds is dropped (a live post is never shadowed;
 * changing a slug back removes the redirect it left). A failure is logged, never fatal: the post is saved.
 */
export async function recordSlugChange(database: Db, before: PostState | null, after: PostState, now = new Date(), pathOf: SlugPath = postPath) {
  const oldPath = before ? pathOf(before.slug) : null;
  const newPath = pathOf(after.slug);
  const moved = before !== null && oldPath !== newPath && isLive(before, now);
  if (!moved && !after.published) return;
  try {
    await database.transaction(async (tx) => {
      if (after.published || moved) await tx.delete(redirects).where(eq(redirects.fromPath, newPath));
      if (moved && oldPath) await linkRedirect(tx, oldPath, newPath, "slug-change");
    });
  } catch (error) {
    log.error("recording the redirect of a changed slug failed", { from: oldPath, to: newPath, error: errorText(error) });
  }
}

/* ------------------------------------------------------------------ the public side */

/** The stored form of a path: no trailing slash (except "/"). */
export function normalPath(path: string) {
  return path.length > 1 ? path.replace(/\/+$/, "") || "/" : path;
}

/** Where `path` redirects to, or null; counts the hit (without waiting for it). */
export async function findRedirect(database: Queryable, path: string): Promise<string | null> {
  const keys = [...new Set([path, normalPath(path)])];
  const [row] = await database.select({ id: redirects.id, to: redirects.toPath }).from(redirects).where(inArray(redirects.fromPath, keys)).limit(1);
  // A target stored before the rule tightened (`/\\evil.example`) is never followed off-site.
  if (!row || !isRedirectTarget(row.to)) return null;
  void database
    .update(redirects)
    .set({ hits: sql`${redirects.hits} + 1` })
    .where(eq(redirects.id, row.id))
    .catch((error: unknown) => log.warn("counting a redirect hit failed", { error: errorText(error) }));
  return row.to;
}

/** Paths that are never worth logging: built assets, uploads and the usual vulnerability probes. */
const IGNORED_MISS =
  /^\/(assets|uploads|\.well-known)\/|\.(php\d?|aspx?|jsp|cgi|env|ini|sql|bak|old|swp|ya?ml|log)$|\/(wp-[a-z]+|\.git|\.env|\.aws|\.ssh|cgi-bin|phpmyadmin|xmlrpc)(\/|$)/i;

/** Whether a 404 path is counted in the not-found log. */
export function isLoggedMiss(path: string) {
  return path.startsWith("/") && path.length <= MAX_PATH && !IGNORED_MISS.test(path) && !/^\/(admin|api)(\/|$)/.test(path);
}

/** Counts one 404 of `path` (one upsert). */
export async function countNotFound(database: Queryable, path: string) {
  if (!isLoggedMiss(path)) return;
  await database
    .insert(notFoundLog)
    .values({ path, hits: 1 })
    .onConflictDoUpdate({ target: notFoundLog.path, set: { hits: sql`${notFoundLog.hits} + 1`, lastSeen: sql`now()` } });
}

/** Requests already looked up: a route's middleware asks before its loader does (the same request), the miss is counted once. */
const settled = new WeakSet<Request>();

/**
 * Where the public site decides a 404: throws a 301 to the redirect's target when the path has
 * one, else counts the miss and returns (the caller answers 404). Never fails the request. Asked
 * again for the same request, it returns at once (the first answer stands).
 */
export async function redirectOrCountMiss(request: Request): Promise<void> {
  if (settled.has(request)) return;
  settled.add(request);
  const url = new URL(request.url);
  const path = url.pathname;
  let target: string | null = null;
  try {
    const database = await openDb();
    target = await findRedirect(database, path);
    if (!target) await countNotFound(database, normalPath(path));
  } catch (error) {
    log.warn("redirect lookup or not-found count failed", { path: path.slice(0, MAX_PATH), error: errorText(error) });
  }
  if (target) throw redirect(withQuery(target, url.searchParams), { status: 301, headers: { "Cache-Control": REDIRECT_CACHE_CONTROL } });
}

/** Keeps the visitor's query (campaign tags…) on an internal target without one; drops React Router's own. */
function withQuery(target: string, params: URLSearchParams) {
  const kept = new URLSearchParams(params);
  kept.delete("_routes");
  const query = kept.toString();
  return query && target.startsWith("/") && !target.includes("?") ? `${target}?${query}` : target;
}

/* ------------------------------------------------------------------ the admin side */

export type RedirectRow = { id: string; from: string; to: string; hits: number; source: string; createdAt: string };
export type NotFoundRow = { path: string; hits: number; lastSeen: string };

export async function listRedirects(database: Queryable): Promise<RedirectRow[]> {
  const rows = await database.select().from(redirects).orderBy(desc(redirects.createdAt), redirects.fromPath);
  return rows.map((r) => ({ id: r.id, from: r.fromPath, to: r.toPath, hits: r.hits, source: r.source, createdAt: r.createdAt.toISOString() }));
}

/** The most frequent not-found paths that no redirect answers yet. */
export async function topNotFound(database: Queryable, limit = NOT_FOUND_SHOWN): Promise<NotFoundRow[]> {
  const rows = await database
    .select()
    .from(notFoundLog)
    .where(sql`not exists (select 1 from ${redirects} where ${redirects.fromPath} = ${notFoundLog.path})`)
    .orderBy(desc(notFoundLog.hits), desc(notFoundLog.lastSeen))
    .limit(limit);
  return rows.map((r) => ({ path: r.path, hits: r.hits, lastSeen: r.lastSeen.toISOString() }));
}

/** Keeps the log small: paths not seen for 90 days go, and only the most frequent 2,000 stay. */
export async function pruneNotFoundLog(database: Queryable, now = new Date()) {
  await database.delete(notFoundLog).where(lt(notFoundLog.lastSeen, new Date(now.getTime() - NOT_FOUND_DAYS * 24 * 60 * 60 * 1000)));
  await database.execute(
    sql`delete from ${notFoundLog} where ${notFoundLog.path} not in (select ${notFoundLog.path} from ${notFoundLog} order by ${notFoundLog.hits} desc, ${notFoundLog.lastSeen} desc limit ${NOT_FOUND_KEPT})`,
  );
}

/** The site's own pages and files: never the source of a redirect. */
const LIVE_PATHS: ReadonlySet<string> = new Set([...SITE_PAGES, ...SITE_FILES]);

const fromField = z
  .string({ message: "From is required." })
  .trim()
  .min(1, "From is required.")
  .max(MAX_PATH, `From must be at most ${MAX_PATH} characters.`)
  .refine((v) => v.startsWith("/") && !v.startsWith("//"), "From must be a path starting with /.")
  .refine((v) => !/[\s?#]/.test(v) && !hasControlCharacter(v), "From must be a path without spaces, query or fragment.")
  .refine((v) => !/^\/(admin|api)(\/|$)/i.test(v), "From cannot be an admin or API address.")
  .transform(normalPath);

/**
 * A redirect's target: a path of this site, or an absolute http(s) address written out in full.
 * Browsers read a backslash as a slash, so `/\\evil.example` (like `//evil.example`) leaves the
 * site; `https:evil.example` is an absolute address in disguise. Both are refused.
 */
export function isRedirectTarget(v: string) {
  if (hasControlCharacter(v) || /[\s\\]/.test(v)) return false;
  if (v.startsWith("/")) return !v.startsWith("//");
  if (!/^https?:\/\/[^/]/i.test(v)) return false;
  try {
    const url = new URL(v);
    return (url.protocol === "http:" || url.protocol === "https:") && Boolean(url.hostname);
  } catch {
    return false;
  }
}

const toField = z
  .string({ message: "To is required." })
  .trim()
  .min(1, "To is required.")
  .max(2000, "To must be at most 2000 characters.")
  .refine(isRedirectTarget, "To must be a path starting with / or an http(s) address.");

const addRedirectSchema = z.object({ intent: z.literal("add", { message: "Unknown request." }), from: fromField, to: toField });
const removeRedirectSchema = z.object({ intent: z.literal("remove", { message: "Unknown request." }), id: recordId() });

const ADD_ERROR = "Error adding redirect";
const REMOVE_ERROR = "Error removing redirect";

/** A path the site answers with a page of its own (a fixed page or a live post). */
async function isLivePath(database: Queryable, path: string) {
  if (LIVE_PATHS.has(path)) return true;
  const slug = /^\/blog\/([^/]+)$/.exec(path)?.[1];
  if (!slug) return false;
  const [post] = await database
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), publiclyVisible()))
    .limit(1);
  return Boolean(post);
}

/** 'Add redirect': 400 bad input, 409 a live page, an existing redirect or a loop, 503 database failure; success reloads the page clean. */
export async function addRedirect(database: Db, form: FormData) {
  const submission = parseSubmission(form, addRedirectSchema, { errorTitle: ADD_ERROR });
  if (!submission.ok) return submission.reply;
  const { value, values } = submission;
  const from = value.from;
  let to = value.to.startsWith("/") ? normalPath(value.to) : value.to;
  if (to === from) return failureReply(400, ADD_ERROR, "From and To must be different.", { errors: { to: "From and To must be different." }, values });
  try {
    if (await isLivePath(database, from)) {
      const message = `${from} is a live page of the site: it cannot redirect.`;
      return failureReply(409, ADD_ERROR, message, { errors: { from: message }, values });
    }
    const [taken] = await database.select({ to: redirects.toPath }).from(redirects).where(eq(redirects.fromPath, from)).limit(1);
    if (taken) {
      const message = `${from} already redirects to ${taken.to}. Remove that redirect first.`;
      return failureReply(409, ADD_ERROR, message, { errors: { from: message }, values });
    }
    // A target that redirects on is followed (no chains); arriving back at From is a loop.
    const [next] = await database.select({ to: redirects.toPath }).from(redirects).where(eq(redirects.fromPath, to)).limit(1);
    if (next) to = next.to;
    if (to === from) {
      const message = `${value.to} already redirects to ${from}: this redirect would loop.`;
      return failureReply(409, ADD_ERROR, message, { errors: { to: message }, values });
    }
    await database.transaction(async (tx) => {
      await linkRedirect(tx, from, to, "manual");
      await tx.delete(notFoundLog).where(eq(notFoundLog.path, from));
      await recordAudit(
        tx,
        { action: "redirect.create", target: { type: "redirect", label: from }, summary: `${from} → ${to}`, after: { from, to } },
        { inTransaction: true },
      );
    });
  } catch (error) {
    log.error("adding a redirect failed", { from, error: errorText(error) });
    return failureReply(503, ADD_ERROR, "The redirect could not be saved. Please try again.", { values });
  }
  return redirectWithToast("/admin/redirects", "Redirect added", `${from} now redirects to ${to}.`);
}

/** 'Remove': 400 bad id, 404 already gone, 503 database failure. */
export async function removeRedirect(database: Queryable, form: FormData) {
  const submission = parseSubmission(form, removeRedirectSchema, { errorTitle: REMOVE_ERROR, describe: firstError });
  if (!submission.ok) return submission.reply;
  let removed: { from: string; to: string }[];
  try {
    removed = await database.delete(redirects).where(eq(redirects.id, submission.value.id)).returning({ from: redirects.fromPath, to: redirects.toPath });
  } catch (error) {
    log.error("removing a redirect failed", { error: errorText(error) });
    return failureReply(503, REMOVE_ERROR, "The redirect could not be removed. Please try again.");
  }
  if (removed.length === 0) return failureReply(404, REMOVE_ERROR, "The redirect no longer exists.");
  const { from, to } = removed[0]!;
  await recordAudit(database, {
    action: "redirect.delete",
    target: { type: "redirect", id: submission.value.id, label: from },
    summary: `Removed ${from} → ${to}`,
    before: { from, to },
  });
  return successReply("Redirect removed", `${removed[0]!.from} no longer redirects.`);
}

/** /admin/redirects' action: 'Remove' (intent=remove) or 'Add redirect' (intent=add). */
export async function redirectsAction(database: Db, form: FormData) {
  return form.get("intent") === "remove" ? removeRedirect(database, form) : addRedirect(database, form);
}
