import zlib from "node:zlib";
import { describe, expect, it, vi } from "vitest";
import { fastPath, middleware } from "../../../tests/support/page-cache-reads";
import { invalidateLocalCache } from "./data-cache.server";
import { PAGE_CACHE_HIT_TIMING, freshPage, longerThan } from "./page-cache.server";
import { pageCacheKey } from "./page-cache-rule.server";
import { BEST_BROTLI, FIRST_BROTLI, QUICK_BROTLI } from "./page-pinning.server";

/* A kept page's encodings: the one its first reader takes, the others once it is read again, and the sitemaps' and feeds' (kept up to their size, never refined). */

describe("the first reader of a page", () => {
  it("gets the kept bytes (pinned, as later readers get them) in the encoding it takes, made once and kept", async () => {
    invalidateLocalCache();
    const html = `<html><head><script nonce="n0nce">window.first = 1</script></head><body><p>${"First reader. ".repeat(100)}</p></body></html>`;
    const headers = { "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": "script-src 'self' 'nonce-n0nce'", "Server-Timing": "db;dur=1.0" };
    const url = "http://localhost/first-reader";
    const response = await middleware({ request: new Request(url, { headers: { "accept-encoding": "gzip, deflate, br" } }) }, () =>
      Promise.resolve(new Response(html, { headers })),
    );
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(response.headers.get("vary")).toBe("Accept-Encoding");
    expect(response.headers.get("server-timing")).toBe("db;dur=1.0");
    const body = Buffer.from(await response.arrayBuffer());
    expect(response.headers.get("content-length")).toBe(String(body.byteLength));
    const kept = freshPage(pageCacheKey({ method: "GET", url })!)!;
    expect(zlib.brotliDecompressSync(body).equals(kept.variants.identity)).toBe(true);
    expect(kept.variants.identity.toString("utf8")).toBe(html.replace(' nonce="n0nce"', ""));
    expect(response.headers.get("content-security-policy")).toMatch(/^script-src 'self' 'sha256-[^']+'$/);
    // Its Brotli is kept: the next reader that takes it is answered from memory at once.
    expect(kept.variants.br?.equals(body)).toBe(true);
    expect(kept.variants.gzip).toBeUndefined();
    expect(fastPath("/first-reader", "br")?.body.equals(body)).toBe(true);
    // gzip is made once the page is read again (that read started it).
    expect(fastPath("/first-reader", "gzip")).toBeNull();
    await expect.poll(() => fastPath("/first-reader", "gzip") !== null).toBe(true);
    expect(zlib.gunzipSync(fastPath("/first-reader", "gzip")!.body).equals(kept.variants.identity)).toBe(true);
  });

  it("gets its encoding made on the main thread when no other page renders, and in the pool while one does", async () => {
    invalidateLocalCache();
    const made = vi.spyOn(zlib, "brotliCompressSync");
    const page = (name: string) => `<html><body><p>${`${name}. `.repeat(200)}</p></body></html>`;
    const read = (name: string, render: () => Promise<Response>) =>
      middleware({ request: new Request(`http://localhost/${name}`, { headers: { "accept-encoding": "br" } }) }, render);
    const html = (name: string) => () => Promise.resolve(new Response(page(name), { headers: { "Content-Type": "text/html; charset=utf-8" } }));
    try {
      // Alone: made here, at once.
      const alone = Buffer.from(await (await read("alone", html("alone"))).arrayBuffer());
      expect(made).toHaveBeenCalledTimes(1);
      expect(zlib.brotliDecompressSync(alone).toString("utf8")).toBe(page("alone"));

      // Another page still rendering: this one's Brotli goes to the pool.
      let finish = () => {};
      const slow = read("still-rendering", () => new Promise<void>((resolve) => (finish = resolve)).then(html("still-rendering")));
      const beside = Buffer.from(await (await read("beside", html("beside"))).arrayBuffer());
      expect(made).toHaveBeenCalledTimes(1);
      expect(zlib.brotliDecompressSync(beside).toString("utf8")).toBe(page("beside"));
      // The same bytes either way, kept for the next reader.
      expect(freshPage("/beside")!.variants.br!.equals(beside)).toBe(true);
      finish();
      expect(zlib.brotliDecompressSync(Buffer.from(await (await slow).arrayBuffer())).toString("utf8")).toBe(page("still-rendering"));
      expect(made).toHaveBeenCalledTimes(2);

      // A document larger than a page (a sitemap file of megabytes), even alone: the pool.
      const xml = `<?xml version="1.0"?>\n<urlset>${"<url><loc>https://example.com/blog/a-long-address</loc></url>\n".repeat(20_000)}</urlset>\n`;
      expect(xml.length).toBeGreaterThan(1_000_000);
      const large = await middleware({ request: new Request("http://localhost/sitemaps/9.xml", { headers: { "accept-encoding": "br" } }) }, () =>
        Promise.resolve(new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8" } })),
      );
      expect(zlib.brotliDecompressSync(Buffer.from(await large.arrayBuffer())).toString("utf8")).toBe(xml);
      expect(made).toHaveBeenCalledTimes(2);
    } finally {
      made.mockRestore();
    }
  });

  it("that takes no encoding gets the kept bytes as they are, with their length", async () => {
    invalidateLocalCache();
    const html = `<html><body><p>${"Plain reader. ".repeat(100)}</p></body></html>`;
    const response = await middleware({ request: new Request("http://localhost/plain-reader") }, () =>
      Promise.resolve(new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } })),
    );
    expect(response.headers.get("content-encoding")).toBeNull();
    expect(response.headers.get("content-length")).toBe(String(Buffer.byteLength(html)));
    expect(await response.text()).toBe(html);
  });
});

describe("the first reader of a page with a query", () => {
  it("gets Brotli at FIRST_BROTLI (most such pages are asked for once), made again at QUICK_BROTLI once the page is read again", async () => {
    invalidateLocalCache();
    const html = `<html><body>${Array.from({ length: 300 }, (_, i) => `<p class="card-${i % 7}">Result ${i * 7919} of a search</p>`).join("")}</body></html>`;
    const brotli = (quality: number) =>
      zlib.brotliCompressSync(Buffer.from(html), {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html) },
      });
    const url = "http://localhost/blog?q=first-quality";
    const read = () =>
      middleware({ request: new Request(url, { headers: { "accept-encoding": "br" } }) }, () =>
        Promise.resolve(new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } })),
      );
    const first = Buffer.from(await (await read()).arrayBuffer());
    expect(first.equals(brotli(FIRST_BROTLI))).toBe(true);
    const kept = () => freshPage(pageCacheKey({ method: "GET", url })!)!;
    expect(kept().variants.br!.equals(first)).toBe(true);
    // Read again: made again at the quality every later reader gets (or refined, at the best).
    await read();
    await expect.poll(() => [brotli(QUICK_BROTLI), brotli(BEST_BROTLI)].some((made) => kept().variants.br!.equals(made))).toBe(true);
    expect(zlib.brotliDecompressSync(kept().variants.br!).toString("utf8")).toBe(html);
    // A page without a query is sent at QUICK_BROTLI from its first reader.
    const own = Buffer.from(
      await (
        await middleware({ request: new Request("http://localhost/own-page-quality", { headers: { "accept-encoding": "br" } }) }, () =>
          Promise.resolve(new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } })),
        )
      ).arrayBuffer(),
    );
    expect(own.equals(brotli(QUICK_BROTLI))).toBe(true);
  });
});

describe("compressing a kept page", () => {
  it("waits for its first read again: a page asked for once is kept as rendered, its encodings made once read", async () => {
    invalidateLocalCache();
    const html = `<html><body><p>${"Asked for once. ".repeat(100)}</p></body></html>`;
    const url = "http://localhost/compressed-when-read";
    const response = await middleware({ request: new Request(url) }, () =>
      Promise.resolve(new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } })),
    );
    expect(await response.text()).toBe(html);
    const kept = freshPage(pageCacheKey({ method: "GET", url })!)!;
    expect(kept.variants.identity.toString("utf8")).toBe(html);
    expect(kept.variants.br).toBeUndefined();
    expect(kept.variants.gzip).toBeUndefined();

    // A client that takes the bytes as they are is answered from memory at once.
    expect(fastPath("/compressed-when-read")?.body.toString("utf8")).toBe(html);
    // Brotli and gzip are made once the page is read again; till then the fast path leaves the request to Express.
    expect(fastPath("/compressed-when-read", "gzip, deflate, br")).toBeNull();
    await expect.poll(() => fastPath("/compressed-when-read", "gzip, deflate, br") !== null).toBe(true);
    const br = fastPath("/compressed-when-read", "br")!;
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("server-timing")).toBe(PAGE_CACHE_HIT_TIMING);
    expect(zlib.brotliDecompressSync(br.body).toString("utf8")).toBe(html);
    const gzip = fastPath("/compressed-when-read", "gzip")!;
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(zlib.gunzipSync(gzip.body).toString("utf8")).toBe(html);
  });
});

describe("sitemaps and feeds", () => {
  it("are kept up to a sitemap file's size, and sent from memory compressed (their quick encodings: no Brotli 11 of megabytes)", async () => {
    invalidateLocalCache();
    const url = "<url><loc>https://example.com/blog/a-post-with-a-long-slug-0000</loc><lastmod>2026-11-30</lastmod></url>\n";
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset>\n${url.repeat(30_000)}</urlset>\n`;
    expect(xml.length).toBeGreaterThan(2_000_000);
    let renders = 0;
    const render = () => {
      renders += 1;
      return Promise.resolve(new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8" } }));
    };
    const read = () => middleware({ request: new Request("http://localhost/sitemaps/7.xml") }, render);
    expect(await (await read()).text()).toBe(xml);
    expect(freshPage("/sitemaps/7.xml")?.variants.identity.byteLength).toBe(Buffer.byteLength(xml));
    await read(); // read again: its encodings are made
    await expect.poll(() => fastPath("/sitemaps/7.xml", "gzip, br") !== null, { timeout: 10_000 }).toBe(true);
    const sent = fastPath("/sitemaps/7.xml", "gzip, br")!;
    expect(sent.headers.get("content-encoding")).toBe("br");
    expect(sent.headers.get("server-timing")).toBe(PAGE_CACHE_HIT_TIMING);
    expect(zlib.brotliDecompressSync(sent.body).toString("utf8")).toBe(xml);
    // Kept at the quick quality: the same bytes as Brotli at QUICK_BROTLI makes of it.
    const quick = zlib.brotliCompressSync(Buffer.from(xml), {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: QUICK_BROTLI, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(xml) },
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(freshPage("/sitemaps/7.xml")!.variants.br!.equals(quick)).toBe(true);
    expect(renders).toBe(1);
  });

  it("an HTML page past 1 MB is not kept", async () => {
    invalidateLocalCache();
    const html = `<html><body>${"<p>A long page.</p>".repeat(70_000)}</body></html>`;
    await middleware({ request: new Request("http://localhost/too-large-page") }, () =>
      Promise.resolve(new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } })),
    );
    expect(freshPage("/too-large-page")).toBeNull();
  });
});

describe("a rendered page's size against the store's limit", () => {
  it("is counted in UTF-8 bytes, and only when its length leaves it open", () => {
    expect(longerThan("a".repeat(11), 10)).toBe(true);
    expect(longerThan("a".repeat(10), 10)).toBe(false);
    expect(longerThan("€".repeat(3), 10)).toBe(false); // 9 bytes
    expect(longerThan("€".repeat(4), 10)).toBe(true); // 4 units, 12 bytes
    expect(longerThan("é".repeat(5), 10)).toBe(false); // 10 bytes
    expect(longerThan("é".repeat(6), 10)).toBe(true);
    expect(longerThan("😀".repeat(2) + "ab", 10)).toBe(false); // 10 bytes in 6 units
    expect(longerThan("😀".repeat(3), 10)).toBe(true); // 12 bytes in 6 units
  });
});
