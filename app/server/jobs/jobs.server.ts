import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { PgBoss, fromDrizzle, fromPglite, type Clock, type ConstructorOptions, type JobResult, type JobWithMetadata, type QueueOptions } from "pg-boss";
import type { Db, DbHandle, Queryable } from "~/server/db/client.server";
import { errorText } from "~/server/http/errors.server";
import { log } from "~/server/core/log.server";
import { mailLead } from "~/server/leads/leads-mail.server";
import { getLead, recordWebhookAttempt } from "~/server/leads/lead-queries.server";
import { deliverLeadWebhook, type LeadJob, type LeadStateEvent, type WebhookSettings } from "~/server/leads/lead-webhook.server";

/**
 * All background work of the site, one way (docs/decisions/0043): pg-boss queues kept in the
 * application's own database (schema `pgboss`, PGlite or PostgreSQL), started with the server in
 * every process. pg-boss retries failures, keeps jobs across restarts and hands each job to one
 * worker of one process (SELECT … FOR UPDATE SKIP LOCKED), so nothing here runs twice in a cluster.
 * - The lead jobs (decision 0023): the studio's mail and the CRM webhook of each new lead, written
 *   in the same transaction as the lead, so a lead never exists without its jobs.
 * - Tasks other modules define (`Task`, listed by lifecycle.server.ts): periodic ones on a cron
 *   (pg-boss `schedule()`: one job per occurrence for the whole cluster), and delayed jobs sent for
 *   a moment with `sendOnce` (a scheduled post's publication).
 */

export const MAIL_QUEUE = "lead-mail";
export const WEBHOOK_QUEUE = "lead-webhook";

export type { WebhookSettings };

/**
 * Work another module gives the queue. Its jobs run on one worker of one process of the cluster,
 * with the queue's database; a failed run is retried as `queue` says.
 */
export type Task<T extends object = object> = {
  /** The queue's name, and its schedule's. */
  name: string;
  /**
   * A cron expression (UTC, to the minute at best): pg-boss's timekeeper, run by one process every
   * 30 s, sends one job per occurrence for the whole cluster, and one for occurrences missed while
   * no process ran. Without it the task's jobs are delayed jobs sent with `sendOnce`.
   */
  cron?: string;
  /** `now`: the queue's clock (the system's; a test's pg-boss TestClock). */
  run(data: T, database: Db, now: Date): Promise<unknown>;
  /** Retries, expiry, retention (pg-boss queue options). A periodic task also runs one job at a time, with one more waiting at most. */
  queue?: QueueOptions;
  /** How often an idle worker looks for due jobs (default: PERIODIC_POLL_SECONDS; a job sent to be run at once wakes it anyway). */
  pollingIntervalSeconds?: number;
};

/** Logged with `queue` and `ms` when a periodic task's first run in a process is done (the catch-up after a start); bench:scale waits for it. */
export const FIRST_PERIODIC_RUN = "a periodic job's first run since start";

/** Periodic jobs are sent by pg-boss with a notification that wakes a worker; this slow poll is only the backstop. */
export const PERIODIC_POLL_SECONDS = 30;

export type JobQueueOptions = {
  handle: DbHandle;
  /** The CRM webhook (LEADS_WEBHOOK_*); without it no webhook job is written. */
  webhook?: WebhookSettings;
  /** How often an idle worker looks for jobs at most (pg-boss's pollingIntervalSeconds, 0.5 or more; default 2 s for the lead queues, each task's own for tasks). */
  pollingIntervalSeconds?: number;
  /** Seconds a webhook POST may take before it counts as failed. */
  webhookTimeoutSeconds?: number;
  /** The cluster-wide work besides the lead jobs (lifecycle.server.ts lists it). */
  tasks?: Task[];
  /** pg-boss's source of time (tests: its TestClock, so a delayed job comes due without waiting). */
  clock?: Clock;
};

/** A delayed job run at `at` for `key`, once: its id is derived from the queue and the key. */
export type OnceJob = { key: string; at: Date; data: object };

/**
 * The job id of `key` in `queue`: a UUID (version 8, "custom") made of the SHA-256 of both, so the
 * same key always names the same job and pg-boss's insert skips it while the job is kept.
 */
function onceJobId(queue: string, key: string) {
  const bytes = crypto.createHash("sha256").update(`${queue}\0${key}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export class JobQueue {
  readonly boss: PgBoss;
  readonly #options: JobQueueOptions;

  constructor(options: JobQueueOptions) {
    this.#options = options;
    const connection = options.handle.connection;
    if (!connection) throw new Error("The job queue needs the database's connection (DbHandle.connection).");
    const common: ConstructorOptions = { schema: "pgboss", application_name: "studio-jobs", useListenNotify: true, clock: options.clock };
    this.boss =
      connection.kind === "pglite"
        ? new PgBoss({ ...common, backend: "pglite", db: fromPglite(connection.client) })
        : new PgBoss({ ...common, connectionString: connection.url, max: 3 });
    this.boss.on("error", (error) => log.error("job queue error", { error: errorText(error) }));
  }

  /** The database the queue and its tasks work on. */
  get db(): Db {
    return this.#options.handle.db;
  }

  get webhookEnabled() {
    return this.#options.webhook !== undefined;
  }

  async start() {
    // A database still busy starting (or briefly away) gets a few more tries.
    await this.boss.start({ attempts: 5 });
    await this.#ensureQueue(MAIL_QUEUE, { retryLimit: 5, retryDelay: 60, retryBackoff: true, retryDelayMax: 3600, expireInSeconds: 120 });
    await this.#work(MAIL_QUEUE, (job: JobWithMetadata<LeadJob>) => this.#mail(job));
    const webhook = this.#options.webhook;
    if (webhook) {
      await this.#ensureQueue(WEBHOOK_QUEUE, {
        retryLimit: webhook.retries,
        retryDelay: webhook.retryDelaySeconds,
        retryBackoff: true,
        retryDelayMax: 6 * 3600,
        expireInSeconds: (this.#options.webhookTimeoutSeconds ?? 15) + 30,
      });
      await this.#work(WEBHOOK_QUEUE, (job: JobWithMetadata<LeadJob>) => this.#deliver(job, webhook));
    }
    for (const task of this.#options.tasks ?? []) await this.#startTask(task);
    return this;
  }

  /**
   * A task's queue, its schedule (upserted by every process: one row per name) and this process's
   * worker. A periodic queue holds one job running and one waiting at most (policy 'stately'): a
   * slow run is never overlapped by the next occurrence, and occurrences do not pile up behind it.
   */
  async #startTask(task: Task) {
    await this.#ensureQueue(task.name, task.queue ?? {}, task.cron ? "stately" : "standard");
    if (task.cron) await this.boss.schedule(task.name, task.cron, {}, { tz: "UTC", missed: "once" });
    const polling = Math.min(task.pollingIntervalSeconds ?? PERIODIC_POLL_SECONDS, this.#options.pollingIntervalSeconds ?? Infinity);
    let first = Boolean(task.cron);
    await this.#work(
      task.name,
      async (job) => {
        const started = performance.now();
        await task.run(job.data, this.db, this.now()).catch((error: unknown) => {
          log.error("a background job failed", { queue: task.name, error: errorText(error) });
          throw error;
        });
        if (first) log.info(FIRST_PERIODIC_RUN, { queue: task.name, ms: Math.round(performance.now() - started) });
        first = false;
      },
      polling,
    );
  }

  /**
   * Up to 10 jobs a fetch, each settled on its own (a failed one is retried alone), fetching again at
   * once while batches come back full; new jobs wake the worker through LISTEN/NOTIFY.
   */
  async #work<T extends object>(queue: string, run: (job: JobWithMetadata<T>) => Promise<unknown>, polling = this.#options.pollingIntervalSeconds ?? 2) {
    const options = {
      // A retry or a delayed job coming due sends no notification: keep polling at the same pace with NOTIFY on.
      pollingIntervalSeconds: polling,
      notifyPollingIntervalSeconds: polling,
      includeMetadata: true,
      batchSize: 10,
      burstWhenBatchFull: true,
      perJobResults: true,
    } as const;
    await this.boss.work<T, void, typeof options>(queue, options, async (jobs) =>
      Promise.all(
        jobs.map(async (job): Promise<JobResult> => {
          try {
            await run(job);
            return { id: job.id, status: "completed" };
          } catch (error) {
            return { id: job.id, status: "failed", output: { message: errorText(error) } };
          }
        }),
      ),
    );
  }

  /** Stops taking jobs and waits (up to `timeoutMs`) for the running ones to finish; unfinished ones run again on the next start. */
  async stop(timeoutMs = 5_000) {
    await this.boss.stop({ graceful: true, timeout: timeoutMs, close: true });
  }

  async #ensureQueue(name: string, queueOptions: QueueOptions, policy: "standard" | "stately" = "standard") {
    const options = { ...queueOptions, notify: true };
    // A queue's policy is fixed when it is created.
    if (await this.boss.getQueue(name)) await this.boss.updateQueue(name, options);
    else await this.boss.createQueue(name, { ...options, policy });
  }

  /**
   * Delayed jobs of a task, each to run at its `at` (now, if past) once per key: a key sent again,
   * by this process or another, while pg-boss keeps its job (until 7 days after it ran) is skipped.
   * Returns how many jobs are new.
   */
  async sendOnce(queue: string, jobs: OnceJob[]) {
    if (jobs.length === 0) return 0;
    const rows = jobs.map(({ key, at, data }) => ({ id: onceJobId(queue, key), singletonKey: key, startAfter: at.toISOString(), data }));
    const ids = await this.boss.insert(queue, rows, { returnId: true });
    return ids?.length ?? 0;
  }

  /** The time by the queue's clock. */
  now() {
    return new Date(this.#options.clock?.now() ?? Date.now());
  }

  /** Whether this queue runs the task named `name` (a queue started without it takes no job for it). */
  hasTask(name: string) {
    return (this.#options.tasks ?? []).some((task) => task.name === name);
  }

  /** A delayed job of a task written inside the transaction `tx` (kept or dropped with it), run at `at` (by the queue's clock); its id. */
  async sendInTransaction(tx: Queryable, queue: string, data: object, at: Date) {
    const db = fromDrizzle(tx as unknown as Parameters<typeof fromDrizzle>[0], sql);
    return this.boss.send(queue, data, { db, startAfter: at });
  }

  /** Cancels a job not run yet, inside the transaction `tx`; a job already running or done is left as it is. */
  async cancelInTransaction(tx: Queryable, queue: string, id: string) {
    const db = fromDrizzle(tx as unknown as Parameters<typeof fromDrizzle>[0], sql);
    await this.boss.cancel(queue, id, { db });
  }

  /**
   * Writes the jobs of a new lead inside the transaction that stores it (`tx`), so both or neither
   * are kept. Returns the webhook status the lead starts with.
   */
  async enqueueNewLead(tx: Queryable, leadId: string) {
    const db = fromDrizzle(tx as unknown as Parameters<typeof fromDrizzle>[0], sql);
    await this.boss.send(MAIL_QUEUE, { leadId } satisfies LeadJob, { db });
    if (this.webhookEnabled) await this.boss.send(WEBHOOK_QUEUE, { leadId } satisfies LeadJob, { db });
  }

  /**
   * A lead's new state for the CRM (a call booked, moved, cancelled, held: app/server/scheduler/),
   * written inside the transaction of the change (`tx`); nothing without a webhook.
   */
  async enqueueLeadEvent(tx: Queryable, leadId: string, event: LeadStateEvent) {
    if (!this.webhookEnabled) return;
    const db = fromDrizzle(tx as unknown as Parameters<typeof fromDrizzle>[0], sql);
    await this.boss.send(WEBHOOK_QUEUE, { leadId, event } satisfies LeadJob, { db });
  }

  /** 'Retry' on /admin/leads: a new delivery job for a lead whose delivery failed (with the full retries again); false when the lead is gone. */
  async retryWebhook(database: Queryable, leadId: string) {
    if (!this.webhookEnabled || !(await getLead(database, leadId))) return false;
    await recordWebhookAttempt(database, leadId, { status: "pending", error: null });
    await this.boss.send(WEBHOOK_QUEUE, { leadId } satisfies LeadJob);
    return true;
  }

  async #mail(job: JobWithMetadata<LeadJob>) {
    const lead = await getLead(this.db, job.data.leadId);
    if (!lead) return; // deleted before its mail went out
    await mailLead(lead);
  }

  async #deliver(job: JobWithMetadata<LeadJob>, webhook: WebhookSettings) {
    await deliverLeadWebhook(this.db, job, webhook, this.#options.webhookTimeoutSeconds ?? 15);
  }
}

const JOBS_KEY = Symbol.for("studio.job-queue");
type GlobalWithJobs = typeof globalThis & { [JOBS_KEY]?: { queue: JobQueue; ready: Promise<JobQueue> } };

/** The process's job queue (possibly still starting), or undefined before `startJobQueue` (scripts) and after `stopJobQueue`. */
export function jobQueue(): JobQueue | undefined {
  return (globalThis as GlobalWithJobs)[JOBS_KEY]?.queue;
}

/** The job queue once it has started; undefined when there is none or it could not start. */
export async function jobQueueReady(): Promise<JobQueue | undefined> {
  const running = (globalThis as GlobalWithJobs)[JOBS_KEY];
  return running?.ready.catch(() => undefined);
}

/** Starts the queue and its workers for this process (server start-up); one per process. A lead arriving while it starts waits for it (`jobQueueReady`). */
export function startJobQueue(options: JobQueueOptions): Promise<JobQueue> {
  const g = globalThis as GlobalWithJobs;
  if (g[JOBS_KEY]) return g[JOBS_KEY].ready;
  const queue = new JobQueue(options);
  const ready = queue.start();
  g[JOBS_KEY] = { queue, ready };
  ready.catch((error: unknown) => log.error("the job queue could not start", { error: errorText(error) }));
  return ready;
}

/** Graceful shutdown: running jobs finish first (see `JobQueue.stop`). */
export async function stopJobQueue() {
  const g = globalThis as GlobalWithJobs;
  const running = g[JOBS_KEY];
  delete g[JOBS_KEY];
  if (!running) return;
  await running.ready.catch(() => undefined);
  await running.queue.stop();
}
