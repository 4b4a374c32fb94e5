import { isNotNull, like, or, sql } from "drizzle-orm";
import type { Queryable } from "~/server/db/client.server";
import type { Task } from "~/server/jobs/jobs.server";
import { purgeExpiredLimits } from "~/server/http/rate-limit.server";
import { blogPosts, caseStudies, postAutosaves, postRevisions, siteContent, siteContentRevisions, teamMembers, testimonials } from "~/server/db/schema.server";
import { errorText } from "~/server/http/errors.server";
import { log } from "~/server/core/log.server";
import { pruneNotFoundLog } from "~/server/site/redirects.server";
import { BUCKET, storage, type Storage } from "./storage.server";

/**
 * Orphaned uploads: an image uploaded in a form that was never saved, or a cover or photo that was
 * replaced, is no longer shown by any record. Once its file is a day old it is removed with its
 * WebP variants. References are looked for in every record, trashed ones included (they can still
 * be restored): post covers and markdown content, team photos and testimonial images, and the
 * saved texts a post can be brought back to: its revisions and its autosaved unsaved changes; and
 * the landing page's images (docs/decisions/0057): its draft, its published content and every
 * revision of it kept in its history (each can be restored).
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** A stored file younger than this is kept: its form may still be open. */
export const ORPHAN_AFTER_MS = DAY_MS;

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
/** A stored image's key: optional folder, the uuid, then the original's extension or a `-<width>.webp` variant. */
const STORED_KEY = new RegExp(`^((?:team/|testimonials/)?${UUID})(?:-\\d+\\.webp|\\.[a-z0-9]+)$`);
/** The same image as it appears in a URL anywhere in a text (a cover URL, a markdown image). */
const IMAGE_IN_TEXT = new RegExp(`/${BUCKET}/((?:team/|testimonials/)?${UUID})(?:-\\d+\\.webp|\\.[a-z0-9]+)`, "g");

/** The image a stored key belongs to (folder and uuid, shared by the original and its variants), else null. */
export function imageStem(key: string): string | null {
  return STORED_KEY.exec(key)?.[1] ?? null;
}

/** Every image some record shows (or would show once restored from the trash), as stems. */
export async function referencedImages(database: Queryable): Promise<Set<string>> {
  const [posts, team, quotes, revisions, autosaves, studies, landing, landingRevisions] = await Promise.all([
    database
      .select({ imageUrl: blogPosts.imageUrl, content: blogPosts.content })
      .from(blogPosts)
      .where(or(isNotNull(blogPosts.imageUrl), like(blogPosts.content, `%/${BUCKET}/%`))),
    database.select({ url: teamMembers.photoUrl }).from(teamMembers).where(isNotNull(teamMembers.photoUrl)),
    database.select({ url: testimonials.avatarUrl }).from(testimonials).where(isNotNull(testimonials.avatarUrl)),
    database
      .select({ imageUrl: postRevisions.imageUrl, content: postRevisions.content })
      .from(postRevisions)
      .where(or(isNotNull(postRevisions.imageUrl), like(postRevisions.content, `%/${BUCKET}/%`))),
    database.select({ text: sql<string>`${postAutosaves.values}::text` }).from(postAutosaves),
    database.select({ text: sql<string>`concat_ws(' ', ${caseStudies.imageUrl}, ${caseStudies.problem}, ${caseStudies.solution})` }).from(caseStudies),
    database.select({ text: sql<string>`concat_ws(' ', ${siteContent.draft}::text, ${siteContent.published}::text)` }).from(siteContent),
    database
      .select({ text: sql<string>`${siteContentRevisions.content}::text` })
      .from(siteContentRevisions)
      .where(like(sql`${siteContentRevisions.content}::text`, `%/${BUCKET}/%`)),
  ]);
  const stems = new Set<string>();
  const collect = (text: string | null) => {
    if (!text) return;
    for (const match of text.matchAll(IMAGE_IN_TEXT)) stems.add(match[1]!);
  };
  for (const post of [...posts, ...revisions]) {
    collect(post.imageUrl);
    collect(post.content);
  }
  for (const copy of [...autosaves, ...studies, ...landing, ...landingRevisions]) collect(copy.text);
  for (const row of [...team, ...quotes]) collect(row.url);
  return stems;
}

/**
 * Removes the stored images no record refers to whose files are older than a day at `now`
 * (original and WebP variants). Files that are not uploaded images are left alone. Returns the
 * removed keys.
 */
export async function purgeOrphanUploads(database: Queryable, store: Storage, now: Date): Promise<string[]> {
  const cutoff = now.getTime() - ORPHAN_AFTER_MS;
  const old = (await store.list()).filter((file) => file.modified.getTime() < cutoff && imageStem(file.key));
  if (old.length === 0) return [];
  // Read after listing: an image saved with a record meanwhile is seen as referenced.
  const referenced = await referencedImages(database);
  const removed: string[] = [];
  for (const file of old) {
    if (referenced.has(imageStem(file.key)!)) continue;
    try {
      await store.delete(file.key);
      removed.push(file.key);
    } catch (error) {
      log.error("deleting an orphaned upload failed", { key: file.key, error: errorText(error) });
    }
  }
  if (removed.length > 0) log.info("removed orphaned uploads", { files: removed.length });
  return removed;
}

/* ------------------------------------------------------------------ the hourly job */

/**
 * The hourly housekeeping, a pg-boss schedule (jobs.server.ts) run by one process of the cluster,
 * at half past (away from the trash purge): ended rate-limit windows dropped, orphaned uploads
 * removed, the not-found log kept small.
 */
export const HOUSEKEEPING_TASK: Task = {
  name: "housekeeping",
  cron: "30 * * * *",
  run: async (_data, database) => {
    await purgeExpiredLimits(database);
    await purgeOrphanUploads(database, storage(), new Date());
    await pruneNotFoundLog(database);
  },
  queue: { retryLimit: 2, retryDelay: 60, expireInSeconds: 15 * 60 },
};
