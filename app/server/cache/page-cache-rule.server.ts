/**
 * The one statement of which requests the whole-page cache may answer and fill. Both sides ask
 * `pageCacheKey`: the route middleware that stores rendered pages (page-cache.server.ts) and the
 * Node fast path in front of Express (page-cache-fast-path.server.ts, called by server/main.js).
 * Pure: no state, no I/O, so it is tested on its own (page-cache-rule.server.test.ts).
 */

/** A request as both sides see it: a Fetch `Request` and a Node `IncomingMessage` both map onto it. */
export type PageCacheRequest = {
  method: string | undefined;
  /** The path and query ("/blog?page=2"); an absolute URL works too. */
  url: string | undefined;
  /** True when the request carries a Cookie or an Authorization header. */
  credentials: boolean;
};

/** Admin screens, their sign-in and the APIs are never public pages. */
const PRIVATE_PATH = /^\/(admin|api)(\/|$)/;

/**
 * The cache key of a request the page cache may serve or store (its path and query), or null
 * when the request must always reach React Router.
 */
export function pageCacheKey(request: PageCacheRequest): string | null {
  // Only plain reads: HEAD, POST and every other method get a fresh response.
  if (request.method !== "GET" || !request.url) return null;
  // Anyone with a cookie (a session, signed in or not) or credentials gets a fresh render.
  if (request.credentials) return null;
  let url: URL;
  try {
    url = new URL(request.url, "http://page-cache.invalid");
  } catch {
    return null;
  }
  const { pathname, searchParams } = url;
  if (PRIVATE_PATH.test(pathname)) return null;
  // Client-side navigations fetch `.data` (turbo-stream); only documents are kept.
  if (pathname.endsWith(".data") || searchParams.has("_routes")) return null;
  // Searches are endless and rarely repeated: their data is cached, the page is not.
  if (searchParams.has("q")) return null;
  // A post's preview link is personal: never kept, never served from memory.
  if (searchParams.has("preview")) return null;
  return pathname + url.search;
}

/** What the page cache keeps: HTML pages, and the text documents for AI crawlers (/llms.txt, /blog/{slug}.md). */
const KEPT_TYPES = /^(text\/html|text\/markdown|text\/plain)\s*(;|$)/i;

/** A rendered response may be kept when it is a 200 HTML page (or text document) that sets no cookie and does not say it is private. */
export function mayStoreResponse(response: { status: number; headers: Headers }): boolean {
  const type = response.headers.get("content-type") ?? "";
  const personal = /\b(private|no-store)\b/.test(response.headers.get("cache-control") ?? "");
  return response.status === 200 && KEPT_TYPES.test(type) && !response.headers.has("set-cookie") && !personal;
}
