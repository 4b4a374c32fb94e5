import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { invalidateLocalCache } from "./data-cache.server";
import { PAGE_CACHE_HIT_TIMING, freshPage, keptNotFoundPage } from "./page-cache.server";
import { REFINES_WITH_QUERY } from "./refine-budget.server";
import { pageCacheKey } from "./page-cache-rule.server";
import { QUICK_BROTLI } from "./page-pinning.server";
import { middleware } from "../../../tests/support/page-cache-reads";
import { documentResponse } from "~/server/http/rendered-text.server";

describe("the page cache after a write", () => {
  it("renders each page once when many readers miss together; the others get the kept copy", async () => {
    invalidateLocalCache();
    let renders = 0;
    const render = async () => {
      renders += 1;
      await new Promise((r) => setTimeout(r, 50));
      return new Response(`<html><body>render ${renders}</body></html>`, { headers: { "Content-Type": "text/html; charset=utf-8" } });
    };
    const read = () => middleware({ request: new Request("http://localhost/single-flight-page") }, render);

    const first = await Promise.all(Array.from({ length: 8 }, read));
    expect(renders).toBe(1);
    const bodies = await Promise.all(first.map((r) => r.text()));
    expect(new Set(bodies)).toEqual(new Set(["<html><body>render 1</body></html>"]));
    expect(first.filter((r) => r.headers.get("server-timing") === PAGE_CACHE_HIT_TIMING)).toHaveLength(7);

    // The next write (here or on another process) starts a new generation: one new render.
    invalidateLocalCache();
    const second = await Promise.all(Array.from({ length: 8 }, read));
    expect(renders).toBe(2);
    expect(new Set(await Promise.all(second.map((r) => r.text())))).toEqual(new Set(["<html><body>render 2</body></html>"]));
  });

  it("lets every waiter render itself when the page may not be kept", async () => {
    let renders = 0;
    const render = async () => {
      renders += 1;
      await new Promise((r) => setTimeout(r, 20));
      return new Response("gone", { status: 404, headers: { "Content-Type": "text/html" } });
    };
    const answers = await Promise.all(Array.from({ length: 3 }, () => middleware({ request: new Request("http://localhost/single-flight-missing") }, render)));
    expect(answers.map((r) => r.status)).toEqual([404, 404, 404]);
    expect(renders).toBe(3);
  });
});

describe("the kept copy of a page", () => {
  it("is refined once kept: its inline stylesheet cut to the page's rules, Brotli at its best", async () => {
    invalidateLocalCache();
    const unused = Array.from({ length: 300 }, (_, i) => `.unused-${i}{margin:${i}px;padding:${i}px}`).join("");
    const html = `<!DOCTYPE html><html><head><style data-href="/assets/root-k.css">.used{color:red}${unused}</style></head><body><p class="used">${"Kept page. ".repeat(200)}</p></body></html>`;
    let renders = 0;
    const render = () => {
      renders += 1;
      return Promise.resolve(new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } }));
    };
    const url = "http://localhost/refined-page";
    const read = () => middleware({ request: new Request(url) }, render);

    // The reader that rendered it gets the page as rendered.
    expect(await (await read()).text()).toBe(html);
    // Later readers get the refined copy once it is made (in the background, on a worker thread:
    // 5 s was not enough for its start on CI's shared cores; a ceiling, not a speed target).
    await expect.poll(async () => (await (await read()).text()).includes("data-cut"), { timeout: 45_000 }).toBe(true);
    const kept = freshPage(pageCacheKey({ method: "GET", url })!)!;
    const body = kept.variants.identity.toString("utf8");
    expect(body).toContain('<style data-href="/assets/root-k.css" data-cut="">.used{color:red}</style>');
    expect(body).not.toContain("unused-");
    expect(zlib.brotliDecompressSync(kept.variants.br!).toString("utf8")).toBe(body);
    expect(zlib.gunzipSync(kept.variants.gzip!).toString("utf8")).toBe(body);
    // At Brotli's best quality: smaller than the quick encoding of the same bytes.
    const quick = zlib.brotliCompressSync(kept.variants.identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: QUICK_BROTLI } });
    expect(kept.variants.br!.length).toBeLessThan(quick.length);
    expect(renders).toBe(1);
  });
});

describe("a page rendered whole", () => {
  it("is kept from the text it was rendered as, its body never read back and decoded", async () => {
    invalidateLocalCache();
    const html = `<html><body><p>${"Rendered as a string – “whole”. ".repeat(50)}</p></body></html>`;
    const rendered = documentResponse(html, { headers: { "Content-Type": "text/html; charset=utf-8" } });
    const response = await middleware({ request: new Request("http://localhost/rendered-whole") }, () => Promise.resolve(rendered));
    expect(rendered.bodyUsed).toBe(false);
    expect(await response.text()).toBe(html);
    expect(freshPage("/rendered-whole")?.variants.identity.toString("utf8")).toBe(html);
  });
});

describe("refining a kept page", () => {
  it("waits for its second reader: a page asked for once costs its render alone", async () => {
    invalidateLocalCache();
    const unused = Array.from({ length: 200 }, (_, i) => `.unused-${i}{margin:${i}px}`).join("");
    const keep = (path: string) =>
      middleware({ request: new Request(`http://localhost${path}`) }, () =>
        Promise.resolve(
          new Response(
            `<!DOCTYPE html><html><head><style data-href="/assets/root-k.css">.used{color:red}${unused}</style></head><body><p class="used">${path}</p></body></html>`,
            {
              headers: { "Content-Type": "text/html; charset=utf-8" },
            },
          ),
        ),
      );
    const refined = (path: string) =>
      freshPage(pageCacheKey({ method: "GET", url: path })!)
        ?.variants.identity.toString("utf8")
        .includes("data-cut");
    await keep("/asked-once");
    await keep("/asked-twice");
    await expect.poll(() => freshPage(pageCacheKey({ method: "GET", url: "/asked-twice" })!) !== null).toBe(true);
    await keep("/asked-twice");
    // Once the page read again is refined, the background work has had its turn: the other page has none.
    await expect.poll(() => refined("/asked-twice"), { timeout: 5000 }).toBe(true);
    expect(refined("/asked-once")).toBe(false);
    await keep("/asked-once");
    await expect.poll(() => refined("/asked-once"), { timeout: 5000 }).toBe(true);
  });
});

describe("refining kept pages under a flood of made-up searches", () => {
  it("refines at most REFINES_WITH_QUERY pages with a query a minute, and the site's own pages always", async () => {
    invalidateLocalCache();
    const unused = Array.from({ length: 200 }, (_, i) => `.unused-${i}{margin:${i}px}`).join("");
    const html = (text: string) =>
      `<!DOCTYPE html><html><head><style data-href="/assets/root-k.css">.used{color:red}${unused}</style></head><body><p class="used">${text}</p></body></html>`;
    const keep = (path: string) =>
      middleware({ request: new Request(`http://localhost${path}`) }, () =>
        Promise.resolve(new Response(html(path), { headers: { "Content-Type": "text/html; charset=utf-8" } })),
      );
    const searches = Array.from({ length: REFINES_WITH_QUERY + 10 }, (_, i) => `/blog?q=made-up-${i}`);
    // Each asked twice: a kept page is refined when it is read again.
    for (const path of searches) await keep(path);
    await keep("/own-page");
    for (const path of [...searches, "/own-page"]) await keep(path);
    const refined = (path: string) =>
      freshPage(pageCacheKey({ method: "GET", url: path })!)
        ?.variants.identity.toString("utf8")
        .includes("data-cut");
    // The site's own page is refined whatever the flood used up.
    await expect.poll(() => refined("/own-page"), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => searches.filter(refined).length, { timeout: 10_000 }).toBe(REFINES_WITH_QUERY);
    // Every search is still kept and answered, refined or not.
    expect(searches.every((path) => freshPage(pageCacheKey({ method: "GET", url: path })!) !== null)).toBe(true);
  });
});

const page = (text: string, status = 200) =>
  new Response(`<html><body>${text}</body></html>`, { status, headers: { "Content-Type": "text/html; charset=utf-8" } });

describe("the not-found pages", () => {
  it("are kept once for every address: a made-up path is answered with the kept 404, not a render", async () => {
    invalidateLocalCache();
    let renders = 0;
    const render = () => {
      renders += 1;
      return Promise.resolve(page("Oops! Page not found", 404));
    };
    const missing = (path: string) => keptNotFoundPage("page", { request: new Request(`http://localhost${path}`), pattern: "*" }, render);

    const first = await missing("/no-such-page-1");
    expect(first.status).toBe(404);
    expect(first.headers.get("server-timing")).not.toBe(PAGE_CACHE_HIT_TIMING);
    await expect.poll(async () => (await missing(`/no-such-page-${Math.random()}`)).headers.get("server-timing")).toBe(PAGE_CACHE_HIT_TIMING);
    const later = await missing("/another/made-up/path?u=1");
    expect(later.status).toBe(404);
    expect(await later.text()).toBe("<html><body>Oops! Page not found</body></html>");
    expect(renders).toBe(1);

    // Each kind has its own page; a request the cache may not answer is rendered.
    const article = await keptNotFoundPage("article", { request: new Request("http://localhost/blog/nope"), pattern: "blog/:slug" }, () =>
      Promise.resolve(page("Article Not Found", 404)),
    );
    expect(await article.text()).toContain("Article Not Found");
    await keptNotFoundPage("page", { request: new Request("http://localhost/nope.data"), pattern: "*" }, render);
    await keptNotFoundPage("page", { request: new Request("http://localhost/nope", { method: "POST" }), pattern: "*" }, render);
    expect(renders).toBe(3);
  });
});

describe("the store's bounds", () => {
  it("keeps the pages without a query when a flood of made-up parameter values fills it", async () => {
    invalidateLocalCache();
    const renders = new Map<string, number>();
    const read = (path: string) =>
      middleware({ request: new Request(`http://localhost${path}`) }, () => {
        renders.set(path, (renders.get(path) ?? 0) + 1);
        return Promise.resolve(page(path));
      });
    const hit = async (path: string) => (await read(path)).headers.get("server-timing") === PAGE_CACHE_HIT_TIMING;

    await read("/");
    await read("/team");
    await expect.poll(async () => (await hit("/")) && (await hit("/team"))).toBe(true);
    // More made-up categories than the whole store holds: each is rendered once and kept, in turn.
    for (let i = 0; i < 600; i++) await read(`/blog?category=flood-${i}`);
    await expect.poll(() => hit("/blog?category=flood-599")).toBe(true);
    expect(await hit("/")).toBe(true);
    expect(await hit("/team")).toBe(true);
    expect(renders.get("/")).toBe(1);
    expect(renders.get("/team")).toBe(1);
    // The newest of the flood are kept, the oldest made room for them.
    expect(await hit("/blog?category=flood-0")).toBe(false);
  });

  it("drops the least recently read page when full: a page read again stays", async () => {
    invalidateLocalCache();
    const read = (path: string) => middleware({ request: new Request(`http://localhost${path}`) }, () => Promise.resolve(page(path)));
    const hit = async (path: string) => (await read(path)).headers.get("server-timing") === PAGE_CACHE_HIT_TIMING;
    await read("/popular");
    await expect.poll(() => hit("/popular")).toBe(true);
    // 600 other pages (more than the store holds), the popular one read after each hundred of them.
    for (let hundred = 0; hundred < 6; hundred++) {
      for (let i = 0; i < 100; i++) await read(`/page-${hundred * 100 + i}`);
      await expect.poll(() => hit(`/page-${hundred * 100 + 99}`)).toBe(true);
      expect(await hit("/popular")).toBe(true);
    }
    expect(await hit("/page-0")).toBe(false);
  });
});
