import { and, eq, isNull, sql } from "drizzle-orm";
import type { Queryable } from "~/server/db/client.server";
import { caseStudies } from "~/server/db/schema.server";
import { invalidatePublicCache } from "~/server/cache/data-cache.server";
import { errorText } from "~/server/http/errors.server";
import { jobQueueReady, type JobQueue, type Task } from "~/server/jobs/jobs.server";
import { log } from "~/server/core/log.server";
import { CATCH_UP_MS, PUBLICATION_POLL_SECONDS } from "~/server/posts/scheduler.server";
import { caseStudyVisible } from "./case-study-queries.server";

/**
 * Scheduled case studies go public by themselves, the posts' way (app/server/posts/scheduler.server.ts,
 * decision 0043): a delayed pg-boss job at the first millisecond each is public, keyed by the case
 * study and its time, empties every process's caches when it is still due then; a stale job does nothing.
 */
export const CASE_STUDY_PUBLICATION_QUEUE = "case-study-publication";

export type CaseStudyPublicationJob = { caseStudyId: string; at: string };

const publicFrom = sql<number>`(ceil(extract(epoch from ${caseStudies.publishedAt}) * 1000))::float8`;

/** The published case studies (not in the trash) whose time is at most `CATCH_UP_MS` ago or still ahead. */
export async function caseStudyPublicationsToSchedule(database: Queryable): Promise<CaseStudyPublicationJob[]> {
  const rows = await database
    .select({ caseStudyId: caseStudies.id, at: publicFrom })
    .from(caseStudies)
    .where(
      and(
        eq(caseStudies.published, true),
        isNull(caseStudies.deletedAt),
        sql`${caseStudies.publishedAt} > now() - make_interval(secs => ${CATCH_UP_MS / 1000})`,
      ),
    );
  return rows.map((row) => ({ caseStudyId: row.caseStudyId, at: new Date(Number(row.at)).toISOString() }));
}

/** Sends the jobs not sent yet; answers how many are new. */
export async function sendCaseStudyPublicationJobs(queue: JobQueue): Promise<number> {
  const due = await caseStudyPublicationsToSchedule(queue.db);
  return queue.sendOnce(
    CASE_STUDY_PUBLICATION_QUEUE,
    due.map((job) => ({ key: `${job.caseStudyId}@${job.at}`, at: new Date(job.at), data: job })),
  );
}

/** A job's work: when the case study is public and was due exactly at the job's time, the caches are emptied (`onDue`). */
export async function publishCaseStudyIfDue(database: Queryable, job: CaseStudyPublicationJob, onDue: () => void = invalidatePublicCache) {
  const [row] = await database
    .select({ id: caseStudies.id })
    .from(caseStudies)
    .where(and(eq(caseStudies.id, job.caseStudyId), caseStudyVisible(), sql`${publicFrom} = ${Date.parse(job.at)}`));
  if (!row) return false;
  log.info("scheduled case study's time reached: public caches emptied", { caseStudy: job.caseStudyId, at: job.at });
  onDue();
  return true;
}

export const CASE_STUDY_PUBLICATION_TASK: Task<CaseStudyPublicationJob> = {
  name: CASE_STUDY_PUBLICATION_QUEUE,
  run: (job, database) => publishCaseStudyIfDue(database, job),
  queue: { retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 60, deleteAfterSeconds: 7 * 24 * 3600 },
  pollingIntervalSeconds: PUBLICATION_POLL_SECONDS,
};

/** After a case-study write: its publication job, if its time changed. A no-op where no job queue runs. */
export function refreshCaseStudyPublicationSchedule() {
  void (async () => {
    const queue = await jobQueueReady();
    if (queue) await sendCaseStudyPublicationJobs(queue);
  })().catch((error: unknown) => log.warn("could not schedule the publication of case studies", { error: errorText(error) }));
}
