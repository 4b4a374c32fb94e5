import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { blogReadsDatabase } from "../support/blog-reads";
import { post } from "../support/post-input";
import { createPost, updatePost } from "~/server/posts/post-writes.server";
import {
  FEED_LEAD_CHARS,
  getFeaturedPost,
  getPublishedPostBySlug,
  getTagBySlug,
  listPublishedForFeed,
  listRelatedPosts,
  sharingTags,
} from "~/server/posts/post-queries.server";
import { listPublishedTags } from "~/server/posts/sitemap-queries.server";
import { listPublishedPosts } from "~/server/posts/post-list-queries.server";
import { createTag } from "~/server/posts/tag-queries.server";
import { cached, invalidatePublicCache } from "~/server/cache/data-cache.server";
import { PUBLIC_CACHE_CONTROL, publicPageHeaders } from "~/server/cache/public-headers.server";
import { postSummary, renderMarkdown } from "~/server/posts/markdown.server";

const reads = blogReadsDatabase();
const { titles } = reads;

describe(`blog public reads (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  it("leaves the featured post out of the grid when asked, keeping the rest in order", async () => {
    const featured = await createPost(reads.handle().db, post({ title: "Star", featured: true }), []);
    await createPost(reads.handle().db, post({ title: "Other" }), []);
    expect((await getFeaturedPost(reads.handle().db))?.id).toBe(featured.id);
    expect(await titles({ excludeId: featured.id })).toEqual(["Other"]);
    expect(await titles({})).toEqual(["Other", "Star"]);
  });

  it("filters by tag, alone or with a category and a search, and counts the matches", async () => {
    const llm = (await createTag(reads.handle().db, "LLMs"))!;
    const crm = (await createTag(reads.handle().db, "CRM"))!;
    await createPost(reads.handle().db, post({ title: "Agent memo", category: "AI Agents" }), [llm.id]);
    await createPost(reads.handle().db, post({ title: "Agent CRM sync", category: "Automation" }), [llm.id, crm.id]);
    await createPost(reads.handle().db, post({ title: "Draft agent", category: "AI Agents", published: false }), [llm.id]);
    await createPost(reads.handle().db, post({ title: "Untagged agent", category: "AI Agents" }), []);

    expect(await getTagBySlug(reads.handle().db, "llms")).toMatchObject({ id: llm.id, name: "LLMs" });
    expect(await getTagBySlug(reads.handle().db, "nope")).toBeNull();
    const tagged = await listPublishedPosts(reads.handle().db, { tagId: llm.id });
    expect(tagged.posts.map((p) => p.title).sort()).toEqual(["Agent CRM sync", "Agent memo"]);
    expect(tagged.total).toEqual({ count: 2, atLeast: false });
    expect(await titles({ tagId: llm.id, category: "AI Agents" })).toEqual(["Agent memo"]);
    expect(await titles({ tagId: crm.id, q: "agents" })).toEqual(["Agent CRM sync"]);
    expect(await titles({ tagId: crm.id, q: "memo" })).toEqual([]);
    // The plain list is not counted.
    expect((await listPublishedPosts(reads.handle().db, {})).total).toBeNull();
    expect((await listPublishedPosts(reads.handle().db, { q: "agent" })).total).toEqual({ count: 3, atLeast: false });
  });

  it("lists the tags of published posts for the sitemap, with their newest change", async () => {
    const live = (await createTag(reads.handle().db, "Live tag"))!;
    const hidden = (await createTag(reads.handle().db, "Draft only"))!;
    await createTag(reads.handle().db, "Unused");
    await createPost(reads.handle().db, post({}), [live.id]);
    await createPost(reads.handle().db, post({ published: false }), [hidden.id, live.id]);
    const tags = await listPublishedTags(reads.handle().db);
    expect(tags.map((t) => t.slug)).toEqual(["live-tag"]);
    expect(tags[0]!.updatedAt).toBeInstanceOf(Date);
  });

  it("related posts: most shared tags first, then the same category, then the newest; never itself, never a draft", async () => {
    const [a, b, c] = await Promise.all(["A", "B", "C"].map(async (n) => (await createTag(reads.handle().db, `Tag ${n}`))!.id));
    const make = async (title: string, category: string, tags: string[], daysAgo: number, published = true) => {
      const { id } = await createPost(reads.handle().db, post({ title, category, published }), tags);
      await reads.handle().db.execute(sql`update blog_posts set published_at = now() - make_interval(days => ${daysAgo}) where id = ${id}`);
      return { id, category };
    };
    const self = await make("Self", "Automation", [a!, b!, c!], 10);
    await make("Two tags, old", "Sales", [a!, b!], 300);
    await make("One tag, other category, new", "Sales", [c!], 1);
    await make("One tag, same category, old", "Automation", [a!], 200);
    await make("Draft with every tag", "Automation", [a!, b!, c!], 0, false);
    await make("Same category, no tags", "Automation", [], 2);
    await make("Newest, unrelated", "Venture", [], 0);

    const related = async (limit?: number) => (await listRelatedPosts(reads.handle().db, self, limit)).map((p) => p.title);
    expect(await related()).toEqual(["Two tags, old", "One tag, same category, old", "One tag, other category, new"]);
    expect(await related(5)).toEqual([
      "Two tags, old",
      "One tag, same category, old",
      "One tag, other category, new",
      "Same category, no tags",
      "Newest, unrelated",
    ]);
    expect(await related(10)).not.toContain("Self");
    expect(await related(10)).not.toContain("Draft with every tag");
    // A post without tags: its category first, then the newest.
    const lone = await make("Lone", "Venture", [], 5);
    expect((await listRelatedPosts(reads.handle().db, lone)).map((p) => p.title)).toEqual([
      "Newest, unrelated",
      "One tag, other category, new",
      "Same category, no tags",
    ]);
  });

  it("a post is read with its tags in the same query, by name; a post without tags has none", async () => {
    const [zeta, alpha] = await Promise.all(["Zeta", "Alpha"].map(async (n) => (await createTag(reads.handle().db, n))!.id));
    await createPost(reads.handle().db, post({ slug: "tagged" }), [zeta!, alpha!]);
    await createPost(reads.handle().db, post({ slug: "untagged" }), []);
    expect((await getPublishedPostBySlug(reads.handle().db, "tagged"))?.tags).toEqual([
      { name: "Alpha", slug: "alpha" },
      { name: "Zeta", slug: "zeta" },
    ]);
    expect((await getPublishedPostBySlug(reads.handle().db, "untagged"))?.tags).toEqual([]);
  });

  it("related posts count the shared tags from the (tag_id, post_id) index alone, and rank those posts from an index before reading any", async () => {
    const tag = (await createTag(reads.handle().db, "Shared"))!.id;
    const self = await createPost(reads.handle().db, post({ slug: "self" }), [tag]);
    await createPost(reads.handle().db, post({ slug: "other" }), [tag]);
    // As on a site whose rows have settled (autovacuum; the seed's VACUUM on PGlite): an index alone may answer.
    await reads.handle().db.execute(sql`vacuum analyze blog_posts`);
    const plan = await reads.handle().db.transaction(async (tx) => {
      // Few rows here, so the planner is told what a large table would make it choose.
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      const result: unknown = await tx.execute(sql`explain ${sharingTags(tx, { id: self.id, category: "Automation" }, 3)}`);
      return (result as { rows: { "QUERY PLAN": string }[] }).rows.map((r) => r["QUERY PLAN"]).join("\n");
    });
    expect(plan).toMatch(/Index Only Scan using blog_post_tags_tag_post_idx on blog_post_tags/);
    // The posts sharing a tag are ranked from blog_posts_public_card_idx; only the few kept are read from the table.
    expect(plan).toMatch(/Index Only Scan (Backward )?using blog_posts_public_card_idx on blog_posts candidate/);
    expect(plan).toMatch(/Limit[\s\S]*Index Only Scan (Backward )?using blog_posts_public_card_idx/);
  });

  it("the feed and sitemap source lists published posts only, with change dates", async () => {
    await createPost(reads.handle().db, post({ slug: "live-one" }), []);
    await createPost(reads.handle().db, post({ slug: "hidden-draft", published: false }), []);
    const rows = await listPublishedForFeed(reads.handle().db);
    expect(rows.map((r) => r.slug)).toEqual(["live-one"]);
    expect(rows[0]!.updatedAt).toBeInstanceOf(Date);
    expect(rows[0]!.date).toBeInstanceOf(Date);
  });

  it("the feed source carries the start of each post's content, for items without an excerpt", async () => {
    const content = `Opening <b>line</b> of the post. ${"More words follow here. ".repeat(200)}`;
    await createPost(reads.handle().db, post({ slug: "no-excerpt", excerpt: "", content }), []);
    const [row] = await listPublishedForFeed(reads.handle().db);
    expect(row!.lead).toBe(content.slice(0, FEED_LEAD_CHARS));
    const summary = postSummary(row!.excerpt, row!.lead, 200);
    expect(summary).toMatch(/^Opening line of the post\. More words follow here\./);
    expect(summary.length).toBeLessThanOrEqual(200);
    expect(summary).toMatch(/ (More|words|follow|here)…$/);
  });

  it("a changed post shows at once: admin writes invalidate the public cache", async () => {
    const { id, slug } = await createPost(reads.handle().db, post({ title: "Before" }), []);
    const read = () => cached(`blog:post:${slug}`, async () => (await getPublishedPostBySlug(reads.handle().db, slug))?.title);
    expect(await read()).toBe("Before");
    await updatePost(reads.handle().db, id, post({ title: "After", slug }), []);
    // Still the cached copy until the write invalidates it…
    expect(await read()).toBe("Before");
    invalidatePublicCache();
    expect(await read()).toBe("After");
    // …and unpublishing removes it from public reads.
    await updatePost(reads.handle().db, id, post({ title: "After", slug, published: false }), []);
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
