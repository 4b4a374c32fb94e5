/**
 * The one cache wrapper for public data. Entries are keyed and kept until any admin write calls
 * `invalidatePublicCache()`, which bumps a generation number (so a changed post shows at once).
 * Each process keeps its own entries; a short TTL bounds staleness across several processes.
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

/** Called after every admin write: the public site shows the change on the next request. */
export function invalidatePublicCache() {
  const s = state();
  s.generation += 1;
  s.entries.clear();
}

export function publicCacheGeneration() {
  return state().generation;
}

/**
 * Cache-Control of public HTML: browsers revalidate every time (max-age=0) while a CDN or proxy
 * may share a copy for a minute and serve it stale while it refreshes. Admin and personalised
 * responses never use this (they stay private / no-store).
 */
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";

/**
 * The `headers` of a public route: the shared Cache-Control, plus the loader's Server-Timing
 * (how long the data took) so benchmarks and browsers' dev tools can read it.
 */
export function publicPageHeaders(source?: Headers): Headers {
  const headers = new Headers({ "Cache-Control": PUBLIC_CACHE_CONTROL });
  const timing = source?.get("Server-Timing");
  if (timing) headers.set("Server-Timing", timing);
  return headers;
}

/** Runs `load` and reports its duration as a Server-Timing entry. */
export async function timed<T>(name: string, load: () => Promise<T>): Promise<{ value: T; serverTiming: string }> {
  const started = performance.now();
  const value = await load();
  return { value, serverTiming: `${name};dur=${(performance.now() - started).toFixed(1)}` };
}
