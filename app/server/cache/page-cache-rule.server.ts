/**
 * The one statement of which requests the whole-page cache may answer and fill, and under which
 * key. Both sides ask `pageCacheKey`: the route middleware that stores rendered pages
 * (page-cache.server.ts) and the Node fast path in front of Express (page-cache-fast-path.server.ts,
 * called by server/main.js). Pure: no state, no I/O, so it is tested on its own
 * (page-cache-rule.server.test.ts).
 *
 * A key is the path and only the query parameters that page reads, in a fixed order: every other
 * parameter (campaign tags, a cache-buster) and every cookie leaves a public page's bytes as they
 * are, so they are left out. No public page reads a cookie, except a post that is not public yet
 * (a signed-in admin previews it), and such a page is never kept (app/routes/blog/post.tsx).
 */

/** Server-Timing of a page sent from the cache (benchmarks and tests look for it; here, free of imports, so scripts can too). */
export const PAGE_CACHE_HIT_TIMING = "page-cache;desc=hit";

/** A request as both sides see it: a Fetch `Request` and a Node `IncomingMessage` both map onto it. */
export type PageCacheRequest = {
  method: string | undefined;
  /** The path and query ("/blog?page=2"); an absolute URL works too. */
  url: string | undefined;
  /**
   * The route pattern React Router matched ("blog/:slug"), known to the route middleware (the
   * side that stores pages), not to the fast path.
   */
  pattern?: string;
};

/** What a page reads of its query: `keys` change its bytes (they are in its key), `personal` ones make it one visitor's own (never kept). */
type PageQuery = { keys?: readonly string[]; personal?: readonly string[] };

/**
 * Every query parameter a public page reads, by route pattern (app/routes.ts); pages not listed
 * read none. `keys` in alphabetical order: the order of a key's parameters.
 * - /blog: the search, category, tag, page and 'Load more' page count (app/routes/blog/list.tsx);
 * - /blog/:slug and /case-studies/:slug: a preview link's token (app/server/posts/preview.server.ts);
 * - /audit: the confirmation after sending and the button that led there (app/routes/site/audit.tsx).
 */
const PAGE_QUERIES: Record<string, PageQuery> = {
  "/blog": { keys: ["category", "page", "pages", "q", "tag"] },
  "/blog/:slug": { personal: ["preview"] },
  "/case-studies/:slug": { personal: ["preview"] },
  "/audit": { keys: ["sent", "source"] },
};
const NO_QUERY: PageQuery = {};

/** Admin screens, their sign-in and the APIs are never public pages. */
const PRIVATE_PATH = /^\/(admin|api)(\/|$)/;

/**
 * The route pattern of PAGE_QUERIES a path reaches, read from the path alone (the fast path's
 * view): React Router matches paths percent-decoded, in any case, with trailing slashes.
 */
function patternOfPath(pathname: string): string | null {
  let path: string;
  try {
    path = decodeURIComponent(pathname).toLowerCase().replace(/\/+$/, "") || "/";
  } catch {
    return null;
  }
  if (path === "/blog" || path === "/audit") return path;
  if (/^\/blog\/[^/]+$/.test(path) && !path.endsWith(".md")) return "/blog/:slug";
  if (/^\/case-studies\/[^/]+$/.test(path) && !path.endsWith(".md") && path !== "/case-studies/rss.xml") return "/case-studies/:slug";
  return null;
}

/** What the page of a route pattern reads ("blog/:slug" as React Router gives it, or "/blog/:slug"). */
const queryOf = (pattern: string | null) => (pattern !== null && PAGE_QUERIES[`/${pattern.replace(/^\/+/, "")}`]) || NO_QUERY;

/** The URL of a request line ("/blog?page=2") or of an absolute address; null when it is no URL. */
function parse(url: string): URL | null {
  try {
    // A path is appended, not resolved: "//blog" stays a path (resolving would read a host).
    return new URL(url.startsWith("/") ? `http://page-cache.invalid${url}` : url);
  } catch {
    return null;
  }
}

/**
 * The cache key of a request the page cache may serve or store, or null when the request must
 * always reach React Router. HEAD is answered like GET (without the body).
 */
export function pageCacheKey(request: PageCacheRequest): string | null {
  if ((request.method !== "GET" && request.method !== "HEAD") || !request.url) return null;
  const url = parse(request.url);
  if (!url) return null;
  const { pathname, searchParams } = url;
  if (PRIVATE_PATH.test(pathname)) return null;
  // Client-side navigations fetch `.data` (turbo-stream); only documents are kept.
  if (pathname.endsWith(".data")) return null;
  const query = queryOf(patternOfPath(pathname));
  // The page that rendered must read no parameter the key would leave out (an address spelled so
  // that the path alone names another page): else it is never kept.
  if (request.pattern !== undefined && queryOf(request.pattern) !== query) return null;
  // A post's preview link is personal: never kept, never served from memory.
  if (query.personal?.some((name) => searchParams.has(name))) return null;
  const kept = new URLSearchParams();
  for (const name of query.keys ?? []) {
    // A page reads the first value of a parameter: later ones change nothing.
    const value = searchParams.get(name);
    if (value !== null) kept.set(name, value);
  }
  const search = kept.toString();
  return search ? `${pathname}?${search}` : pathname;
}

/**
 * What the page cache keeps: HTML pages, the text documents for AI crawlers (/llms.txt,
 * /blog/{slug}.md), and the sitemaps and feeds (application/xml, application/rss+xml), which were
 * compressed again for every request (a 10,000-post sitemap: 13–44 ms of gzip a request).
 */
const KEPT_TYPES = /^(text\/html|text\/markdown|text\/plain|application\/xml|application\/rss\+xml)\s*(;|$)/i;

/**
 * A rendered response may be kept when it has the expected status (200, or 404 for a not-found
 * page), is an HTML page (or text document), sets no cookie and does not say it is private.
 */
export function mayStoreResponse(response: { status: number; headers: Headers }, status = 200): boolean {
  const type = response.headers.get("content-type") ?? "";
  const personal = /\b(private|no-store)\b/.test(response.headers.get("cache-control") ?? "");
  return response.status === status && KEPT_TYPES.test(type) && !response.headers.has("set-cookie") && !personal;
}
