import type { MiddlewareFunction } from "react-router";
import { cacheGeneration } from "./data-cache.server";
import { mayStoreResponse, pageCacheKey } from "./page-cache-rule.server";
import { pruneInlineStylesheet } from "./page-css.server";
import { BEST_BROTLI, compressPage, pinAndCompress, type PageVariants } from "./page-pinning.server";

/**
 * Whole public pages kept in memory: a page rendered since the last admin write (and within
 * PAGE_TTL_MS) is answered from here. Which requests qualify is decided by `pageCacheKey`
 * (page-cache-rule.server.ts); the Node fast path (page-cache-fast-path.server.ts) reads the same
 * store before Express.
 */
export type PageEntry = {
  variants: PageVariants;
  status: number;
  headers: [string, string][];
  expires: number;
};

const PAGE_KEY = Symbol.for("studio.page-cache");
type PageStore = { generation: number; pages: Map<string, PageEntry> };
type GlobalWithPages = typeof globalThis & { [PAGE_KEY]?: PageStore };
const PAGE_TTL_MS = 60_000;
const MAX_PAGES = 500;
const MAX_PAGE_BYTES = 1_000_000;

/** Server-Timing of a page sent from the cache (benchmarks and tests look for it). */
export const PAGE_CACHE_HIT_TIMING = "page-cache;desc=hit;dur=0";

/** The kept pages of the current generation: an admin write since the last call empties it. */
function pages(): Map<string, PageEntry> {
  const g = globalThis as GlobalWithPages;
  const generation = cacheGeneration();
  if (g[PAGE_KEY]?.generation !== generation) g[PAGE_KEY] = { generation, pages: new Map() };
  return g[PAGE_KEY].pages;
}

/** The kept page for `key` when it is of the current generation and within its TTL. */
export function freshPage(key: string): PageEntry | null {
  const hit = pages().get(key);
  return hit && hit.expires > Date.now() ? hit : null;
}

/** Serves a public HTML page from memory, or renders it and keeps a copy when it may be kept. */
async function cachedPage(request: Request, render: () => Promise<Response>): Promise<Response> {
  const key = pageCacheKey({
    method: request.method,
    url: request.url,
    credentials: request.headers.has("cookie") || request.headers.has("authorization"),
  });
  if (key === null) return render();
  const generation = cacheGeneration();
  const hit = freshPage(key);
  if (hit) return new Response(new Uint8Array(hit.variants.identity), { status: hit.status, headers: hitHeaders(hit) });

  // After a write every reader misses at once: one render per page and generation, the others
  // wait for its kept copy (and render themselves only when it could not be kept).
  const flightKey = `${generation} ${key}`;
  const rendering = inFlight.get(flightKey);
  if (rendering) {
    await rendering;
    const kept = freshPage(key);
    if (kept) return new Response(new Uint8Array(kept.variants.identity), { status: kept.status, headers: hitHeaders(kept) });
    return render();
  }
  let landed = () => {};
  inFlight.set(flightKey, new Promise<void>((resolve) => (landed = resolve)));
  let finished = false;
  const done = () => {
    if (finished) return;
    finished = true;
    inFlight.delete(flightKey);
    landed();
  };
  try {
    const response = await render();
    if (!mayStoreResponse(response)) {
      done();
      return response;
    }
    const body = await response.text();
    if (body.length <= MAX_PAGE_BYTES && generation === cacheGeneration()) {
      // Compressed off the request's path: this response goes out now, later hits get the bytes.
      // Readers waiting for it are answered once it is kept; its refined copy replaces it later.
      void storePage(key, body, response, generation)
        .finally(done)
        .then((entry) => entry && refinePage(key, entry))
        .catch(() => {});
    } else done();
    return new Response(body, { status: response.status, headers: response.headers });
  } catch (error) {
    done();
    throw error;
  }
}

/** Renders under way, by generation and page: `cachedPage` lets one request render, the others wait. */
const inFlight = new Map<string, Promise<void>>();

async function storePage(key: string, body: string, response: Response, generation: number): Promise<PageEntry | null> {
  const { variants, csp } = await pinAndCompress(body, response.headers.get("content-security-policy"));
  if (generation !== cacheGeneration()) return null;
  const store = pages();
  if (store.size >= MAX_PAGES) store.delete(store.keys().next().value!);
  const headers = [...response.headers.entries()].filter(([name]) => !["content-length", "content-encoding", "transfer-encoding"].includes(name));
  const entry: PageEntry = {
    variants,
    status: response.status,
    headers: csp ? headers.map(([k, v]): [string, string] => [k, k === "content-security-policy" ? csp : v]) : headers,
    expires: Date.now() + PAGE_TTL_MS,
  };
  store.set(key, entry);
  return entry;
}

/**
 * Once a page is kept (and its waiting readers answered), its copy is made smaller for every later
 * reader: the inline stylesheet cut to the rules the page uses (page-css.server.ts) and Brotli at
 * its best quality. Work worth doing once per kept page, never on a request's path.
 */
async function refinePage(key: string, entry: PageEntry) {
  const html = await pruneInlineStylesheet(entry.variants.identity.toString("utf8"));
  const variants = await compressPage(html, BEST_BROTLI);
  if (pages().get(key) === entry) entry.variants = variants;
}

function hitHeaders(entry: PageEntry) {
  const headers = new Headers(entry.headers);
  headers.set("Server-Timing", PAGE_CACHE_HIT_TIMING);
  return headers;
}

/** Route middleware for public pages: whole-page caching (see `cachedPage`). */
export const publicPageCache: MiddlewareFunction<Response> = ({ request }, next) => cachedPage(request, next);
