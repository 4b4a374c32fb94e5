import crypto from "node:crypto";
import type { MiddlewareFunction } from "react-router";

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
  pages().clear();
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

/* ------------------------------------------------------------------ whole public pages */

type PageEntry = {
  /** The page's bytes, cut where its CSP nonce appeared (one part when it has none). */
  parts: Buffer[];
  status: number;
  headers: [string, string][];
  nonce: string | null;
  generation: number;
  expires: number;
};

const PAGE_KEY = Symbol.for("studio.page-cache");
type GlobalWithPages = typeof globalThis & { [PAGE_KEY]?: Map<string, PageEntry> };
const PAGE_TTL_MS = 60_000;
const MAX_PAGES = 500;
const MAX_PAGE_BYTES = 1_000_000;

function pages(): Map<string, PageEntry> {
  const g = globalThis as GlobalWithPages;
  g[PAGE_KEY] ??= new Map();
  return g[PAGE_KEY];
}

const NONCE_IN_CSP = /'nonce-([A-Za-z0-9+/=]+)'/;

/**
 * Serves a public HTML page from memory when the same address was rendered since the last admin
 * write (and within PAGE_TTL_MS). Only anonymous GET requests for full documents that rendered
 * 200 without setting cookies are kept. Each copy served gets a fresh CSP nonce, swapped into
 * the HTML and the header, so no two responses share one.
 */
export async function cachedPage(request: Request, render: () => Promise<Response>): Promise<Response> {
  if (request.method !== "GET" || request.headers.has("cookie") || request.headers.has("authorization")) return render();
  const url = new URL(request.url);
  // Client-side navigations fetch `.data` (turbo-stream); only documents are kept here.
  if (url.pathname.endsWith(".data") || url.searchParams.has("_routes")) return render();
  const key = url.pathname + url.search;
  const generation = state().generation;
  const hit = freshPage(key);
  if (hit) return replay(hit);

  const response = await render();
  const type = response.headers.get("content-type") ?? "";
  if (response.status !== 200 || !type.startsWith("text/html") || response.headers.has("set-cookie")) return response;
  const body = await response.text();
  if (body.length <= MAX_PAGE_BYTES && generation === state().generation) {
    const store = pages();
    if (store.size >= MAX_PAGES) store.delete(store.keys().next().value!);
    const nonce = NONCE_IN_CSP.exec(response.headers.get("content-security-policy") ?? "")?.[1] ?? null;
    store.set(key, {
      parts: (nonce ? body.split(nonce) : [body]).map((part) => Buffer.from(part, "utf8")),
      status: response.status,
      headers: [...response.headers.entries()],
      nonce,
      generation,
      expires: Date.now() + PAGE_TTL_MS,
    });
  }
  return new Response(body, { status: response.status, headers: response.headers });
}

function freshPage(key: string) {
  const hit = pages().get(key);
  return hit && hit.generation === state().generation && hit.expires > Date.now() ? hit : null;
}

/** The stored bytes and headers with a new nonce in both. */
function withFreshNonce(entry: PageEntry): { body: Buffer; headers: [string, string][] } {
  if (!entry.nonce || entry.parts.length < 2) return { body: entry.parts[0]!, headers: entry.headers };
  const fresh = crypto.randomBytes(16).toString("base64");
  const freshBytes = Buffer.from(fresh, "latin1");
  const chunks: Buffer[] = [];
  entry.parts.forEach((part, i) => {
    if (i > 0) chunks.push(freshBytes);
    chunks.push(part);
  });
  const nonce = entry.nonce;
  const headers = entry.headers.map(([k, v]): [string, string] => [k, k === "content-security-policy" ? v.split(nonce).join(fresh) : v]);
  return { body: Buffer.concat(chunks), headers };
}

function replay(entry: PageEntry): Response {
  const fresh = withFreshNonce(entry);
  const headers = new Headers(fresh.headers);
  headers.set("Content-Length", String(fresh.body.byteLength));
  headers.set("Server-Timing", "page-cache;desc=hit;dur=0");
  return new Response(fresh.body as Uint8Array<ArrayBuffer>, { status: entry.status, headers });
}

/**
 * The same cache for a plain Node server, in front of React Router: sends a stored page and
 * returns true, or returns false (the request goes on to React Router, which fills the cache).
 * server/main.js may call it first for GET requests to skip the framework on a hit.
 */
export function sendCachedPage(
  req: { method?: string; url?: string; headers: Record<string, string | string[] | undefined> },
  res: { statusCode: number; setHeader(name: string, value: string): unknown; end(body: Buffer): unknown },
): boolean {
  if (req.method !== "GET" || !req.url || req.headers.cookie || req.headers.authorization) return false;
  const entry = freshPage(new URL(req.url, "http://x").pathname + new URL(req.url, "http://x").search);
  if (!entry) return false;
  const fresh = withFreshNonce(entry);
  res.statusCode = entry.status;
  for (const [name, value] of fresh.headers) if (name !== "content-length" && name !== "transfer-encoding") res.setHeader(name, value);
  res.setHeader("Content-Length", String(fresh.body.byteLength));
  res.setHeader("Server-Timing", "page-cache;desc=hit;dur=0");
  res.end(fresh.body);
  return true;
}

/** Route middleware for public pages: whole-page caching (see `cachedPage`). */
export const publicPageCache: MiddlewareFunction<Response> = ({ request }, next) => cachedPage(request, next);
