import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import type { Client } from "pg";
import type { DbHandle, Queryable } from "~/server/db/client.server";
import { invalidateLocalCache, setInvalidationBroadcast } from "~/server/cache/data-cache.server";
import { errorText } from "~/server/http/errors.server";
import { log } from "~/server/core/log.server";

/**
 * What keeps several processes on one PostgreSQL consistent (docs/decisions/0032):
 * - cache invalidation: a write calls `invalidatePublicCache()`, which empties this process's
 *   caches at once and NOTIFYs the channel below; every process LISTENs on its own dedicated
 *   connection and empties its caches on receipt (within milliseconds). A lost connection is
 *   reopened with backoff, and the caches are emptied once then, since notifications may have
 *   been missed meanwhile.
 * Work that runs once per cluster (periodic jobs, a scheduled post's publication) is not here:
 * it is pg-boss's (jobs.server.ts, docs/decisions/0043).
 * The embedded PGlite database serves one process: nothing to tell anyone.
 */
export const CACHE_CHANNEL = "studio_cache";

/** This process's name in its own notifications: it has emptied its caches already. */
const SELF = crypto.randomBytes(8).toString("hex");

type Listener = { stop(): Promise<void>; connected(): boolean };
const LISTENER_KEY = Symbol.for("studio.cluster-listener");
type GlobalWithListener = typeof globalThis & { [LISTENER_KEY]?: Listener };

/** How long to wait before reopening a lost LISTEN connection: 250 ms doubling to 5 s. */
export function reconnectDelay(attempt: number) {
  return Math.min(5_000, 250 * 2 ** attempt);
}

/**
 * Listens for other processes' invalidations on a dedicated connection and sends this process's
 * own. `onInvalidate` defaults to emptying the local caches (tests pass their own).
 */
export async function startCacheListener(
  url: string,
  options: { onInvalidate?: () => void; notify?: (payload: string) => Promise<unknown> } = {},
): Promise<Listener> {
  const { default: pg } = await import("pg");
  const onInvalidate = options.onInvalidate ?? invalidateLocalCache;
  let client: Client | undefined;
  let stopped = false;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let everConnected = false;

  const connect = async (): Promise<void> => {
    if (stopped) return;
    const next = new pg.Client({ connectionString: url, keepAlive: true });
    next.on("notification", (message) => {
      if (message.channel === CACHE_CHANNEL && message.payload !== SELF) onInvalidate();
    });
    const lost = (error?: Error) => {
      if (client !== next) return;
      client = undefined;
      next.removeAllListeners("error");
      next.on("error", () => {});
      void next.end().catch(() => {});
      if (stopped) return;
      log.warn("cache invalidation connection lost: reconnecting", { error: error ? errorText(error) : "closed" });
      schedule();
    };
    next.on("error", lost);
    next.on("end", () => lost());
    try {
      await next.connect();
      await next.query(`LISTEN ${CACHE_CHANNEL}`);
    } catch (error) {
      next.on("error", () => {});
      await next.end().catch(() => {});
      if (!everConnected && attempt === 0) log.warn("could not listen for cache invalidations: retrying", { error: errorText(error) });
      schedule();
      return;
    }
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    // Notifications sent while no connection listened are lost: start from empty caches.
    if (everConnected) {
      log.info("cache invalidation connection restored");
      onInvalidate();
    }
    everConnected = true;
    attempt = 0;
  };

  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void connect(), reconnectDelay(attempt++));
    timer.unref();
  };

  await connect();
  return {
    connected: () => client !== undefined,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      const current = client;
      client = undefined;
      if (current) await current.end().catch(() => {});
    },
  };
}

/** Tells every process to empty its caches (the sender has emptied its own). */
export async function notifyCacheInvalidation(database: Queryable, payload = SELF) {
  await database.execute(sql`select pg_notify(${CACHE_CHANNEL}, ${payload})`);
}

/**
 * Server start-up on PostgreSQL: listens for invalidations and makes every local invalidation
 * NOTIFY the others. A NOTIFY that fails is logged; the caches' 60 s TTL still bounds staleness.
 */
export async function startClusterSignals(handle: DbHandle) {
  if (handle.connection?.kind !== "postgres") return;
  const g = globalThis as GlobalWithListener;
  await g[LISTENER_KEY]?.stop();
  g[LISTENER_KEY] = await startCacheListener(handle.connection.url);
  setInvalidationBroadcast(() => {
    notifyCacheInvalidation(handle.db).catch((error: unknown) =>
      log.warn("could not tell the other processes to empty their caches", { error: errorText(error) }),
    );
  });
}

export async function stopClusterSignals() {
  setInvalidationBroadcast(undefined);
  const g = globalThis as GlobalWithListener;
  const listener = g[LISTENER_KEY];
  delete g[LISTENER_KEY];
  await listener?.stop();
}
