import { config } from "./env.server";
import { closeDatabase, database } from "./db/client.server";
import { startPublicationScheduler, stopPublicationScheduler } from "./scheduler.server";
import { LOCAL_PUBLIC_PREFIX, localUploadsRoot, storage } from "./storage.server";
import { log } from "./log.server";
import { seedIfEmpty } from "./seed.server";
import { startTrashPurge, stopTrashPurge } from "./trash.server";
import { startUploadsPurge, stopUploadsPurge } from "./orphan-uploads.server";
import { startAnalyticsRollup, stopAnalytics } from "./analytics/store.server";
import { startLeadJobs, stopLeadJobs } from "./jobs.server";
import { startClusterSignals, stopClusterSignals } from "./cluster.server";
import { stopCollectLimiter } from "./analytics/collect.server";

/**
 * Runs before the server listens: opens the database (migrating it), seeds demo content on the
 * first start of an empty embedded database and starts the hourly trash and orphaned-uploads purges (each
 * run by one process of the cluster per hour). Throws with a
 * clear message when it cannot.
 */
export async function startup() {
  const settings = config();
  const handle = await database();
  // On PostgreSQL, every process's caches follow every write (LISTEN/NOTIFY, app/server/cluster.server.ts).
  await startClusterSignals(handle);
  const seeded = await seedIfEmpty(handle, settings.seedDemo);
  if (seeded) log.info(`seeded demo content (${seeded.posts} posts, ${seeded.team} team members, ${seeded.testimonials} testimonials)`);
  // Scheduled posts go public at their time, on every process (app/server/scheduler.server.ts).
  startPublicationScheduler({ database: async () => (await database()).db });
  startTrashPurge();
  // Uploads no record shows are removed after a day (app/server/orphan-uploads.server.ts).
  startUploadsPurge();
  // Beacon events are rolled up every minute; raw events older than 30 days are dropped (app/server/analytics/store.server.ts).
  startAnalyticsRollup();
  // New leads' mail and CRM webhook (app/server/jobs.server.ts): the workers of this process.
  await startLeadJobs({ handle, webhook: settings.leadsWebhook });
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
  const { port, host, appUrl, trustProxy, earlyHints } = config();
  return { port, host, appUrl, trustProxy, earlyHints };
}

export async function shutdown() {
  // First, while the database is open: running jobs finish, the others wait in the queue for the next start.
  await stopLeadJobs();
  stopPublicationScheduler();
  await stopTrashPurge();
  await stopUploadsPurge();
  // The events and rate-limit counts still in memory are written before the database closes.
  await stopAnalytics();
  await stopCollectLimiter();
  await stopClusterSignals();
  await closeDatabase();
}
