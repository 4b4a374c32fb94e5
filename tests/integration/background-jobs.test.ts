import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { post } from "../support/post-input";
import { createDatabaseFromTemplate, testPostgresUrl, type TemplateCopy } from "../support/test-db";
import { database } from "~/server/db/client.server";
import { FIRST_PERIODIC_RUN, JobQueue, jobQueue, type Task } from "~/server/jobs/jobs.server";
import { log } from "~/server/core/log.server";
import { shutdown, startup } from "~/server/core/lifecycle.server";
import { createPost } from "~/server/posts/post-writes.server";
import { PUBLICATION_QUEUE } from "~/server/posts/scheduler.server";

/**
 * Background work has one way (docs/decisions/0043): the server's start-up gives pg-boss every
 * cluster-wide job, on PGlite and (with TEST_DATABASE_URL) PostgreSQL, the way server/main.js
 * starts: the process's own database, in a temporary DATA_DIR or a copy of the migrated template.
 */
const DB = testPostgresUrl() ? "PostgreSQL" : "PGlite";
let tmp = "";
let pgCopy: TemplateCopy | undefined;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "studio-jobs-"));
  process.env.DATA_DIR = tmp;
  process.env.AUTH_SECRET ??= "integration-test-secret-0123456789abcdef";
  process.env.SEED_DEMO = "never";
  process.env.DATABASE_URL = "";
  const pg = testPostgresUrl();
  if (pg) {
    pgCopy = await createDatabaseFromTemplate(pg);
    process.env.DATABASE_URL = pgCopy.url;
  }
});

afterAll(async () => {
  await shutdown();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  await pgCopy?.drop({ force: true });
});

const rows = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

describe(`background work at start-up (${DB})`, () => {
  it("the periodic jobs are pg-boss schedules (UTC), and no home-made timer table is left", async () => {
    // A post scheduled while no process ran: its job is sent at start-up.
    const { db } = await database();
    const at = new Date(Date.now() + 3_600_000);
    const scheduled = await createPost(db, post({ slug: "scheduled-before-start", publishedAt: at }), []);

    await startup();
    const queue = jobQueue()!;
    const schedules = await queue.boss.getSchedules();
    expect(schedules.map(({ name, cron, timezone }) => ({ name, cron, timezone })).sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: "analytics-maintenance", cron: "* * * * *", timezone: "UTC" },
      { name: "database-upkeep", cron: "15 4 * * *", timezone: "UTC" },
      { name: "housekeeping", cron: "30 * * * *", timezone: "UTC" },
      { name: "trash-purge", cron: "0 * * * *", timezone: "UTC" },
    ]);
    // A slow run is never overlapped by the next occurrence, and occurrences do not pile up behind it.
    for (const { name } of schedules) expect((await queue.boss.getQueue(name))?.policy).toBe("stately");
    const [job] = await queue.boss.findJobs(PUBLICATION_QUEUE, { key: `${scheduled.id}@${at.toISOString()}` });
    expect(job).toMatchObject({ state: "created", startAfter: at });

    const [table] = rows<{ found: string | null }>(await db.execute(sql`select to_regclass('public.cluster_timers')::text as found`));
    expect(table?.found).toBeNull();
  });
});

describe(`the job queue (${DB})`, () => {
  it("logs a periodic task's first run in the process once, with its time (what bench:scale waits for)", async () => {
    const info = vi.spyOn(log, "info");
    let runs = 0;
    const periodic: Task = {
      name: "test-periodic",
      cron: "0 0 1 1 *",
      run: () => {
        runs += 1;
        return Promise.resolve();
      },
    };
    const queue = await new JobQueue({ handle: await database(), tasks: [periodic], pollingIntervalSeconds: 0.5 }).start();
    const firstRuns = () => info.mock.calls.filter(([message, fields]) => message === FIRST_PERIODIC_RUN && fields?.queue === "test-periodic");
    try {
      await queue.boss.send("test-periodic", {});
      // Generous: in a full run the machine is busy with every other suite.
      await expect.poll(() => firstRuns().length, { timeout: 30_000 }).toBe(1);
      await queue.boss.send("test-periodic", {});
      await expect.poll(() => runs, { timeout: 30_000 }).toBe(2);
      expect(firstRuns()).toHaveLength(1);
      const [, fields] = firstRuns()[0]!;
      expect(Object.keys(fields ?? {}).sort()).toEqual(["ms", "queue"]);
      expect(fields?.ms).toBeGreaterThanOrEqual(0);
    } finally {
      info.mockRestore();
      await queue.stop();
    }
  });

  it("stopping waits for a job under way, which completes", async () => {
    let started = 0;
    let finish: () => void = () => {};
    const slow: Task = {
      name: "test-slow",
      run: () =>
        new Promise<void>((resolve) => {
          started += 1;
          finish = resolve;
        }),
    };
    const handle = await database();
    const queue = await new JobQueue({ handle, tasks: [slow], pollingIntervalSeconds: 0.5 }).start();
    expect(await queue.sendOnce("test-slow", [{ key: "one", at: new Date(), data: {} }])).toBe(1);
    await expect.poll(() => started, { timeout: 10_000 }).toBe(1);
    let stopped = false;
    const stopping = queue.stop().then(() => {
      stopped = true;
    });
    // The worker is told to stop, and waits for the job in its hands.
    const worker = () => queue.boss.getWipData().find((w) => w.name === "test-slow");
    await expect.poll(() => worker()?.state, { timeout: 10_000 }).toBe("stopping");
    expect(worker()?.count).toBe(1);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    const [done] = await jobQueue()!.boss.findJobs("test-slow", { key: "one" });
    expect(done?.state).toBe("completed");
  });
});
