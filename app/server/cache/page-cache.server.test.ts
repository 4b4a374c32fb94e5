import { describe, expect, it } from "vitest";
import { invalidateLocalCache } from "./data-cache.server";
import { PAGE_CACHE_HIT_TIMING, publicPageCache } from "./page-cache.server";

type Middleware = (args: { request: Request }, next: () => Promise<Response>) => Promise<Response>;
const middleware = publicPageCache as unknown as Middleware;

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
