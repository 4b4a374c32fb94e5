import { config } from "./env.server";
import { closeDatabase, database } from "~/server/db/client.server";
import { PUBLICATION_TASK, sendPublicationJobs } from "~/server/posts/scheduler.server";
import { CASE_STUDY_PUBLICATION_TASK, sendCaseStudyPublicationJobs } from "~/server/case-studies/case-study-scheduler.server";
import { LOCAL_PUBLIC_PREFIX, localUploadsRoot, storage } from "~/server/storage/storage.server";
import { errorText } from "~/server/http/errors.server";
import { log } from "./log.server";
import { seedIfEmpty } from "~/server/site/seed.server";
import { TRASH_PURGE_TASK } from "~/server/trash/trash.server";
import { HOUSEKEEPING_TASK } from "~/server/storage/orphan-uploads.server";
import { ANALYTICS_MAINTENANCE_TASK, stopAnalytics } from "~/server/analytics/store.server";
import { startJobQueue, stopJobQueue, type Task } from "~/server/jobs/jobs.server";
import { BOOKING_REMINDER_TASK } from "~/server/leads/booking-reminder.server";
import { DATABASE_UPKEEP_TASK } from "~/server/db/upkeep.server";
import { startClusterSignals, stopClusterSignals } from "~/server/jobs/cluster.server";
import { stopCollectLimiter } from "~/server/analytics/collect.server";
import { stopCrawlCounts } from "~/server/analytics/crawl-counts.server";

/**
 * The cluster-wide work besides the lead jobs, all of it pg-boss's (docs/decisions/0043): the
 * hourly trash purge and housekeeping, the minute's analytics rollup and the embedded database's
 * daily vacuum as schedules, and each
 * scheduled post's and case study's publication and each lead's booking reminder as a delayed job at its time.
 */
export const BACKGROUND_TASKS: Task[] = [
  TRASH_PURGE_TASK,
  HOUSEKEEPING_TASK,
  ANALYTICS_MAINTENANCE_TASK,
  PUBLICATION_TASK,
  CASE_STUDY_PUBLICATION_TASK,
  BOOKING_REMINDER_TASK,
  DATABASE_UPKEEP_TASK,
];

/**
 * Runs before the server listens: opens the database (migrating it), seeds demo content on the
 * first start of an empty embedded database and starts this process's job queue workers (lead
 * mail and webhook, the periodic jobs, publications), then sends the publication jobs of posts
 * written while no process ran. Throws with a clear message when it cannot.
 */
export async function startup() {
  const settings = config();
  const handle = await database();
  // On PostgreSQL, every process's caches follow every write (LISTEN/NOTIFY, app/server/jobs/cluster.server.ts).
  await startClusterSignals(handle);
  const seeded = await seedIfEmpty(handle, settings.seedDemo);
  if (seeded)
    log.info(
      `seeded demo content (${seeded.posts} posts, ${seeded.team} team members, ${seeded.testimonials} testimonials, ${seeded.caseStudies} case studies)`,
    );
  // Every process runs workers; each job is taken by one of them (app/server/jobs/jobs.server.ts).
  const queue = await startJobQueue({ handle, webhook: settings.leadsWebhook, tasks: BACKGROUND_TASKS });
  // Scheduled posts imported, seeded or written by an older version have no job yet (app/server/posts/scheduler.server.ts).
  await sendPublicationJobs(queue).catch((error: unknown) => log.warn("could not schedule the publication of posts", { error: errorText(error) }));
  await sendCaseStudyPublicationJobs(queue).catch((error: unknown) =>
    log.warn("could not schedule the publication of case studies", { error: errorText(error) }),
  );
  return serverInfo();
}

export async function serverInfo() {
  const settings = config();
  const handle = await database();
  return {
    database: handle.kind === "pglite" ? `embedded PGlite in ${handle.location}` : `PostgreSQL at ${handle.location}`,
    storage: storage().describe(),
    mail: settings.smtpUrl ? "SMTP" : "server log (SMTP_URL not set)",
    localUploads: storage().kind === "local" ? { root: localUploadsRoot(settings.dataDir), publicPrefix: LOCAL_PUBLIC_PREFIX } : null,
  };
}

/** What the HTTP server needs before it listens; throws ConfigError naming a bad setting. */
export function serverSettings() {
  const { port, host, appUrl, trustProxy, earlyHints, warmUp } = config();
  return { port, host, appUrl, trustProxy, earlyHints, warmUp };
}

export async function shutdown() {
  // First, while the database is open: running jobs finish, the others wait in the queue for the next start.
  await stopJobQueue();
  // The events and rate-limit counts still in memory are written before the database closes.
  await stopAnalytics();
  await stopCrawlCounts();
  await stopCollectLimiter();
  await stopClusterSignals();
  await closeDatabase();
}
