import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { fileDatabase } from "../support/file-database";
import { blogPosts } from "~/server/db/schema.server";
import { post } from "../support/post-input";
import { adminGetPost } from "~/server/posts/admin-post-queries.server";
import { createPost } from "~/server/posts/post-writes.server";
import { getPublishedPostBySlug } from "~/server/posts/post-queries.server";
import { createTag } from "~/server/posts/tag-queries.server";
import { autosavePost, STALE_AUTOSAVE_MESSAGE } from "~/server/posts/post-autosave.server";
import { clearPostAutosave, getPostAutosave } from "~/server/posts/post-autosave-queries.server";

process.env.AUTH_SECRET ??= "integration-test-secret-0123456789abcdef";

function form(fields: Record<string, string | string[]>) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) for (const v of [value].flat()) body.append(key, v);
  return body;
}

const handle = fileDatabase();

const typed = (slug: string, extra: Record<string, string | string[]> = {}) => ({
  intent: "autosave",
  version: "1",
  title: "Typed title",
  slug,
  category: "Typed category",
  excerpt: "Typed excerpt",
  content: "Typed body, half written",
  ...extra,
});

describe("autosavePost", () => {
  it("never writes a draft from a form opened on an older version: the other save stands and the typing is kept as the unsaved copy", async () => {
    const draft = await createPost(handle.db, post({ published: false, publishedAt: null, title: "Saved by the other editor" }), []);
    await handle.db.update(blogPosts).set({ version: 2 }).where(eq(blogPosts.id, draft.id));
    const outcome = await autosavePost(handle.db, draft.id, "user-2", form(typed(draft.slug, { version: "1" })));
    expect(outcome).toEqual({ autosave: "invalid", message: STALE_AUTOSAVE_MESSAGE });
    const stored = await adminGetPost(handle.db, draft.id);
    expect(stored).toMatchObject({ title: "Saved by the other editor", version: 2 });
    expect((await getPostAutosave(handle.db, draft.id))?.values).toMatchObject({ title: "Typed title", content: "Typed body, half written" });
    // Opened on the current version, the same typing is written.
    expect(await autosavePost(handle.db, draft.id, "user-2", form(typed(draft.slug, { version: "2" })))).toMatchObject({ autosave: "saved" });
    expect((await adminGetPost(handle.db, draft.id))?.title).toBe("Typed title");
  });

  it("writes a draft's typed state to the post itself, tags included, and never publishes it", async () => {
    const draft = await createPost(handle.db, post({ published: false, publishedAt: null }), []);
    const tag = (await createTag(handle.db, "Autosaved tag"))!;
    const outcome = await autosavePost(handle.db, draft.id, "user-1", form(typed(draft.slug, { published: "on", featured: "on", tagIds: [tag.id] })));
    expect(outcome).toMatchObject({ autosave: "saved" });
    const stored = await adminGetPost(handle.db, draft.id);
    expect(stored).toMatchObject({ title: "Typed title", content: "Typed body, half written", featured: true, published: false, publishedAt: null });
    expect(stored?.tagIds).toEqual([tag.id]);
    expect(await getPostAutosave(handle.db, draft.id)).toBeNull();
  });

  it("keeps a published post's typed state as an unsaved copy: the post and its public page are unchanged", async () => {
    const live = await createPost(handle.db, post({ published: true }), []);
    const outcome = await autosavePost(handle.db, live.id, "user-1", form(typed(live.slug)));
    expect(outcome).toMatchObject({ autosave: "saved" });
    const stored = await adminGetPost(handle.db, live.id);
    expect(stored?.title).toBe("Automating deal flow triage");
    expect((await getPublishedPostBySlug(handle.db, live.slug))?.content).not.toContain("half written");
    const copy = await getPostAutosave(handle.db, live.id);
    // The typed values, without the button's intent or the concurrency version.
    expect(copy?.values).toEqual({
      title: "Typed title",
      slug: live.slug,
      category: "Typed category",
      excerpt: "Typed excerpt",
      content: "Typed body, half written",
    });
    // A later autosave replaces the copy; clearing it forgets it.
    await autosavePost(handle.db, live.id, "user-1", form(typed(live.slug, { content: "Typed body, finished" })));
    expect((await getPostAutosave(handle.db, live.id))?.values.content).toBe("Typed body, finished");
    await clearPostAutosave(handle.db, live.id);
    expect(await getPostAutosave(handle.db, live.id)).toBeNull();
  });

  it("is lenient: blank required fields skip, invalid input is not written and says why", async () => {
    const draft = await createPost(handle.db, post({ published: false, publishedAt: null }), []);
    const other = await createPost(handle.db, post({ published: false, publishedAt: null }), []);
    expect(await autosavePost(handle.db, draft.id, "user-1", form(typed(draft.slug, { content: "  " })))).toEqual({ autosave: "skipped" });
    expect(await autosavePost(handle.db, draft.id, "user-1", form(typed("Not A Slug")))).toMatchObject({ autosave: "invalid" });
    const taken = await autosavePost(handle.db, draft.id, "user-1", form(typed(other.slug)));
    expect(taken).toEqual({ autosave: "invalid", message: `The slug "${other.slug}" is already used by another post.` });
    expect((await adminGetPost(handle.db, draft.id))?.title).toBe("Automating deal flow triage");
  });
});
