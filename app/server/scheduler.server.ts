import { sql } from "drizzle-orm";
import type { Queryable } from "./db/client.server";
import { blogPosts } from "./db/schema.server";
import { invalidatePublicCache } from "./cache/data-cache.server";
import { claimMoment } from "./cluster.server";
import { errorText } from "./errors.server";
import { log } from "./log.server";

/**
 * Scheduled posts go public by themselves. A published post dated in the future is hidden by the
 * public reads' `published_at <= now()` until its time; the page and data caches, though, keep what
 * they rendered before it. This timer knows the next publication time and empties the caches at
 * that moment, so the post shows on the next request of every process: each process arms the timer,
 * the first to claim the moment (cluster_timers) empties the caches, and that invalidation reaches
 * every process through PostgreSQL NOTIFY (cluster.server.ts). The next time is read from
 * the database after every post write in this process and every `pollMs`, so a post scheduled by
 * another process is known here within that time (and one whose time came before this process
 * knew of it, or one published or withdrawn there, is shown at that read). The delay is computed
 * from the database's clock, the one the public reads compare with.
 */

/** How often the next publication time is read again (a post scheduled by another process). */
export const SCHEDULE_POLL_MS = 30_000;
/** setTimeout's largest delay (about 24.8 days); later times are re-armed by the poll. */
const MAX_DELAY_MS = 2 ** 31 - 1;

export type Scheduler = {
  /** Reads the next publication time again and re-arms the timer (after a write, or to test). */
  refresh(): Promise<void>;
  /** The next publication time known, or null. */
  next(): Date | null;
  stop(): void;
};

export type SchedulerOptions = {
  database: () => Promise<Queryable>;
  pollMs?: number;
  /** What happens when a post's time has come (default: empty the page and data caches). */
  onDue?: () => void;
  /** Whether this process handles the moment `at` (default: the first process of the cluster to claim it, cluster_timers). */
  claim?: (at: Date) => Promise<boolean>;
};

type ScheduleRow = { next: Date | string | null; latest: Date | string | null; now: Date | string };

/**
 * In one read, with the database's clock: the earliest future publication time, the latest one
 * already reached, and now. Both ends are single probes of the (published, published_at) index.
 */
async function readSchedule(database: Queryable): Promise<{ next: Date | null; latest: Date | null; now: Date }> {
  const result = await database.execute<ScheduleRow>(sql`
    select
      (select min(${blogPosts.publishedAt}) from ${blogPosts} where ${blogPosts.published} and ${blogPosts.publishedAt} > now()) as next,
      (select max(${blogPosts.publishedAt}) from ${blogPosts} where ${blogPosts.published} and ${blogPosts.publishedAt} <= now()) as latest,
      now() as now`);
  const [row] = (Array.isArray(result) ? result : (result as { rows: ScheduleRow[] }).rows) as ScheduleRow[];
  const date = (v: Date | string | null | undefined) => (v ? new Date(v) : null);
  return { next: date(row?.next), latest: date(row?.latest), now: date(row?.now) ?? new Date() };
}

export function createScheduler({
  database,
  pollMs = SCHEDULE_POLL_MS,
  onDue = invalidatePublicCache,
  claim = async (at) => claimMoment(await database(), "publication", at),
}: SchedulerOptions): Scheduler {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let next: Date | null = null;
  let stopped = false;
  /** The newest public post's publication time at the last read (undefined before the first), and the time the timer last fired for. */
  let seenNewest: number | null | undefined;
  let lastFired: Date | null = null;
  /** Reads may overlap (a poll and a write): only the latest one arms the timer. */
  let generation = 0;

  const arm = (at: Date | null, delayMs: number) => {
    clearTimeout(timer);
    timer = undefined;
    next = at;
    if (!at || stopped) return;
    timer = setTimeout(fire, Math.min(Math.max(delayMs, 0), MAX_DELAY_MS));
    timer.unref();
  };

  const fire = () => {
    timer = undefined;
    const at = next;
    lastFired = at;
    void (async () => {
      // Every process's timer fires; the first to claim the moment empties the caches, and its
      // invalidation reaches the others (cluster.server.ts). Should the claim fail, empty them anyway.
      const mine = at ? await claim(at).catch(() => true) : true;
      if (mine && !stopped) {
        log.info("scheduled post time reached: public caches emptied", { at: at?.toISOString() });
        onDue();
      }
      // The next one, or this one again if the timer ran a little ahead of the database's clock.
      await refresh();
    })();
  };

  async function refresh() {
    if (stopped) return;
    const mine = ++generation;
    try {
      const { next: at, latest, now } = await readSchedule(await database());
      if (stopped) return;
      // The newest public post changed since the last read and not by this timer: a post whose
      // time came before this process knew of it, or one published or withdrawn by another
      // process. Shown (or hidden) from now on.
      const newest = latest?.getTime() ?? null;
      const firedForIt = newest !== null && newest === lastFired?.getTime();
      if (seenNewest !== undefined && newest !== seenNewest && !firedForIt) onDue();
      seenNewest = newest;
      if (mine === generation) arm(at, at ? at.getTime() - now.getTime() : 0);
    } catch (error) {
      log.warn("could not read the next scheduled post", { error: errorText(error) });
    }
  }

  const poll = setInterval(() => void refresh(), pollMs);
  poll.unref();
  void refresh();

  return {
    refresh,
    next: () => next,
    stop() {
      stopped = true;
      clearInterval(poll);
      clearTimeout(timer);
      timer = undefined;
      next = null;
    },
  };
}

/* The process-wide scheduler: started with the server, stopped on shutdown. */

const SCHEDULER_KEY = Symbol.for("studio.scheduler");
type GlobalWithScheduler = typeof globalThis & { [SCHEDULER_KEY]?: Scheduler };

export function startPublicationScheduler(options: SchedulerOptions): Scheduler {
  const g = globalThis as GlobalWithScheduler;
  g[SCHEDULER_KEY]?.stop();
  g[SCHEDULER_KEY] = createScheduler(options);
  return g[SCHEDULER_KEY];
}

export function stopPublicationScheduler() {
  const g = globalThis as GlobalWithScheduler;
  g[SCHEDULER_KEY]?.stop();
  delete g[SCHEDULER_KEY];
}

/** After a post write: the next publication time may have changed. A no-op when no scheduler runs. */
export function refreshPublicationSchedule() {
  void (globalThis as GlobalWithScheduler)[SCHEDULER_KEY]?.refresh();
}
