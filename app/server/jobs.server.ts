import { sql } from "drizzle-orm";
import { PgBoss, fromDrizzle, fromPglite, type ConstructorOptions, type JobResult, type JobWithMetadata, type QueueOptions } from "pg-boss";
import type { DbHandle, Queryable } from "./db/client.server";
import { errorText } from "./errors.server";
import { log } from "./log.server";
import { mailLead } from "./leads-mail.server";
import { getLead, recordWebhookAttempt } from "./queries/leads.server";
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, webhookPayload, webhookSignature } from "./lead-webhook.server";

/**
 * The lead jobs (decision 0019): the studio's notification mail and the CRM webhook of every new
 * lead run from a pg-boss queue kept in the application's own database (schema `pgboss`, PGlite or
 * PostgreSQL). A job is written in the same transaction as its lead, so a lead never exists without
 * its jobs; pg-boss retries failures with exponential backoff, keeps jobs across restarts and hands
 * each job to one worker of one process (SELECT … FOR UPDATE SKIP LOCKED).
 */

export const MAIL_QUEUE = "lead-mail";
export const WEBHOOK_QUEUE = "lead-webhook";

type LeadJob = { leadId: string };

export type WebhookSettings = { url: string; secret: string | undefined; retryDelaySeconds: number; retries: number };

export type LeadJobsOptions = {
  handle: DbHandle;
  /** The CRM webhook (LEADS_WEBHOOK_*); without it no webhook job is written. */
  webhook: WebhookSettings | undefined;
  /** How often an idle worker looks for jobs (pg-boss's pollingIntervalSeconds, 0.5 or more); jobs written here also wake it at once. */
  pollingIntervalSeconds?: number;
  /** Seconds a webhook POST may take before it counts as failed. */
  webhookTimeoutSeconds?: number;
};

export class LeadJobs {
  readonly boss: PgBoss;
  readonly #options: LeadJobsOptions;

  constructor(options: LeadJobsOptions) {
    this.#options = options;
    const connection = options.handle.connection;
    if (!connection) throw new Error("The job queue needs the database's connection (DbHandle.connection).");
    const common: ConstructorOptions = { schema: "pgboss", application_name: "studio-jobs", useListenNotify: true };
    this.boss =
      connection.kind === "pglite"
        ? new PgBoss({ ...common, backend: "pglite", db: fromPglite(connection.client) })
        : new PgBoss({ ...common, connectionString: connection.url, max: 3 });
    this.boss.on("error", (error) => log.error("job queue error", { error: errorText(error) }));
  }

  get webhookEnabled() {
    return this.#options.webhook !== undefined;
  }

  async start() {
    // A database still busy starting (or briefly away) gets a few more tries.
    await this.boss.start({ attempts: 5 });
    await this.#ensureQueue(MAIL_QUEUE, { retryLimit: 5, retryDelay: 60, retryBackoff: true, retryDelayMax: 3600, expireInSeconds: 120 });
    await this.#work(MAIL_QUEUE, (job) => this.#mail(job));
    const webhook = this.#options.webhook;
    if (webhook) {
      await this.#ensureQueue(WEBHOOK_QUEUE, {
        retryLimit: webhook.retries,
        retryDelay: webhook.retryDelaySeconds,
        retryBackoff: true,
        retryDelayMax: 6 * 3600,
        expireInSeconds: (this.#options.webhookTimeoutSeconds ?? 15) + 30,
      });
      await this.#work(WEBHOOK_QUEUE, (job) => this.#deliver(job, webhook));
    }
    return this;
  }

  /**
   * Up to 10 jobs a fetch, each settled on its own (a failed one is retried alone), fetching again at
   * once while batches come back full; new jobs wake the worker through LISTEN/NOTIFY.
   */
  async #work(queue: string, run: (job: JobWithMetadata<LeadJob>) => Promise<void>) {
    const polling = this.#options.pollingIntervalSeconds ?? 2;
    const options = {
      // A retry coming due sends no notification: keep polling at the same pace with NOTIFY on.
      pollingIntervalSeconds: polling,
      notifyPollingIntervalSeconds: polling,
      includeMetadata: true,
      batchSize: 10,
      burstWhenBatchFull: true,
      perJobResults: true,
    } as const;
    await this.boss.work<LeadJob, void, typeof options>(queue, options, async (jobs) =>
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

  async #ensureQueue(name: string, queueOptions: QueueOptions) {
    const options = { ...queueOptions, notify: true };
    if (await this.boss.getQueue(name)) await this.boss.updateQueue(name, options);
    else await this.boss.createQueue(name, options);
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

  /** 'Retry' on /admin/leads: a new delivery job for a lead whose delivery failed (with the full retries again); false when the lead is gone. */
  async retryWebhook(database: Queryable, leadId: string) {
    if (!this.webhookEnabled || !(await getLead(database, leadId))) return false;
    await recordWebhookAttempt(database, leadId, { status: "pending", error: null });
    await this.boss.send(WEBHOOK_QUEUE, { leadId } satisfies LeadJob);
    return true;
  }

  async #mail(job: JobWithMetadata<LeadJob>) {
    const lead = await getLead(this.#options.handle.db, job.data.leadId);
    if (!lead) return; // deleted before its mail went out
    await mailLead(lead);
  }

  async #deliver(job: JobWithMetadata<LeadJob>, webhook: WebhookSettings) {
    const database = this.#options.handle.db;
    const lead = await getLead(database, job.data.leadId);
    if (!lead) return;
    const body = JSON.stringify(webhookPayload(lead));
    const timestamp = String(Math.floor(Date.now() / 1000));
    const headers: Record<string, string> = {
      "Content-Type": "application/json",
      "User-Agent": "studio-leads-webhook",
      "X-Webhook-Id": lead.id,
      [TIMESTAMP_HEADER]: timestamp,
    };
    if (webhook.secret) headers[SIGNATURE_HEADER] = webhookSignature(webhook.secret, timestamp, body);
    const attempts = lead.webhookAttempts + 1;
    try {
      const response = await fetch(webhook.url, {
        method: "POST",
        headers,
        body,
        redirect: "manual",
        signal: AbortSignal.any([job.signal, AbortSignal.timeout((this.#options.webhookTimeoutSeconds ?? 15) * 1000)]),
      });
      // The body is not needed; reading it frees the connection.
      await response.arrayBuffer().catch(() => undefined);
      if (!response.ok) throw new Error(`The CRM answered ${response.status}${response.statusText ? ` ${response.statusText}` : ""}`);
    } catch (error) {
      const message = errorText(error).slice(0, 500);
      const last = job.retryCount >= job.retryLimit;
      await recordWebhookAttempt(database, lead.id, { status: last ? "failed" : "pending", attempts, error: message });
      log.warn("lead webhook delivery failed", { lead: lead.id, attempt: attempts, final: last, error: message });
      throw error;
    }
    await recordWebhookAttempt(database, lead.id, { status: "delivered", attempts, error: null });
  }
}

const JOBS_KEY = Symbol.for("studio.lead-jobs");
type GlobalWithJobs = typeof globalThis & { [JOBS_KEY]?: { jobs: LeadJobs; ready: Promise<LeadJobs> } };

/** The process's lead jobs (possibly still starting), or undefined before `startLeadJobs` (scripts) and after `stopLeadJobs`. */
export function leadJobs(): LeadJobs | undefined {
  return (globalThis as GlobalWithJobs)[JOBS_KEY]?.jobs;
}

/** The lead jobs once their queue has started; undefined when there are none or they could not start. */
export async function leadJobsReady(): Promise<LeadJobs | undefined> {
  const running = (globalThis as GlobalWithJobs)[JOBS_KEY];
  return running?.ready.catch(() => undefined);
}

/** Starts the queue and its workers for this process (server start-up); one per process. A lead arriving while it starts waits for it (`leadJobsReady`). */
export function startLeadJobs(options: LeadJobsOptions): Promise<LeadJobs> {
  const g = globalThis as GlobalWithJobs;
  if (g[JOBS_KEY]) return g[JOBS_KEY].ready;
  const jobs = new LeadJobs(options);
  const ready = jobs.start();
  g[JOBS_KEY] = { jobs, ready };
  ready.catch((error: unknown) => log.error("the lead job queue could not start", { error: errorText(error) }));
  return ready;
}

/** Graceful shutdown: running jobs finish first (see `LeadJobs.stop`). */
export async function stopLeadJobs() {
  const g = globalThis as GlobalWithJobs;
  const running = g[JOBS_KEY];
  delete g[JOBS_KEY];
  if (!running) return;
  await running.ready.catch(() => undefined);
  await running.jobs.stop();
}
