import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { freshTestDatabase } from "../support/test-db";
import { addTag, savePost } from "~/server/posts/post-save.server";
import type { DbHandle } from "~/server/db/client.server";
import { adminGetPost, adminListPosts } from "~/server/posts/admin-post-queries.server";
import { getPostAutosave, keepPostAutosave } from "~/server/posts/post-autosave-queries.server";
import { createTag, listTags } from "~/server/posts/tag-queries.server";

process.env.AUTH_SECRET ??= "integration-test-secret-0123456789abcdef";

const SAVE_FAILED = "The post and its tags could not be saved. Please try again.";

function form(fields: Record<string, string | string[]>) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) for (const v of [value].flat()) body.append(key, v);
  return body;
}

/** The parts of a `data(...)` answer the post form reads. */
function answer(result: unknown) {
  const { data: body, init } = result as { data: Record<string, unknown>; init: { status?: number } | null };
  return {
    status: init?.status,
    body: body as { toast?: { title: string; description: string; variant: string }; values?: Record<string, string | string[]>; tagError?: string },
  };
}

let handle: DbHandle;
let tagA: string;
let tagB: string;
const post = (tagIds: string[], title = "Ops runbook automation") => ({
  intent: "save",
  title,
  slug: "ops-runbook-automation",
  category: "Automation",
  excerpt: "What we automated first.",
  content: "## Start here\n\nBody text.",
  published: "on",
  tagIds,
});

beforeAll(async () => {
  handle = await freshTestDatabase();
  // Real database failures on demand: a trigger that refuses writes to a table.
  await handle.db.execute(
    sql`create function studio_test_refuse() returns trigger language plpgsql as $$ begin raise exception 'storage unavailable (test)'; end $$`,
  );
  tagA = (await createTag(handle.db, "Runbooks"))!.id;
  tagB = (await createTag(handle.db, "Operations"))!.id;
});
afterEach(async () => {
  await handle.db.execute(sql`drop trigger if exists studio_test_refuse on blog_posts`);
  await handle.db.execute(sql`drop trigger if exists studio_test_refuse on blog_tags`);
  await handle.db.execute(sql`drop trigger if exists studio_test_refuse on audit_log`);
});
afterAll(async () => {
  await handle.close();
});

const refuseWrites = (table: "blog_posts" | "blog_tags" | "audit_log") =>
  handle.db.execute(
    sql.raw(`create trigger studio_test_refuse before insert or update or delete on ${table} for each row execute function studio_test_refuse()`),
  );

describe(`the post form when the database fails (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  it("a failed create answers 503 'Error saving post' with every typed value, tags included, and stores nothing", async () => {
    await refuseWrites("blog_posts");
    const { status, body } = answer(await savePost(handle.db, null, form(post([tagA, tagB]))));
    expect(status).toBe(503);
    expect(body.toast).toMatchObject({ title: "Error saving post", description: SAVE_FAILED, variant: "destructive" });
    expect(body.values).toMatchObject({
      title: "Ops runbook automation",
      slug: "ops-runbook-automation",
      category: "Automation",
      content: "## Start here\n\nBody text.",
      published: "on",
    });
    expect(body.values?.tagIds).toEqual([tagA, tagB]);
    expect(await adminListPosts(handle.db)).toEqual([]);
  });

  it("checks that cannot run (slug, tags) answer 503 with the typed values too", async () => {
    await handle.db.execute(sql`alter table blog_posts rename to studio_test_posts_away`);
    try {
      const { status, body } = answer(await savePost(handle.db, null, form(post([tagA]))));
      expect(status).toBe(503);
      expect(body.toast?.description).toBe(SAVE_FAILED);
      expect(body.values?.title).toBe("Ops runbook automation");
    } finally {
      await handle.db.execute(sql`alter table studio_test_posts_away rename to blog_posts`);
    }
  });

  it("saves with its tags and redirects to the list with 'Post created' once the database is back", async () => {
    const result = await savePost(handle.db, null, form(post([tagA, tagB])));
    expect(result).toBeInstanceOf(Response);
    expect((result as Response).status).toBe(302);
    expect((result as Response).headers.get("location")).toBe("/admin/blog");
    const [saved] = await adminListPosts(handle.db);
    expect(saved?.title).toBe("Ops runbook automation");
    expect((await adminGetPost(handle.db, saved!.id))?.tagIds.sort()).toEqual([tagA, tagB].sort());
  });

  it("a failed update keeps the typed values and leaves the stored post and its tags as they were", async () => {
    const [saved] = await adminListPosts(handle.db);
    await refuseWrites("blog_posts");
    const { status, body } = answer(await savePost(handle.db, saved!.id, form(post([tagB], "Renamed runbook post"))));
    expect(status).toBe(503);
    expect(body.values).toMatchObject({ title: "Renamed runbook post", tagIds: [tagB] });
    const stored = await adminGetPost(handle.db, saved!.id);
    expect(stored?.title).toBe("Ops runbook automation");
    expect(stored?.tagIds.sort()).toEqual([tagA, tagB].sort());
  });

  it("Add Tag answers 503 with a message under the field when the tag cannot be stored, and creates it afterwards", async () => {
    await refuseWrites("blog_tags");
    const { status, body } = answer(await addTag(handle.db, form({ intent: "add-tag", name: "Finance" })));
    expect(status).toBe(503);
    expect(body.tagError).toBe("The tag could not be created. Please try again.");
    expect((await listTags(handle.db)).map((t) => t.name)).not.toContain("Finance");
    await handle.db.execute(sql`drop trigger studio_test_refuse on blog_tags`);
    expect(await addTag(handle.db, form({ intent: "add-tag", name: "Finance" }))).toMatchObject({ tag: { name: "Finance" }, toast: { title: "Tag created" } });
  });
});

describe("a save and the post's unsaved copy (autosave of a published post)", () => {
  const typedCopy = { title: "Typed, not saved", content: "Half written" };

  it("a save drops the unsaved copy", async () => {
    const [saved] = await adminListPosts(handle.db);
    const stored = await adminGetPost(handle.db, saved!.id);
    await keepPostAutosave(handle.db, { postId: saved!.id, userId: "editor-1", values: typedCopy, savedAt: new Date() });
    const result = await savePost(handle.db, saved!.id, form({ ...post([tagA], "Saved over the copy"), version: String(stored!.version) }));
    expect((result as Response).status).toBe(302);
    expect((await adminGetPost(handle.db, saved!.id))?.title).toBe("Saved over the copy");
    expect(await getPostAutosave(handle.db, saved!.id)).toBeNull();
  });

  it("a save that fails at its last step (the audit entry) keeps the unsaved copy and the stored post", async () => {
    const [saved] = await adminListPosts(handle.db);
    const stored = await adminGetPost(handle.db, saved!.id);
    await keepPostAutosave(handle.db, { postId: saved!.id, userId: "editor-1", values: typedCopy, savedAt: new Date() });
    await refuseWrites("audit_log");
    const { status } = answer(await savePost(handle.db, saved!.id, form({ ...post([tagB], "Lost in the failure"), version: String(stored!.version) })));
    expect(status).toBe(503);
    expect((await getPostAutosave(handle.db, saved!.id))?.values).toEqual(typedCopy);
    expect(await adminGetPost(handle.db, saved!.id)).toMatchObject({ title: "Saved over the copy", version: stored!.version });
  });

  it("a save refused as stale (the post changed since the form opened) keeps the unsaved copy", async () => {
    const [saved] = await adminListPosts(handle.db);
    const stored = await adminGetPost(handle.db, saved!.id);
    const { status } = answer(await savePost(handle.db, saved!.id, form({ ...post([tagA], "From an old tab"), version: String(stored!.version - 1) })));
    expect(status).toBe(409);
    expect((await getPostAutosave(handle.db, saved!.id))?.values).toEqual(typedCopy);
  });
});
