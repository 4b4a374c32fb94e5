import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { DbHandle } from "~/server/db/client.server";
import { freshTestDatabase, testPostgresUrl } from "../support/test-db";
import { post } from "../support/post-input";
import { blogPostTags, blogPosts, blogTags } from "~/server/db/schema.server";
import { listPublishedPosts, newestIds } from "~/server/posts/post-list-queries.server";
import { publicWhere } from "~/server/posts/post-search.server";

process.env.AUTH_SECRET ??= "integration-test-secret-0123456789abcdef";

/*
 * /blog pages by offset: a page's ids come from blog_posts_public_list_idx (or the category's)
 * alone, then its cards (post-list-queries.server.ts). At 100,000 posts page 5,000 otherwise
 * sorted every post. These tests hold the paging exact (ties, drafts, trash, scheduled) and the
 * query in the shape the index serves, so a change to one without the other fails here.
 */

let handle: DbHandle;
const HOUR = 3600_000;
const base = Date.now() - 1000 * HOUR;

beforeAll(async () => {
  handle = await freshTestDatabase();
  // 45 posts; every third pair shares its publication time (ties broken by creation, then id).
  const rows = Array.from({ length: 45 }, (_, i) => ({
    ...post({ title: `Post ${i}`, slug: `post-${i}`, category: i % 2 ? "Automation" : "Operations" }),
    publishedAt: new Date(base + Math.floor(i / 2) * HOUR),
    createdAt: new Date(base + i * 1000),
  }));
  rows.push(
    { ...post({ title: "Draft", slug: "draft", published: false }), publishedAt: new Date(base), createdAt: new Date(base) },
    { ...post({ title: "Scheduled", slug: "scheduled" }), publishedAt: new Date(Date.now() + 24 * HOUR), createdAt: new Date(base) },
  );
  await handle.db.insert(blogPosts).values(rows);
  await handle.db.insert(blogPosts).values({ ...post({ title: "Trashed", slug: "trashed" }), publishedAt: new Date(base), deletedAt: new Date() });
});

afterAll(async () => {
  await handle?.close();
});

describe(`/blog pages from the list index (${testPostgresUrl() ? "PostgreSQL" : "PGlite"})`, () => {
  it("pages through every public post once, newest first, ties by creation then id, with or without a category", async () => {
    const all = await handle.db
      .select({ title: blogPosts.title, publishedAt: blogPosts.publishedAt, createdAt: blogPosts.createdAt, category: blogPosts.category })
      .from(blogPosts);
    const expected = (category?: string) =>
      all
        .filter((p) => /^Post /.test(p.title) && (!category || p.category === category))
        .sort((a, b) => b.publishedAt!.getTime() - a.publishedAt!.getTime() || b.createdAt.getTime() - a.createdAt.getTime())
        .map((p) => p.title);
    for (const category of [undefined, "Automation"]) {
      const seen: string[] = [];
      for (let offset = 0; ; offset += 7) {
        const page = await listPublishedPosts(handle.db, { limit: 7, offset, category });
        seen.push(...page.posts.map((p) => p.title));
        if (!page.hasMore) break;
      }
      expect(seen).toEqual(expected(category));
    }
  });

  it("answers each shape of filter (category, tag, a post left out) with the values of each call, whatever was asked before", async () => {
    // The pages are read by statements prepared once per shape (post-list-queries.server.ts): a value
    // kept from an earlier call, or a shape answered by another's statement, would show here.
    const posts = await handle.db.select({ id: blogPosts.id, title: blogPosts.title, category: blogPosts.category }).from(blogPosts);
    const byTitle = new Map(posts.map((p) => [p.title, p]));
    const [tag] = await handle.db.insert(blogTags).values({ name: "Shapes", slug: "shapes" }).returning({ id: blogTags.id });
    await handle.db.insert(blogPostTags).values(["Post 3", "Post 4", "Post 9"].map((title) => ({ postId: byTitle.get(title)!.id, tagId: tag!.id })));
    const titles = async (filter: Parameters<typeof listPublishedPosts>[1]) =>
      (await listPublishedPosts(handle.db, { limit: 3, ...filter })).posts.map((p) => p.title);
    for (let round = 0; round < 2; round++) {
      expect(await titles({})).toEqual(["Post 44", "Post 43", "Post 42"]);
      expect(await titles({ category: "Operations" })).toEqual(["Post 44", "Post 42", "Post 40"]);
      expect(await titles({ category: "Automation", offset: 1 })).toEqual(["Post 41", "Post 39", "Post 37"]);
      expect(await titles({ excludeId: byTitle.get("Post 44")!.id })).toEqual(["Post 43", "Post 42", "Post 41"]);
      expect(await titles({ tagId: tag!.id })).toEqual(["Post 9", "Post 4", "Post 3"]);
      expect(await titles({ tagId: tag!.id, category: "Automation" })).toEqual(["Post 9", "Post 3"]);
      expect(await titles({ tagId: tag!.id, excludeId: byTitle.get("Post 9")!.id, offset: 1 })).toEqual(["Post 3"]);
    }
  });

  it.each([
    ["the whole list", {}, "blog_posts_public_list_idx"],
    ["a category", { category: "Automation" }, "blog_posts_public_category_idx"],
  ])("reads a page of %s in the index's order, with no sort", async (_, filter, index) => {
    const plan = await handle.db.transaction(async (tx) => {
      // Few rows here, so the planner is told what a large table would make it choose.
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_sort = off`);
      const result: unknown = await tx.execute(sql`explain ${newestIds(tx, publicWhere(filter, null), 12, 600)}`);
      return (result as { rows: { "QUERY PLAN": string }[] }).rows.map((r) => r["QUERY PLAN"]).join("\n");
    });
    expect(plan).toContain(`using ${index}`);
    expect(plan).not.toMatch(/\bSort\b/);
  });
});
