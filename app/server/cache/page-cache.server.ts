import type { MiddlewareFunction } from "react-router";
import { cacheGeneration } from "./data-cache.server";
import { PAGE_CACHE_HIT_TIMING, mayStoreResponse, pageCacheKey } from "./page-cache-rule.server";
import islandWords from "virtual:island-words";
import { pruneInThread } from "./page-css-thread.server";
import { inTurn, mayRefine } from "./refine-budget.server";
import { renderedText } from "~/server/http/rendered-text.server";
import {
  BEST_BROTLI,
  FIRST_BROTLI,
  QUICK_BROTLI,
  acceptedEncoding,
  compressPage,
  encodePage,
  encodePageNow,
  pinPage,
  type PageVariants,
} from "./page-pinning.server";

/**
 * Whole public pages kept in memory: a page rendered since the last admin write (and within
 * PAGE_TTL_MS) is answered from here. Which requests qualify, and under which key, is decided by
 * `pageCacheKey` (page-cache-rule.server.ts); the Node fast path (page-cache-fast-path.server.ts)
 * reads the same store before Express. The not-found pages are kept too, one copy per kind for
 * every unknown address (`keptNotFoundPage`).
 */
export type PageEntry = {
  variants: PageVariants;
  status: number;
  headers: [string, string][];
  expires: number;
  /** Whether it has been read since it was kept: its encodings and refined copy are made or being made (`prepareKept`), once. */
  refining?: boolean;
  /** Its kept Brotli made for its first reader at FIRST_BROTLI: `prepareKept` makes it again at QUICK_BROTLI. */
  roughBrotli?: boolean;
};

const PAGE_KEY = Symbol.for("studio.page-cache");
type PageStore = { generation: number; pages: Map<string, PageEntry> };
type GlobalWithPages = typeof globalThis & { [PAGE_KEY]?: PageStore };
const PAGE_TTL_MS = 60_000;
/** The store is least-recently-used first: a hit moves a page to the end, a full store drops its first. */
const MAX_PAGES = 500;
/**
 * At most this many keys with a query per path (/blog's searches, categories, tags and pages):
 * a flood of made-up values replaces its own kind only, never the pages without a query.
 */
const MAX_VARIANTS = 50;
const MAX_PAGE_BYTES = 1_000_000;
/**
 * XML documents are kept up to this size: a sitemap file of the protocol's 50,000 addresses is
 * ~10 MB (ours hold 1,000, decision 0065). They come from a few addresses (the sitemap, its files,
 * the feeds), never from a query.
 */
const MAX_XML_BYTES = 16_000_000;
const isXml = (response: Response) => /^application\/(rss\+)?xml\b/i.test(response.headers.get("content-type") ?? "");

export { PAGE_CACHE_HIT_TIMING };

/** The kept pages of the current generation: an admin write since the last call empties it. */
function pages(): Map<string, PageEntry> {
  const g = globalThis as GlobalWithPages;
  const generation = cacheGeneration();
  if (g[PAGE_KEY]?.generation !== generation) g[PAGE_KEY] = { generation, pages: new Map() };
  return g[PAGE_KEY].pages;
}

/** The kept page for `key` when it is of the current generation and within its TTL; a hit makes it the most recently used. */
export function freshPage(key: string): PageEntry | null {
  const store = pages();
  const hit = store.get(key);
  if (!hit || hit.expires <= Date.now()) return null;
  store.delete(key);
  store.set(key, hit);
  return hit;
}

/**
 * A reader's hit (`freshPage`): the first read after the render starts the kept copy's encodings
 * and then its refinement (`prepareKept`), so a page asked for once (a crawler walking every post,
 * a one-off search) costs its render and nothing more, and a page read again is compressed, then
 * made smaller, for every later reader.
 */
export function readPage(key: string): PageEntry | null {
  const hit = freshPage(key);
  if (hit && !hit.refining) {
    hit.refining = true;
    void prepareKept(key, hit).catch(() => {});
  }
  return hit;
}

/** The path of a key with a query (its kind, for MAX_VARIANTS), else null. */
const variantOf = (key: string) => (key.includes("?") ? key.slice(0, key.indexOf("?")) : null);

/** Makes room for `key`: the least recently used of its path's variants when they are MAX_VARIANTS, then of all pages when they are MAX_PAGES. */
function makeRoom(store: Map<string, PageEntry>, key: string) {
  store.delete(key);
  const path = variantOf(key);
  if (path !== null) {
    const variants = [...store.keys()].filter((kept) => variantOf(kept) === path);
    if (variants.length >= MAX_VARIANTS) store.delete(variants[0]!);
  }
  if (store.size >= MAX_PAGES) store.delete(store.keys().next().value!);
}

/**
 * Serves the page kept under `key` from memory, or renders it and keeps a copy when it may be
 * kept (with `status`: 200, or 404 for a not-found page). A null key: rendered, never kept.
 */
async function cachedPage(request: Request, key: string | null, render: () => Promise<Response>, status = 200): Promise<Response> {
  if (key === null) return render();
  const generation = cacheGeneration();
  const hit = readPage(key);
  if (hit) return new Response(new Uint8Array(hit.variants.identity), { status: hit.status, headers: hitHeaders(hit) });

  // After a write every reader misses at once: one render per page and generation, the others
  // wait for its kept copy (and render themselves only when it could not be kept).
  const flightKey = `${generation} ${key}`;
  const rendering = inFlight.get(flightKey);
  if (rendering) {
    await rendering;
    const kept = readPage(key);
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
    if (!mayStoreResponse(response, status)) {
      done();
      return response;
    }
    // The text of a page rendered whole, else the body's bytes decoded.
    const text = renderedText(response) ?? utf8.decode(await response.arrayBuffer());
    const limit = isXml(response) && !key.includes("?") ? MAX_XML_BYTES : MAX_PAGE_BYTES;
    if (longerThan(text, limit) || generation !== cacheGeneration()) {
      done();
      return new Response(text, { status: response.status, headers: response.headers });
    }
    // Kept for later readers (and those waiting for it), and sent to this one as they will get it.
    const entry = storePage(key, text, response);
    done();
    return await firstReading(entry, request.headers.get("accept-encoding"), variantOf(key) ? FIRST_BROTLI : QUICK_BROTLI);
  } catch (error) {
    done();
    throw error;
  }
}

/**
 * The response to the reader whose miss kept `entry`: the kept bytes (pinned, as every later reader
 * gets them), in the encoding the reader takes (Brotli at FIRST_BROTLI for a page with a query), made
 * once here and kept with the page, with a Content-Length (`compression` leaves an encoded body
 * alone). Before, the render's own bytes went out through that middleware's stream, and were
 * compressed again for the kept copy.
 */
async function firstReading(entry: PageEntry, acceptEncoding: string | null, brotliQuality: number): Promise<Response> {
  const encoding = acceptedEncoding(acceptEncoding);
  const body = encoding === "identity" ? entry.variants.identity : (entry.variants[encoding] ?? (await keptEncoding(entry, encoding, brotliQuality)));
  const headers = new Headers(entry.headers);
  headers.set("Vary", "Accept-Encoding");
  if (encoding !== "identity") headers.set("Content-Encoding", encoding);
  headers.set("Content-Length", String(body.byteLength));
  return new Response(new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength), { status: entry.status, headers });
}

/**
 * `entry`'s bytes in `encoding` (Brotli at `brotliQuality`), made now and kept with them. With no
 * other render under way they are made here, on the main thread, which has nothing else to do
 * (Brotli 4 of a post ~0.9 ms, of a 60-card blog page ~1.3):
 * sent to the pool, the same work took 1.7–4.4 ms to come back on this two-core machine. While other
 * pages render, it goes to the pool and runs beside them; so does a document larger than a page.
 */
async function keptEncoding(entry: PageEntry, encoding: "br" | "gzip", brotliQuality: number): Promise<Buffer> {
  const { identity } = entry.variants;
  // A document past a page's size (a sitemap file is kept up to MAX_XML_BYTES) always goes to the
  // pool: Brotli of megabytes would hold the main thread for tens of milliseconds.
  const here = inFlight.size === 0 && identity.byteLength <= MAX_PAGE_BYTES;
  const body = here ? encodePageNow(identity, encoding, brotliQuality) : await encodePage(identity, encoding, brotliQuality);
  // Kept unless the page was refined meanwhile (other bytes), or a second reader's encodings came first.
  if (entry.variants.identity === identity && !entry.variants[encoding]) {
    entry.variants[encoding] = body;
    if (encoding === "br" && brotliQuality !== QUICK_BROTLI) entry.roughBrotli = true;
  }
  return body;
}

const utf8 = new TextDecoder();

/**
 * Whether `text` takes more than `limit` bytes in UTF-8, counted only when its length leaves it open:
 * a UTF-16 unit is 1 to 3 bytes (a pair of them 4), and counting a 222 KB page took 0.17 ms.
 */
export function longerThan(text: string, limit: number): boolean {
  if (text.length > limit) return true;
  if (text.length * 3 <= limit) return false;
  return Buffer.byteLength(text, "utf8") > limit;
}

/** Renders under way, by generation and page: `cachedPage` lets one request render, the others wait. */
const inFlight = new Map<string, Promise<void>>();

function storePage(key: string, body: string, response: Response): PageEntry {
  // Kept as rendered, without its nonce: its other encodings made only if it is read again (`readPage`).
  const { html, csp } = pinPage(body, response.headers.get("content-security-policy"));
  const variants: PageVariants = { identity: Buffer.from(html, "utf8") };
  const store = pages();
  makeRoom(store, key);
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
 * A kept page read again (`readPage`): its gzip and quick Brotli encodings first (a few milliseconds of a pool
 * thread; until then its readers are compressed on the way out, server/main.js), then its refined
 * copy when `mayRefine` lets it, in its turn (`inTurn`: one refinement at a time).
 */
async function prepareKept(key: string, entry: PageEntry) {
  const { identity, br, gzip } = entry.variants;
  const compressed = await compressPage(identity, QUICK_BROTLI, { gzip, br: entry.roughBrotli ? undefined : br });
  if (pages().get(key) !== entry) return;
  entry.variants = compressed;
  entry.roughBrotli = false;
  // A large document (a sitemap file) keeps its quick encodings: Brotli 11 of megabytes would take
  // seconds of a pool thread each time it is kept again, for a tenth fewer bytes.
  if (entry.variants.identity.byteLength <= MAX_PAGE_BYTES && mayRefine(key)) await inTurn(() => refinePage(key, entry));
}

async function refinePage(key: string, entry: PageEntry) {
  const { html } = await pruneInThread(entry.variants.identity.toString("utf8"), islandWords);
  const variants = await compressPage(html, BEST_BROTLI);
  if (pages().get(key) === entry) entry.variants = variants;
}

function hitHeaders(entry: PageEntry) {
  const headers = new Headers(entry.headers);
  headers.set("Server-Timing", PAGE_CACHE_HIT_TIMING);
  return headers;
}

type PageArgs = { request: Request; pattern: string };

/** The key of a route's request (see `pageCacheKey`), or null when it is never answered from the cache. */
export function pageKeyOf({ request, pattern }: PageArgs): string | null {
  return pageCacheKey({ method: request.method, url: request.url, pattern });
}

/** Route middleware for public pages: whole-page caching (see `cachedPage`). */
export const publicPageCache: MiddlewareFunction<Response> = (args, next) => cachedPage(args.request, pageKeyOf(args), next);

/** The not-found pages: the site's (an address no route knows), a post's ('Article Not Found'), a blank slug's ('No article slug provided') and a case study's. */
export type NotFoundKind = "page" | "article" | "blank-slug" | "case-study";

/**
 * A not-found page is the same whatever the address that reached it (no part of the address is in
 * its HTML): one kept copy of each kind answers every such request (404, with the cache-hit
 * Server-Timing), so made-up addresses cost no render. The caller has done the per-address work
 * first (app/server/site/redirects.server.ts: the redirect lookup, the not-found count). A request the
 * page cache may not answer (a preview, a `.data` request, a POST) is rendered.
 */
export function keptNotFoundPage(kind: NotFoundKind, args: PageArgs, render: () => Promise<Response>): Promise<Response> {
  return cachedPage(args.request, pageKeyOf(args) === null ? null : `not-found ${kind}`, render, 404);
}
