import { describe, expect, it } from "vitest";
import { mayStoreResponse, pageCacheKey, type PageCacheRequest } from "./page-cache-rule.server";

const get = (url: string, more: Partial<PageCacheRequest> = {}): PageCacheRequest => ({ method: "GET", url, ...more });

describe("which requests the page cache answers and fills", () => {
  it.each([
    ["/", "/"],
    ["/blog", "/blog"],
    ["/blog/some-post", "/blog/some-post"],
    ["/team", "/team"],
    ["/privacy", "/privacy"],
    ["/blog?category=Case%20Studies&page=2", "/blog?category=Case+Studies&page=2"],
    ["http://localhost:3000/blog?page=2", "/blog?page=2"],
    ["/administration-tips", "/administration-tips"],
    ["/no/such/page", "/no/such/page"],
  ])("anonymous GET %s is cached under %s", (url, key) => {
    expect(pageCacheKey(get(url))).toBe(key);
  });

  it.each([
    ["a cache-buster on the home page", "/?u=123", "/"],
    ["campaign tags", "/?utm_source=newsletter&utm_medium=email&utm_campaign=launch", "/"],
    ["a parameter on a post", "/blog/some-post?ref=x", "/blog/some-post"],
    ["a parameter on a page that reads none", "/privacy?x=1&y=2", "/privacy"],
    ["React Router's own parameters on a document", "/team?_routes=routes/site/team&index", "/team"],
    ["a preview token anywhere but a post", "/?preview=abc", "/"],
    ["an unknown address's query", "/no/such/page?x=1", "/no/such/page"],
  ])("a parameter the page does not read is left out of the key: %s", (_, url, key) => {
    expect(pageCacheKey(get(url))).toBe(key);
  });

  it("keeps the blog's parameters in one order, with the first value of each, whatever else the address holds", () => {
    const key = "/blog?category=Guides&page=2&pages=1&q=ai&tag=crm";
    expect(pageCacheKey(get("/blog?tag=crm&utm_source=x&q=ai&pages=1&page=2&category=Guides"))).toBe(key);
    expect(pageCacheKey(get("/blog?q=ai&category=Guides&tag=crm&page=2&pages=1&fbclid=1"))).toBe(key);
    expect(pageCacheKey(get("/blog?category=Guides&category=Other&page=2&pages=1&q=ai&tag=crm"))).toBe(key);
    // Spelled differently, the same value: one key.
    expect(pageCacheKey(get("/blog?category=Case+Studies"))).toBe(pageCacheKey(get("/blog?category=Case%20Studies&u=9")));
    // Each value the page reads is a page of its own.
    expect(pageCacheKey(get("/blog?category=Guides"))).not.toBe(pageCacheKey(get("/blog?category=Automation")));
    expect(pageCacheKey(get("/blog?q=ai"))).toBe("/blog?q=ai");
    expect(pageCacheKey(get("/blog?q="))).toBe("/blog?q=");
  });

  it("keeps the audit page's confirmation and source", () => {
    expect(pageCacheKey(get("/audit?source=hero&utm_campaign=x"))).toBe("/audit?source=hero");
    expect(pageCacheKey(get("/audit?sent=1&gclid=abc"))).toBe("/audit?sent=1");
  });

  it("reads the path as React Router matches it (any case, trailing slash, percent-encoded) before dropping parameters", () => {
    expect(pageCacheKey(get("/Blog/?category=Guides&u=1"))).toBe("/Blog/?category=Guides");
    expect(pageCacheKey(get("/bl%6Fg?category=Guides&u=1"))).toBe("/bl%6Fg?category=Guides");
    expect(pageCacheKey(get("/BLOG/a-post?preview=abc"))).toBeNull();
    // A path appended to no host: "//blog" is a path, not a host.
    expect(pageCacheKey(get("//blog?category=Guides"))).toBe("//blog");
  });

  it("keeps no page whose route reads a parameter its path does not show (the route middleware knows the route)", () => {
    // The pattern React Router matched, as the route middleware passes it (no leading slash).
    expect(pageCacheKey(get("/blog?category=Guides&u=1", { pattern: "blog" }))).toBe("/blog?category=Guides");
    expect(pageCacheKey(get("/blog?category=Guides&u=1", { pattern: "/blog" }))).toBe("/blog?category=Guides");
    expect(pageCacheKey(get("/blog/a-post?u=1", { pattern: "blog/:slug" }))).toBe("/blog/a-post");
    expect(pageCacheKey(get("/blog/a-post?preview=x", { pattern: "blog/:slug" }))).toBeNull();
    expect(pageCacheKey(get("/blog/a-post.md?u=1", { pattern: "blog/:slug.md" }))).toBe("/blog/a-post.md");
    expect(pageCacheKey(get("/audit?sent=1&u=1", { pattern: "audit" }))).toBe("/audit?sent=1");
    expect(pageCacheKey(get("/no/such/page?u=1", { pattern: "*" }))).toBe("/no/such/page");
    expect(pageCacheKey(get("/?u=1", { pattern: "/" }))).toBe("/");
    // A spelling of /blog the path alone does not show as the blog: rendered, never kept.
    expect(pageCacheKey(get("//blog?category=Guides", { pattern: "blog" }))).toBeNull();
    expect(pageCacheKey(get("/blog/%2F?category=Guides", { pattern: "blog/:slug" }))).toBeNull();
    expect(pageCacheKey(get("/BLOG?category=Guides", { pattern: "blog" }))).toBe("/BLOG?category=Guides");
  });

  it.each([
    ["POST", get("/blog", { method: "POST" })],
    ["no method", get("/", { method: undefined })],
    ["no URL", get("", { url: undefined })],
    ["the admin screens", get("/admin")],
    ["an admin page", get("/admin/blog/edit/1")],
    ["the admin sign-in", get("/admin/auth")],
    ["the APIs", get("/api/auth/get-session")],
    ["a client navigation's data", get("/blog.data")],
    ["a client navigation's route data", get("/blog.data?_routes=routes/blog/list")],
    ["a post's preview link", get("/blog/a-draft?preview=abc")],
    ["a post's preview link among other parameters", get("/blog/a-draft?utm_source=x&preview=abc")],
    ["a case study's preview link", get("/case-studies/a-draft?preview=abc")],
    ["an address that is no URL", get("http://[")],
  ])("bypassed: %s", (_, request) => {
    expect(pageCacheKey(request)).toBeNull();
  });

  it("answers HEAD like GET", () => {
    expect(pageCacheKey(get("/?u=1", { method: "HEAD" }))).toBe("/");
  });
});

describe("which rendered responses are kept", () => {
  const html = (status: number, extra: Record<string, string> = {}) => ({
    status,
    headers: new Headers({ "Content-Type": "text/html; charset=utf-8", ...extra }),
  });

  it("keeps a 200 HTML page that sets no cookie", () => {
    expect(mayStoreResponse(html(200))).toBe(true);
  });

  it("keeps the text documents for AI crawlers too", () => {
    expect(mayStoreResponse({ status: 200, headers: new Headers({ "Content-Type": "text/markdown; charset=utf-8" }) })).toBe(true);
    expect(mayStoreResponse({ status: 200, headers: new Headers({ "Content-Type": "text/plain; charset=utf-8" }) })).toBe(true);
    expect(mayStoreResponse({ status: 404, headers: new Headers({ "Content-Type": "text/plain; charset=utf-8" }) })).toBe(false);
    expect(mayStoreResponse({ status: 200, headers: new Headers({ "Content-Type": "text/plainish" }) })).toBe(false);
  });

  it("keeps the sitemaps and feeds", () => {
    expect(mayStoreResponse({ status: 200, headers: new Headers({ "Content-Type": "application/xml; charset=utf-8" }) })).toBe(true);
    expect(mayStoreResponse({ status: 200, headers: new Headers({ "Content-Type": "application/rss+xml; charset=utf-8" }) })).toBe(true);
    expect(mayStoreResponse({ status: 404, headers: new Headers({ "Content-Type": "application/xml" }) })).toBe(false);
  });

  it("never keeps errors, redirects, other types or responses that set a cookie", () => {
    expect(mayStoreResponse(html(404))).toBe(false);
    expect(mayStoreResponse(html(500))).toBe(false);
    expect(mayStoreResponse(html(302))).toBe(false);
    expect(mayStoreResponse({ status: 200, headers: new Headers({ "Content-Type": "application/json" }) })).toBe(false);
    expect(mayStoreResponse({ status: 200, headers: new Headers() })).toBe(false);
    expect(mayStoreResponse(html(200, { "Set-Cookie": "session=1" }))).toBe(false);
    expect(mayStoreResponse(html(200, { "Cache-Control": "private, no-store" }))).toBe(false);
    expect(mayStoreResponse(html(200, { "Cache-Control": "no-store" }))).toBe(false);
  });

  it("keeps a not-found page with its 404, and nothing else with it", () => {
    expect(mayStoreResponse(html(404), 404)).toBe(true);
    expect(mayStoreResponse(html(200), 404)).toBe(false);
    expect(mayStoreResponse(html(404, { "Set-Cookie": "a=1" }), 404)).toBe(false);
  });
});
