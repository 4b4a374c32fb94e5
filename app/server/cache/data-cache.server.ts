/**
 * The one cache wrapper for public data. Entries are keyed and kept until any admin write calls
 * `invalidatePublicCache()`, which bumps a generation number (so a changed post shows at once).
 * Each process keeps its own entries; on PostgreSQL every invalidation is also sent to the other
 * processes (app/server/jobs/cluster.server.ts, LISTEN/NOTIFY), and a short TTL bounds staleness should
 * one be lost.
 * The page cache (page-cache.server.ts) tags its pages with the same generation.
 */
type Entry = { value: unknown; generation: number; expires: number };

const CACHE_KEY = Symbol.for("studio.cache");
type State = { generation: number; entries: Map<string, Entry> };
type GlobalWithCache = typeof globalThis & { [CACHE_KEY]?: State };

function state(): State {
  const g = globalThis as GlobalWithCache;
  g[CACHE_KEY] ??= { generation: 0, entries: new Map() };
  return g[CACHE_KEY];
}

const DEFAULT_TTL_MS = 60_000;
const MAX_ENTRIES = 1000;

/**
 * How a query may keep what several requests share (a search's count and ranking across its
 * pages, the sitemap's addresses before the posts across its files): the route passes `cached`;
 * by default (`keepNothing`) each call loads.
 */
export type KeepOptions = { keep?: <T>(key: string, load: () => Promise<T>) => Promise<T> };
export const keepNothing: NonNullable<KeepOptions["keep"]> = (_key, load) => load();

export async function cached<T>(key: string, load: () => Promise<T>, ttlMs = DEFAULT_TTL_MS): Promise<T> {
  const s = state();
  const hit = s.entries.get(key);
  if (hit && hit.generation === s.generation && hit.expires > Date.now()) return hit.value as T;
  const generation = s.generation;
  const value = await load();
  if (generation === s.generation) {
    if (s.entries.size >= MAX_ENTRIES) s.entries.delete(s.entries.keys().next().value!);
    s.entries.set(key, { value, generation, expires: Date.now() + ttlMs });
  }
  return value;
}

/**
 * Called after every admin write: the public site shows the change on the next request. Kept
 * pages carry the generation they were rendered in, so they are dropped as well.
 */
export function invalidatePublicCache() {
  invalidateLocalCache();
  broadcast()?.();
}

/** Empties this process's caches only: what a notification from another process does. */
export function invalidateLocalCache() {
  const s = state();
  s.generation += 1;
  s.entries.clear();
}

const BROADCAST_KEY = Symbol.for("studio.cache-broadcast");
type GlobalWithBroadcast = typeof globalThis & { [BROADCAST_KEY]?: () => void };
const broadcast = () => (globalThis as GlobalWithBroadcast)[BROADCAST_KEY];

/** How an invalidation reaches the other processes (set at start-up on PostgreSQL; none on PGlite). */
export function setInvalidationBroadcast(send: (() => void) | undefined) {
  (globalThis as GlobalWithBroadcast)[BROADCAST_KEY] = send;
}

/** The current generation: what the page cache stores with a page and checks on every hit. */
export function cacheGeneration(): number {
  return state().generation;
}
