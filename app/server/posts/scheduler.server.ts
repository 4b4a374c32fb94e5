import { and, eq, isNull, sql } from "drizzle-orm";
import type { Queryable } from "~/server/db/client.server";
import { blogPosts } from "~/server/db/schema.server";
import { invalidatePublicCache } from "~/server/cache/data-cache.server";
import { errorText } from "~/server/http/errors.server";
import { jobQueueReady, type JobQueue, type Task } from "~/server/jobs/jobs.server";
import { log } from "~/server/core/log.server";
import { publiclyVisible } from "./post-queries.server";

/**
 * Scheduled posts go public by themselves (decisions 0013 and 0043). A published post dated in the
 * future is hidden by the public reads' `published_at <= now()` until its time; the page and data
 * caches, though, keep what they rendered before it. So each such post has a delayed pg-boss job
 * at its time (the first millisecond it is public, by the database's clock, the one the public
 * reads and pg-boss compare with), sent after every post write and at start-up. The job's key is
 * the post and its time (`<post id>@<time>`), and its id is derived from the key, so sending it
 * again (a second write, another process, the next start) adds nothing while pg-boss keeps it.
 * One worker of one process runs it: if the post is public at that time, it empties the caches of
 * every process (`invalidatePublicCache()`: this process's at once, the others' through NOTIFY,
 * cluster.server.ts). A stale job, for a post rescheduled, withdrawn or trashed since, finds it no
 * longer due at that time and does nothing.
 */
export const PUBLICATION_QUEUE = "post-publication";
/**
 * How far back the jobs are sent for: a post that went public less than a day ago without its job
 * (written while no process ran: an import, a version before these jobs) gets one that runs at once.
 * Within pg-boss's 7 days of keeping a job that ran, so a post is never published twice.
 */
export const CATCH_UP_MS = 24 * 60 * 60 * 1000;
/** A job coming due sends no notification: workers look for due ones this often. */
export const PUBLICATION_POLL_SECONDS = 1;

export type PublicationJob = { postId: string; at: string };

/** The first millisecond a post is public: its publication time rounded up to the millisecond (stored times have microseconds). */
const publicFrom = sql<number>`(ceil(extract(epoch from ${blogPosts.publishedAt}) * 1000))::float8`;

/** The published posts (not in the trash) whose time is at most `CATCH_UP_MS` ago or still ahead, with that time. */
export async function publicationsToSchedule(database: Queryable): Promise<PublicationJob[]> {
  const rows = await database
    .select({ postId: blogPosts.id, at: publicFrom })
    .from(blogPosts)
    .where(
      and(eq(blogPosts.published, true), isNull(blogPosts.deletedAt), sql`${blogPosts.publishedAt} > now() - make_interval(secs => ${CATCH_UP_MS / 1000})`),
    );
  return rows.map((row) => ({ postId: row.postId, at: new Date(Number(row.at)).toISOString() }));
}

/** Sends the publication jobs not sent yet (see publicationsToSchedule); answers how many are new. */
export async function sendPublicationJobs(queue: JobQueue): Promise<number> {
  const due = await publicationsToSchedule(queue.db);
  return queue.sendOnce(
    PUBLICATION_QUEUE,
    due.map((job) => ({ key: `${job.postId}@${job.at}`, at: new Date(job.at), data: job })),
  );
}

/**
 * A publication job's work: when the post is public and was due exactly at the job's time, the
 * public caches are emptied (`onDue`) and true is answered; a stale job answers false.
 */
export async function publishIfDue(database: Queryable, job: PublicationJob, onDue: () => void = invalidatePublicCache): Promise<boolean> {
  const at = Date.parse(job.at);
  const [post] = await database
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(and(eq(blogPosts.id, job.postId), publiclyVisible(), sql`${publicFrom} = ${at}`));
  if (!post) return false;
  log.info("scheduled post time reached: public caches emptied", { post: job.postId, at: job.at });
  onDue();
  return true;
}

export const PUBLICATION_TASK: Task<PublicationJob> = {
  name: PUBLICATION_QUEUE,
  run: (job, database) => publishIfDue(database, job),
  // Kept 7 days after it ran (pg-boss's default, stated here because CATCH_UP_MS relies on it).
  queue: { retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 60, deleteAfterSeconds: 7 * 24 * 3600 },
  pollingIntervalSeconds: PUBLICATION_POLL_SECONDS,
};

/** After a post write: its publication job, if its time changed. A no-op where no job queue runs (scripts, tests). */
export function refreshPublicationSchedule() {
  void (async () => {
    const queue = await jobQueueReady();
    if (queue) await sendPublicationJobs(queue);
  })().catch((error: unknown) => log.warn("could not schedule the publication of posts", { error: errorText(error) }));
}
