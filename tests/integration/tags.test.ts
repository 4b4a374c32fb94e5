import { beforeEach, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { fileDatabase } from "../support/file-database";
import { answer, form } from "../support/action-answer";
import { post } from "../support/post-input";
import { auditLog, blogPostTags, blogPosts, blogTags } from "~/server/db/schema.server";
import { createPost } from "~/server/posts/post-writes.server";
import { createTag } from "~/server/posts/tag-queries.server";
import { listTagUsage } from "~/server/posts/tag-admin-queries.server";
import { tagsAction } from "~/server/posts/tag-admin.server";
import { cacheGeneration } from "~/server/cache/data-cache.server";

/* /admin/tags' operations (app/server/posts/tag-admin.server.ts): rename, merge and delete, their refusals, audit entries and cache invalidation. */

process.env.AUTH_SECRET ??= "integration-test-secret-0123456789abcdef";

const handle = fileDatabase();
beforeEach(async () => {
  await handle.db.delete(blogPosts);
  await handle.db.delete(blogTags);
});

async function tag(name: string) {
  return (await createTag(handle.db, name))!;
}

async function postWith(...tagIds: string[]) {
  return (await createPost(handle.db, post(), tagIds)).id;
}

async function tagsOf(postId: string) {
  const rows = await handle.db
    .select({ name: blogTags.name })
    .from(blogPostTags)
    .innerJoin(blogTags, eq(blogTags.id, blogPostTags.tagId))
    .where(eq(blogPostTags.postId, postId));
  return rows.map((r) => r.name).sort();
}

async function lastAudit(action: string) {
  const rows = await handle.db.select().from(auditLog).where(eq(auditLog.action, action));
  return rows.at(-1);
}

describe("the tags screen's operations", () => {
  it("lists every tag with the number of posts using it, A to Z whatever the case", async () => {
    const ai = await tag("AI");
    const ops = await tag("ops");
    await tag("Zero");
    await postWith(ai.id, ops.id);
    await postWith(ai.id);
    const usage = await listTagUsage(handle.db);
    expect(usage.map((t) => [t.name, t.posts])).toEqual([
      ["AI", 2],
      ["ops", 1],
      ["Zero", 0],
    ]);
  });

  it("renames a tag and its slug by the tag picker's rule; the posts keep it; audited; caches invalidated", async () => {
    const old = await tag("Machine learning");
    const p = await postWith(old.id);
    const generation = cacheGeneration();
    const result = answer(await tagsAction(handle.db, form({ intent: "rename", id: old.id, name: "  Deep   Learning " })));
    expect(result.body.toast.title).toBe("Tag renamed");
    expect(result.body.toast.description).toBe('"Machine learning" is now "Deep   Learning".');
    const [renamed] = await handle.db.select().from(blogTags).where(eq(blogTags.id, old.id));
    expect(renamed).toMatchObject({ name: "Deep   Learning", slug: "deep-learning" });
    expect(await tagsOf(p)).toEqual(["Deep   Learning"]);
    expect(cacheGeneration()).toBeGreaterThan(generation);
    const entry = await lastAudit("tag.rename");
    expect(entry).toMatchObject({ targetId: old.id, before: { name: "Machine learning", slug: "machine-learning" }, after: { slug: "deep-learning" } });
  });

  it("refuses a name another tag has (by slug, whatever the case) with a message at the field; nothing changes", async () => {
    const a = await tag("Automation");
    await tag("Customer Support");
    const generation = cacheGeneration();
    const result = answer(await tagsAction(handle.db, form({ intent: "rename", id: a.id, name: "customer support" })));
    expect(result.status).toBe(409);
    expect(result.body).toMatchObject({ errors: { name: 'A tag named "Customer Support" already exists. Merge into it instead.' } });
    expect((await handle.db.select().from(blogTags).where(eq(blogTags.id, a.id)))[0]!.name).toBe("Automation");
    expect(cacheGeneration()).toBe(generation);
    // A change of case of its own name is a rename, not a clash.
    expect(answer(await tagsAction(handle.db, form({ intent: "rename", id: a.id, name: "automation" }))).body.toast.title).toBe("Tag renamed");
  });

  it("refuses an empty or too long name, and an unknown tag", async () => {
    const a = await tag("Edge");
    const empty = answer(await tagsAction(handle.db, form({ intent: "rename", id: a.id, name: "   " })));
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ errors: { name: "Enter a name for the tag." } });
    const long = answer(await tagsAction(handle.db, form({ intent: "rename", id: a.id, name: "x".repeat(61) })));
    expect(long.body).toMatchObject({ errors: { name: "A tag name must be at most 60 characters." } });
    const gone = answer(await tagsAction(handle.db, form({ intent: "delete", id: "00000000-0000-4000-8000-000000000000" })));
    expect(gone.status).toBe(404);
  });

  it("merges one tag into another: every post keeps one link to the kept tag, the merged tag disappears", async () => {
    const from = await tag("LLM");
    const into = await tag("AI");
    const other = await tag("Ops");
    const both = await postWith(from.id, into.id, other.id);
    const onlyFrom = await postWith(from.id);
    const onlyInto = await postWith(into.id);
    const generation = cacheGeneration();
    const result = answer(await tagsAction(handle.db, form({ intent: "merge", id: from.id, into: into.id })));
    expect(result.body.toast).toMatchObject({ title: "Tags merged", description: '"LLM" was merged into "AI": 1 post re-tagged.' });
    expect(await tagsOf(both)).toEqual(["AI", "Ops"]);
    expect(await tagsOf(onlyFrom)).toEqual(["AI"]);
    expect(await tagsOf(onlyInto)).toEqual(["AI"]);
    const links = await handle.db
      .select()
      .from(blogPostTags)
      .where(inArray(blogPostTags.postId, [both, onlyFrom, onlyInto]));
    expect(links.filter((l) => l.tagId === into.id)).toHaveLength(3);
    expect(await handle.db.select().from(blogTags).where(eq(blogTags.id, from.id))).toEqual([]);
    expect((await listTagUsage(handle.db)).map((t) => [t.name, t.posts])).toEqual([
      ["AI", 3],
      ["Ops", 1],
    ]);
    expect(cacheGeneration()).toBeGreaterThan(generation);
    expect(await lastAudit("tag.merge")).toMatchObject({ targetId: into.id, summary: 'Merged tag "LLM" into "AI" (1 post re-tagged)' });
  });

  it("refuses merging a tag into itself or into a tag that is gone", async () => {
    const a = await tag("Solo");
    const self = answer(await tagsAction(handle.db, form({ intent: "merge", id: a.id, into: a.id })));
    expect(self.body).toMatchObject({ errors: { into: "Choose another tag to merge into." } });
    const none = answer(await tagsAction(handle.db, form({ intent: "merge", id: a.id, into: "" })));
    expect(none.body).toMatchObject({ errors: { into: "Choose the tag to merge into." } });
    const gone = answer(await tagsAction(handle.db, form({ intent: "merge", id: a.id, into: "00000000-0000-4000-8000-000000000000" })));
    expect(gone.status).toBe(404);
    expect(await handle.db.select().from(blogTags).where(eq(blogTags.id, a.id))).toHaveLength(1);
  });

  it("deletes a tag: its posts lose it and stay; the answer and the audit log say how many", async () => {
    const gone = await tag("Obsolete");
    const kept = await tag("Kept");
    const p1 = await postWith(gone.id, kept.id);
    const p2 = await postWith(gone.id);
    const result = answer(await tagsAction(handle.db, form({ intent: "delete", id: gone.id })));
    expect(result.body.toast).toMatchObject({ title: "Tag deleted", description: '"Obsolete" was removed from 2 posts. The posts stay.' });
    expect(await tagsOf(p1)).toEqual(["Kept"]);
    expect(await tagsOf(p2)).toEqual([]);
    expect(
      await handle.db
        .select({ id: blogPosts.id })
        .from(blogPosts)
        .where(inArray(blogPosts.id, [p1, p2])),
    ).toHaveLength(2);
    expect(await lastAudit("tag.delete")).toMatchObject({ targetLabel: "Obsolete", before: { posts: 2 } });
  });
});
