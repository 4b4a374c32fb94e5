import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from "vitest";
import { sql } from "drizzle-orm";
import type { DbHandle } from "~/server/db/client.server";
import { freshTestDatabase } from "../support/test-db";
import { post } from "../support/post-input";
import { createPost, updatePost } from "~/server/queries/admin-posts.server";
import {
  FEED_LEAD_CHARS,
  getFeaturedPost,
  getPublishedPostBySlug,
  listPublishedForFeed,
  listPublishedPosts,
  SEARCH_TUNING,
} from "~/server/queries/posts.server";
import { cached, invalidatePublicCache } from "~/server/cache/data-cache.server";
import { PUBLIC_CACHE_CONTROL, publicPageHeaders } from "~/server/cache/public-headers.server";
import { postSummary, renderMarkdown } from "~/server/markdown.server";

let handle: DbHandle;
beforeAll(async () => {
  handle = await freshTestDatabase();
});
afterAll(async () => {
  await handle.close();
});
beforeEach(async () => {
  await handle.db.execute(sql`truncate blog_post_tags, blog_posts, blog_tags cascade`);
  invalidatePublicCache();
});

const titles = async (filter: Parameters<typeof listPublishedPosts>[1]) => (await listPublishedPosts(handle.db, filter)).posts.map((p) => p.title);

describe(`blog public reads (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  it("leaves the featured post out of the grid when asked, keeping the rest in order", async () => {
    const featured = await createPost(handle.db, post({ title: "Star", featured: true }), []);
    await createPost(handle.db, post({ title: "Other" }), []);
    expect((await getFeaturedPost(handle.db))?.id).toBe(featured.id);
    expect(await titles({ excludeId: featured.id })).toEqual(["Other"]);
    expect(await titles({})).toEqual(["Other", "Star"]);
  });

  it("finds words in the content too, combines with the category filter, and never returns drafts", async () => {
    await createPost(handle.db, post({ title: "Quiet title", excerpt: "Nothing here", content: "We reconciled invoices with an agent." }), []);
    await createPost(handle.db, post({ title: "Draft reconciliation", published: false }), []);
    expect(await titles({ q: "reconcil" })).toEqual(["Quiet title"]);
    expect(await titles({ q: "RECONCILED invoices" })).toEqual(["Quiet title"]);
    expect(await titles({ q: "reconciled", category: "Automation" })).toEqual([]);
  });

  it.each([
    ["the full-text index", { window: 1500, commonMatches: 1000 }],
    ["the walk through the newest posts", { window: 12, commonMatches: 1 }],
  ])("a search matching many posts pages through the newest matches exactly (%s)", async (_, tuning) => {
    const saved = { ...SEARCH_TUNING };
    Object.assign(SEARCH_TUNING, tuning);
    onTestFinished(() => void Object.assign(SEARCH_TUNING, saved));
    for (let i = 0; i < 20; i++) {
      const { id } = await createPost(handle.db, post({ title: `Pipeline ${i}`, category: i % 2 ? "Automation" : "Sales", published: i !== 7 }), []);
      await handle.db.execute(sql`update blog_posts set published_at = now() - make_interval(hours => ${i}) where id = ${id}`);
    }
    await createPost(handle.db, post({ title: "Unrelated", excerpt: "nothing", content: "nothing" }), []);
    const page = async (offset: number, category?: string) =>
      (await listPublishedPosts(handle.db, { q: "pipe", limit: 5, offset, category })).posts.map((p) => p.title);
    expect(await page(0)).toEqual(["Pipeline 0", "Pipeline 1", "Pipeline 2", "Pipeline 3", "Pipeline 4"]);
    expect(await page(5)).toEqual(["Pipeline 5", "Pipeline 6", "Pipeline 8", "Pipeline 9", "Pipeline 10"]);
    expect(await page(0, "Automation")).toEqual(["Pipeline 1", "Pipeline 3", "Pipeline 5", "Pipeline 9", "Pipeline 11"]);
    const last = await listPublishedPosts(handle.db, { q: "pipe", limit: 5, offset: 15 });
    expect(last.posts.map((p) => p.title)).toEqual(["Pipeline 16", "Pipeline 17", "Pipeline 18", "Pipeline 19"]);
    expect(last.hasMore).toBe(false);
    const first = (await listPublishedPosts(handle.db, { q: "pipe", limit: 5 })).posts[0]!;
    expect(first.date).toBeInstanceOf(Date);
    expect(first.readTime).toBe(3);
    expect(first.imageUrl).toBeNull();
  });

  it("the feed and sitemap source lists published posts only, with change dates", async () => {
    await createPost(handle.db, post({ slug: "live-one" }), []);
    await createPost(handle.db, post({ slug: "hidden-draft", published: false }), []);
    const rows = await listPublishedForFeed(handle.db);
    expect(rows.map((r) => r.slug)).toEqual(["live-one"]);
    expect(rows[0]!.updatedAt).toBeInstanceOf(Date);
    expect(rows[0]!.date).toBeInstanceOf(Date);
  });

  it("the feed source carries the start of each post's content, for items without an excerpt", async () => {
    const content = `Opening <b>line</b> of the post. ${"More words follow here. ".repeat(200)}`;
    await createPost(handle.db, post({ slug: "no-excerpt", excerpt: "", content }), []);
    const [row] = await listPublishedForFeed(handle.db);
    expect(row!.lead).toBe(content.slice(0, FEED_LEAD_CHARS));
    const summary = postSummary(row!.excerpt, row!.lead, 200);
    expect(summary).toMatch(/^Opening line of the post\. More words follow here\./);
    expect(summary.length).toBeLessThanOrEqual(200);
    expect(summary).toMatch(/ (More|words|follow|here)…$/);
  });

  it("a changed post shows at once: admin writes invalidate the public cache", async () => {
    const { id, slug } = await createPost(handle.db, post({ title: "Before" }), []);
    const read = () => cached(`blog:post:${slug}`, async () => (await getPublishedPostBySlug(handle.db, slug))?.title);
    expect(await read()).toBe("Before");
    await updatePost(handle.db, id, post({ title: "After", slug }), []);
    // Still the cached copy until the write invalidates it…
    expect(await read()).toBe("Before");
    invalidatePublicCache();
    expect(await read()).toBe("After");
    // …and unpublishing removes it from public reads.
    await updatePost(handle.db, id, post({ title: "After", slug, published: false }), []);
    invalidatePublicCache();
    expect(await read()).toBeUndefined();
  });

  it("a load running while a write invalidates the cache is not stored", async () => {
    let calls = 0;
    const slow = () =>
      cached("race", () => {
        calls += 1;
        const value = calls;
        if (calls === 1) invalidatePublicCache();
        return Promise.resolve(value);
      });
    expect(await slow()).toBe(1);
    expect(await slow()).toBe(2);
    expect(await slow()).toBe(2);
  });

  it("public pages get a CDN-shareable Cache-Control and pass Server-Timing through", () => {
    expect(PUBLIC_CACHE_CONTROL).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
    const headers = publicPageHeaders(new Headers({ "Server-Timing": "db;dur=1.2", "Set-Cookie": "x=1" }));
    expect(headers.get("Cache-Control")).toBe(PUBLIC_CACHE_CONTROL);
    expect(headers.get("Server-Timing")).toBe("db;dur=1.2");
    expect(headers.get("Set-Cookie")).toBeNull();
  });

  it("post content is rendered to sanitized HTML on the server", () => {
    const html = renderMarkdown("## Title\n\n[x](javascript:alert(1)) <script>alert(1)</script>");
    expect(html).toContain("<h2>Title</h2>");
    expect(html).toContain('<a href="">x</a>');
    expect(html).not.toContain("<script>");
  });
});
