import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { fileDatabase } from "../support/file-database";
import { post } from "../support/post-input";
import { adminGetPost, adminListPosts, isSlugTaken } from "~/server/posts/admin-post-queries.server";
import { createPost, updatePost } from "~/server/posts/post-writes.server";
import { getFeaturedPost, getPublishedPostBySlug, listCategories, listPublishedForFeed } from "~/server/posts/post-queries.server";
import { listPublishedPosts } from "~/server/posts/post-list-queries.server";
import { createTag, listTags } from "~/server/posts/tag-queries.server";
import { adminListTeam, createTeamMember, getTeamMember, listActiveTeam, updateTeamMember } from "~/server/site/team-queries.server";
import { adminListTestimonials, createTestimonial, getTestimonial, listActiveTestimonials, updateTestimonial } from "~/server/site/testimonial-queries.server";
import { createLead, listLeads, setLeadHandled } from "~/server/leads/lead-queries.server";
import { deleteFromTrash, moveToTrash } from "~/server/trash/trash-queries.server";

const handle = fileDatabase({ emptied: ["blog_post_tags", "blog_posts", "blog_tags", "team_members", "testimonials", "leads"] });

describe(`posts (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  it("lists only published posts, newest publication first, with display dates", async () => {
    const older = await createPost(handle.db, post({ title: "Older" }), []);
    await handle.db.execute(sql`update blog_posts set published_at = now() - interval '2 days' where id = ${older.id}`);
    await createPost(handle.db, post({ title: "Newer" }), []);
    await createPost(handle.db, post({ title: "Draft", published: false }), []);

    const { posts, hasMore } = await listPublishedPosts(handle.db);
    expect(posts.map((p) => p.title)).toEqual(["Newer", "Older"]);
    expect(hasMore).toBe(false);
    expect(posts[0]!.date).toBeInstanceOf(Date);
    expect(Object.keys(posts[0]!)).not.toContain("content");
  });

  it("filters by category unless it is All, and pages with hasMore", async () => {
    await createPost(handle.db, post({ category: "Automation" }), []);
    await createPost(handle.db, post({ category: "Automation" }), []);
    await createPost(handle.db, post({ category: "AI Agents" }), []);

    expect((await listPublishedPosts(handle.db, { category: "Automation" })).posts).toHaveLength(2);
    expect((await listPublishedPosts(handle.db, { category: "All" })).posts).toHaveLength(3);
    const page = await listPublishedPosts(handle.db, { limit: 2 });
    expect(page.posts).toHaveLength(2);
    expect(page.hasMore).toBe(true);
    const next = await listPublishedPosts(handle.db, { limit: 2, offset: 2 });
    expect(next.posts).toHaveLength(1);
    expect(next.hasMore).toBe(false);
  });

  it("searches title and excerpt case-insensitively, including a word still being typed", async () => {
    await createPost(handle.db, post({ title: "Building a Sales Pipeline", excerpt: "CRM hygiene" }), []);
    await createPost(handle.db, post({ title: "Hiring faster", excerpt: "Onboarding that runs itself" }), []);
    await createPost(handle.db, post({ title: "Draft pipeline", published: false }), []);

    const titles = async (q: string) => (await listPublishedPosts(handle.db, { q })).posts.map((p) => p.title);
    expect(await titles("PIPELINE")).toEqual(["Building a Sales Pipeline"]);
    expect(await titles("pipel")).toEqual(["Building a Sales Pipeline"]);
    expect(await titles("onboard")).toEqual(["Hiring faster"]);
    expect(await titles("zzzz-nothing")).toEqual([]);
    expect(await titles("!!!")).toEqual([]);
    expect(await titles("'; drop table blog_posts; --")).toEqual([]);
  });

  it("lists distinct categories of published posts only", async () => {
    await createPost(handle.db, post({ category: "B" }), []);
    await createPost(handle.db, post({ category: "A" }), []);
    await createPost(handle.db, post({ category: "A" }), []);
    await createPost(handle.db, post({ category: "Hidden", published: false }), []);
    expect(await listCategories(handle.db)).toEqual(["A", "B"]);
  });

  it("features the newest featured post, else the newest post", async () => {
    expect(await getFeaturedPost(handle.db)).toBeNull();
    const plain = await createPost(handle.db, post({ title: "Plain" }), []);
    expect((await getFeaturedPost(handle.db))?.id).toBe(plain.id);
    const featured = await createPost(handle.db, post({ title: "Star", featured: true }), []);
    await handle.db.execute(sql`update blog_posts set published_at = now() - interval '9 days' where id = ${featured.id}`);
    await createPost(handle.db, post({ title: "Newest" }), []);
    expect((await getFeaturedPost(handle.db))?.title).toBe("Star");
  });

  it("never features a draft marked featured, even one dated newest (a withdrawn post keeps its date)", async () => {
    await createPost(handle.db, post({ title: "Published star", featured: true, publishedAt: new Date(Date.now() - 9 * 86_400_000) }), []);
    await createPost(handle.db, post({ title: "Plain", publishedAt: new Date(Date.now() - 86_400_000) }), []);
    // Published and featured, then taken back to draft: it keeps its publication date, the newest of all.
    const withdrawn = await createPost(handle.db, post({ title: "Withdrawn star", featured: true }), []);
    await updatePost(handle.db, withdrawn.id, post({ title: "Withdrawn star", slug: withdrawn.slug, featured: true, published: false }), []);
    expect((await adminGetPost(handle.db, withdrawn.id))?.publishedAt?.getTime()).toBeGreaterThan(Date.now() - 60_000);

    expect((await getFeaturedPost(handle.db))?.title).toBe("Published star");
    // No published post is featured any more: the card is the newest published post, not the featured draft.
    await handle.db.execute(sql`update blog_posts set featured = false where title = 'Published star'`);
    expect((await getFeaturedPost(handle.db))?.title).toBe("Plain");
  });

  it("reads one published post by slug with its tags, never a draft", async () => {
    const llm = await createTag(handle.db, "LLMs");
    const crm = await createTag(handle.db, "CRM");
    await createPost(handle.db, post({ slug: "live-post" }), [llm!.id, crm!.id]);
    await createPost(handle.db, post({ slug: "draft-post", published: false }), []);

    const found = await getPublishedPostBySlug(handle.db, "live-post");
    expect(found?.tags.map((t) => t.name)).toEqual(["CRM", "LLMs"]);
    expect(found?.content).toContain("## Why");
    expect(await getPublishedPostBySlug(handle.db, "draft-post")).toBeNull();
    expect(await getPublishedPostBySlug(handle.db, "missing")).toBeNull();
  });

  it("dates a post when it is first published and keeps the date on later saves, unpublishing included", async () => {
    const { id } = await createPost(handle.db, post({ published: false }), []);
    expect((await adminGetPost(handle.db, id))?.publishedAt).toBeNull();
    await updatePost(handle.db, id, post({ slug: "x-1", published: true }), []);
    const first = (await adminGetPost(handle.db, id))!.publishedAt!;
    expect(first).toBeInstanceOf(Date);
    await new Promise((r) => setTimeout(r, 15));
    await updatePost(handle.db, id, post({ slug: "x-1", published: true, title: "Typo fixed" }), []);
    expect((await adminGetPost(handle.db, id))!.publishedAt).toEqual(first);
    await updatePost(handle.db, id, post({ slug: "x-1", published: false, featured: true }), []);
    const after = (await adminGetPost(handle.db, id))!;
    expect(after.publishedAt).toEqual(first);
    expect(after.featured).toBe(true);
    // A chosen date is stored as is; none chosen on a published post dates it now.
    const chosen = new Date("2024-05-06T07:08:09.000Z");
    await updatePost(handle.db, id, post({ slug: "x-1", published: true, publishedAt: chosen }), []);
    expect((await adminGetPost(handle.db, id))!.publishedAt).toEqual(chosen);
    await updatePost(handle.db, id, post({ slug: "x-1", published: true, publishedAt: null }), []);
    expect((await adminGetPost(handle.db, id))!.publishedAt!.getTime()).toBeGreaterThan(first.getTime());
  });

  it("saves tags with the post, replaces them on edit and can clear them", async () => {
    const a = (await createTag(handle.db, "No-Code"))!;
    const b = (await createTag(handle.db, "ROI"))!;
    const { id } = await createPost(handle.db, post({ slug: "tagged" }), [a.id]);
    expect((await adminGetPost(handle.db, id))?.tagIds).toEqual([a.id]);
    await updatePost(handle.db, id, post({ slug: "tagged" }), [b.id]);
    expect((await adminGetPost(handle.db, id))?.tagIds).toEqual([b.id]);
    await updatePost(handle.db, id, post({ slug: "tagged" }), []);
    expect((await adminGetPost(handle.db, id))?.tagIds).toEqual([]);
  });

  it("rolls back the post when a tag link fails (one transaction)", async () => {
    await expect(createPost(handle.db, post({ slug: "rollback" }), ["00000000-0000-4000-8000-000000000000"])).rejects.toThrow();
    expect(await isSlugTaken(handle.db, "rollback")).toBe(false);
  });

  it("keeps slugs unique and reports taken ones", async () => {
    const { id } = await createPost(handle.db, post({ slug: "same" }), []);
    expect(await isSlugTaken(handle.db, "same")).toBe(true);
    expect(await isSlugTaken(handle.db, "same", id)).toBe(false);
    await expect(createPost(handle.db, post({ slug: "same" }), [])).rejects.toThrow();
  });

  it("lists every post for admins newest created first and deletes from the trash with tag links", async () => {
    const tag = (await createTag(handle.db, "Deal Flow"))!;
    const first = await createPost(handle.db, post({ title: "First" }), [tag.id]);
    await createPost(handle.db, post({ title: "Second", published: false }), []);
    expect((await adminListPosts(handle.db)).map((p) => p.title)).toEqual(["Second", "First"]);
    expect(await moveToTrash(handle.db, "post", [first.id])).toEqual(["First"]);
    expect(await moveToTrash(handle.db, "post", [first.id])).toEqual([]);
    expect((await adminListPosts(handle.db)).map((p) => p.title)).toEqual(["Second"]);
    expect(await deleteFromTrash(handle.db, "post", first.id)).toEqual({ name: "First", image: null });
    expect(await deleteFromTrash(handle.db, "post", first.id)).toBeNull();
    const links = await handle.db.execute(sql`select count(*)::int as n from blog_post_tags`);
    expect(Number((links as { rows: { n: number }[] }).rows[0]!.n)).toBe(0);
  });

  it("feeds the sitemap and RSS with published posts only", async () => {
    await createPost(handle.db, post({ slug: "in-feed" }), []);
    await createPost(handle.db, post({ slug: "not-in-feed", published: false }), []);
    expect((await listPublishedForFeed(handle.db)).map((p) => p.slug)).toEqual(["in-feed"]);
  });
});

describe("tags", () => {
  it("creates tags with the slug rule, ignores blank names and reuses existing slugs", async () => {
    const tag = await createTag(handle.db, "  Workflow   Design ");
    expect(tag).toMatchObject({ name: "Workflow   Design", slug: "workflow-design" });
    expect(await createTag(handle.db, "   ")).toBeNull();
    const again = await createTag(handle.db, "workflow design");
    expect(again?.id).toBe(tag!.id);
    expect((await listTags(handle.db)).map((t) => t.slug)).toEqual(["workflow-design"]);
  });
});

describe("team members", () => {
  it("lists active members by display order publicly and all of them for admins", async () => {
    const base = { photoUrl: null, linkedinUrl: null };
    await createTeamMember(handle.db, { ...base, name: "Second", position: "Engineer", displayOrder: 2, active: true });
    const hidden = await createTeamMember(handle.db, { ...base, name: "Hidden", position: "Advisor", displayOrder: 0, active: false });
    await createTeamMember(handle.db, { ...base, name: "First", position: "CEO", displayOrder: 1, active: true });

    expect((await listActiveTeam(handle.db)).map((m) => m.name)).toEqual(["First", "Second"]);
    expect((await adminListTeam(handle.db)).map((m) => m.name)).toEqual(["Hidden", "First", "Second"]);

    await updateTeamMember(handle.db, hidden.id, { ...base, name: "Shown", position: "Advisor", displayOrder: 3, active: true });
    expect((await getTeamMember(handle.db, hidden.id))?.name).toBe("Shown");
    expect((await listActiveTeam(handle.db)).map((m) => m.name)).toEqual(["First", "Second", "Shown"]);
    expect(await moveToTrash(handle.db, "team-member", [hidden.id])).toEqual(["Shown"]);
    expect(await getTeamMember(handle.db, hidden.id)).toBeNull();
  });
});

describe("testimonials", () => {
  it("lists active testimonials by display order publicly and all for admins", async () => {
    const base = { avatarUrl: null, company: "Acme", quote: "Great." };
    const b = await createTestimonial(handle.db, { ...base, name: "B", displayOrder: 2, active: true });
    await createTestimonial(handle.db, { ...base, name: "A", displayOrder: 1, active: true });
    await createTestimonial(handle.db, { ...base, name: "Off", displayOrder: 0, active: false });

    expect((await listActiveTestimonials(handle.db)).map((t) => t.name)).toEqual(["A", "B"]);
    expect((await adminListTestimonials(handle.db)).map((t) => t.name)).toEqual(["Off", "A", "B"]);
    await updateTestimonial(handle.db, b.id, { ...base, name: "B2", displayOrder: 0, active: true });
    expect((await listActiveTestimonials(handle.db)).map((t) => t.name)).toEqual(["B2", "A"]);
    expect((await getTestimonial(handle.db, b.id))?.name).toBe("B2");
    expect(await moveToTrash(handle.db, "testimonial", [b.id])).toEqual(["B2"]);
    expect(await getTestimonial(handle.db, b.id)).toBeNull();
  });
});

describe("leads", () => {
  it("stores audit requests and lists them newest first with a handled state", async () => {
    const first = await createLead(handle.db, {
      name: "Ada",
      email: "ada@example.com",
      company: "Analytical",
      message: "Invoices",
      beforeFigures: { time: "17", errorRate: "8", cost: "1200" },
      afterFigures: { time: "2", errorRate: "0.8", cost: "480" },
      source: "hero",
    });
    await createLead(handle.db, { name: "Bob", email: "bob@example.com", company: "B", message: "CRM", beforeFigures: null, afterFigures: null, source: null });
    const list = await listLeads(handle.db);
    expect(list.map((l) => l.name)).toEqual(["Bob", "Ada"]);
    expect(list[1]!.beforeFigures).toEqual({ time: "17", errorRate: "8", cost: "1200" });
    expect(await setLeadHandled(handle.db, first.id, true)).toBe(true);
    expect((await listLeads(handle.db)).find((l) => l.id === first.id)?.handled).toBe(true);
  });
});
