import { describe, expect, it } from "vitest";
import { mayStoreResponse, pageCacheKey, type PageCacheRequest } from "./page-cache-rule.server";

const get = (url: string, more: Partial<PageCacheRequest> = {}): PageCacheRequest => ({ method: "GET", url, credentials: false, ...more });

describe("which requests the page cache answers and fills", () => {
  it.each([
    ["/", "/"],
    ["/blog", "/blog"],
    ["/blog/some-post", "/blog/some-post"],
    ["/team", "/team"],
    ["/privacy", "/privacy"],
    ["/blog?category=Case%20Studies&page=2", "/blog?category=Case%20Studies&page=2"],
    ["http://localhost:3000/blog?page=2", "/blog?page=2"],
    ["/administration-tips", "/administration-tips"],
  ])("anonymous GET %s is cached under %s", (url, key) => {
    expect(pageCacheKey(get(url))).toBe(key);
  });

  it.each([
    ["POST", get("/blog", { method: "POST" })],
    ["HEAD", get("/", { method: "HEAD" })],
    ["no method", get("/", { method: undefined })],
    ["no URL", get("", { url: undefined })],
    ["a cookie or authorization (signed in, any session)", get("/", { credentials: true })],
    ["the admin screens", get("/admin")],
    ["an admin page", get("/admin/blog/edit/1")],
    ["the admin sign-in", get("/admin/auth")],
    ["the APIs", get("/api/auth/get-session")],
    ["a client navigation's data", get("/blog.data")],
    ["a client navigation's route data", get("/blog?_routes=routes/blog/list")],
    ["a search", get("/blog?q=automation")],
    ["a search with other parameters", get("/blog?category=Guides&q=ai")],
    ["a post's preview link", get("/blog/a-draft?preview=abc")],
    ["an address that is no URL", get("http://[")],
  ])("bypassed: %s", (_, request) => {
    expect(pageCacheKey(request)).toBeNull();
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
});
