import zlib from "node:zlib";
import { promisify } from "node:util";
import type { MiddlewareFunction } from "react-router";
import { scriptHash } from "./security.server";

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

/**
 * A stored page is fixed bytes: its inline scripts are allowed by their SHA-256 hashes instead of
 * the render's nonce (the same protection, the same bytes every time), so it is compressed once
 * when stored and every hit only writes a buffer.
 */
type PageEntry = {
  variants: { identity: Buffer; gzip: Buffer; br: Buffer };
  status: number;
  headers: [string, string][];
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
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;

/** The page without its nonce, and the CSP with the hashes of its inline scripts in its place. */
export function pinPage(html: string, csp: string | null): { html: string; csp: string | null } {
  const nonce = csp ? NONCE_IN_CSP.exec(csp)?.[1] : undefined;
  if (!csp || !nonce) return { html, csp };
  const pinned = html.split(` nonce="${nonce}"`).join("");
  const hashes = new Set<string>();
  for (const [, attributes, content] of pinned.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc=/.test(attributes!) || /application\/ld\+json/.test(attributes!)) continue;
    const hash = scriptHash(content!);
    if (!csp.includes(hash)) hashes.add(hash); // the early-click script's hash is in every CSP already
  }
  return { html: pinned, csp: csp.replace(`'nonce-${nonce}'`, [...hashes].join(" ") || "'none'") };
}

/**
 * Serves a public HTML page from memory when the same address was rendered since the last admin
 * write (and within PAGE_TTL_MS). Only anonymous GET requests for full documents that rendered
 * 200 without setting cookies are kept.
 */
export async function cachedPage(request: Request, render: () => Promise<Response>): Promise<Response> {
  if (request.method !== "GET" || request.headers.has("cookie") || request.headers.has("authorization")) return render();
  const url = new URL(request.url);
  // Client-side navigations fetch `.data` (turbo-stream); only documents are kept here.
  if (url.pathname.endsWith(".data") || url.searchParams.has("_routes")) return render();
  // Searches are endless and rarely repeated: their data is cached, the page is not.
  if (url.searchParams.has("q")) return render();
  const key = url.pathname + url.search;
  const generation = state().generation;
  const hit = freshPage(key);
  if (hit) return new Response(new Uint8Array(hit.variants.identity), { status: hit.status, headers: hitHeaders(hit) });

  const response = await render();
  const type = response.headers.get("content-type") ?? "";
  if (response.status !== 200 || !type.startsWith("text/html") || response.headers.has("set-cookie")) return response;
  const body = await response.text();
  if (body.length <= MAX_PAGE_BYTES && generation === state().generation) {
    // Compressed off the request's path: this response goes out now, later hits get the bytes.
    void storePage(key, body, response, generation).catch(() => {});
  }
  return new Response(body, { status: response.status, headers: response.headers });
}

async function storePage(key: string, body: string, response: Response, generation: number) {
  const pinned = pinPage(body, response.headers.get("content-security-policy"));
  const identity = Buffer.from(pinned.html, "utf8");
  const [gzip, br] = await Promise.all([
    gzipAsync(identity, { level: 6 }),
    brotliAsync(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
  ]);
  if (generation !== state().generation) return;
  const store = pages();
  if (store.size >= MAX_PAGES) store.delete(store.keys().next().value!);
  const headers = [...response.headers.entries()].filter(([name]) => !["content-length", "content-encoding", "transfer-encoding"].includes(name));
  store.set(key, {
    variants: { identity, gzip, br },
    status: response.status,
    headers: pinned.csp ? headers.map(([k, v]): [string, string] => [k, k === "content-security-policy" ? pinned.csp! : v]) : headers,
    generation,
    expires: Date.now() + PAGE_TTL_MS,
  });
}

const gzipAsync = promisify(zlib.gzip);
const brotliAsync = promisify(zlib.brotliCompress);

function freshPage(key: string) {
  const hit = pages().get(key);
  return hit && hit.generation === state().generation && hit.expires > Date.now() ? hit : null;
}

function hitHeaders(entry: PageEntry) {
  const headers = new Headers(entry.headers);
  headers.set("Server-Timing", "page-cache;desc=hit;dur=0");
  return headers;
}

/**
 * The same cache for a plain Node server, in front of everything else: sends a stored page
 * (Brotli or gzip when the client accepts it) and returns true, or returns false (the request
 * goes on to React Router, which fills the cache). server/main.js calls it first.
 */
export function sendCachedPage(
  req: { method?: string; url?: string; headers: Record<string, string | string[] | undefined> },
  res: { statusCode: number; setHeader(name: string, value: string): unknown; end(body: Buffer): unknown },
): boolean {
  if (req.method !== "GET" || !req.url || req.headers.cookie || req.headers.authorization) return false;
  const { pathname, search } = new URL(req.url, "http://x");
  const entry = freshPage(pathname + search);
  if (!entry) return false;
  const accepted = String(req.headers["accept-encoding"] ?? "");
  const encoding = /\bbr\b/.test(accepted) ? "br" : /\bgzip\b/.test(accepted) ? "gzip" : "identity";
  const body = entry.variants[encoding];
  res.statusCode = entry.status;
  for (const [name, value] of entry.headers) res.setHeader(name, value);
  res.setHeader("Vary", "Accept-Encoding");
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", String(body.byteLength));
  res.setHeader("Server-Timing", "page-cache;desc=hit;dur=0");
  res.end(body);
  return true;
}

/** Route middleware for public pages: whole-page caching (see `cachedPage`). */
export const publicPageCache: MiddlewareFunction<Response> = ({ request }, next) => cachedPage(request, next);
