import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { freshTestDatabase } from "../support/test-db";
import { post } from "../support/post-input";
import { answer, form } from "../support/action-answer";
import type { DbHandle } from "~/server/db/client.server";
import { bulkPosts } from "~/server/posts/post-list-actions.server";
import { adminGetPost, adminListPosts } from "~/server/posts/admin-post-queries.server";
import { createPost } from "~/server/posts/post-writes.server";
import { listPublishedPosts } from "~/server/posts/post-list-queries.server";
import { restoreRecords, trashRecord } from "~/server/trash/trash.server";

process.env.AUTH_SECRET ??= "integration-test-secret-0123456789abcdef";

/** The posts list's bulk actions (publish, unpublish, move to the trash) and how they fail. */

let handle: DbHandle;
beforeAll(async () => {
  handle = await freshTestDatabase();
  await handle.db.execute(
    sql`create function studio_test_refuse() returns trigger language plpgsql as $$ begin raise exception 'storage unavailable (test)'; end $$`,
  );
});
beforeEach(async () => {
  await handle.db.execute(sql`truncate blog_post_tags, blog_posts, blog_tags, team_members, testimonials cascade`);
});
afterEach(async () => {
  await handle.db.execute(sql`drop trigger if exists studio_test_refuse on blog_posts`);
});
afterAll(async () => {
  await handle.close();
});

describe("bulk actions on posts", () => {
  it("publishes the selected drafts, dating only those without a publication date", async () => {
    const dated = new Date("2025-01-02T03:04:05Z");
    const fresh = await createPost(handle.db, post({ title: "Fresh draft", published: false }), []);
    const old = await createPost(handle.db, post({ title: "Once published", published: false }), []);
    await handle.db.execute(sql`update blog_posts set published_at = ${dated.toISOString()}::timestamptz where id = ${old.id}`);
    const untouched = await createPost(handle.db, post({ title: "Left alone", published: false }), []);

    const before = Date.now();
    const published = answer(await bulkPosts(handle.db, form({ intent: "publish", ids: [fresh.id, old.id] })));
    expect(published.body.toast).toMatchObject({ title: "2 posts published" });
    const freshRow = await adminGetPost(handle.db, fresh.id);
    expect(freshRow?.published).toBe(true);
    expect(freshRow!.publishedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect((await adminGetPost(handle.db, old.id))?.publishedAt?.toISOString()).toBe(dated.toISOString());
    expect((await adminGetPost(handle.db, untouched.id))?.published).toBe(false);
    expect((await listPublishedPosts(handle.db)).posts.map((p) => p.title).sort()).toEqual(["Fresh draft", "Once published"]);

    // Unpublishing keeps the date; publishing again does not move it.
    expect(answer(await bulkPosts(handle.db, form({ intent: "unpublish", ids: [old.id] }))).body.toast.title).toBe("1 post unpublished");
    expect((await adminGetPost(handle.db, old.id))?.published).toBe(false);
    await bulkPosts(handle.db, form({ intent: "publish", ids: [old.id] }));
    expect((await adminGetPost(handle.db, old.id))?.publishedAt?.toISOString()).toBe(dated.toISOString());
  });

  it("moves the selected posts to the trash with an Undo for all of them", async () => {
    const a = await createPost(handle.db, post({ title: "A" }), []);
    const b = await createPost(handle.db, post({ title: "B" }), []);
    const c = await createPost(handle.db, post({ title: "C" }), []);
    const trashed = answer(await bulkPosts(handle.db, form({ intent: "trash", ids: [a.id, b.id] })));
    expect(trashed.body.toast).toMatchObject({
      title: "2 posts moved to the trash",
      undo: { path: "/admin/blog", fields: { intent: "restore", ids: [a.id, b.id] } },
    });
    expect((await adminListPosts(handle.db)).map((p) => p.title)).toEqual(["C"]);
    expect((await listPublishedPosts(handle.db)).posts.map((p) => p.id)).toEqual([c.id]);
    // A trashed post is left out of later bulk actions.
    expect(answer(await bulkPosts(handle.db, form({ intent: "publish", ids: [a.id] }))).status).toBe(404);
    const undone = answer(await restoreRecords(handle.db, "post", form({ intent: "restore", ids: [a.id, b.id] })));
    expect(undone.body.toast.title).toBe("2 posts restored");
    expect((await adminListPosts(handle.db)).map((p) => p.title).sort()).toEqual(["A", "B", "C"]);
  });

  it("refuses an empty selection, unknown actions and ids (400), and answers 503 when the database fails", async () => {
    const a = await createPost(handle.db, post({ title: "A", published: false }), []);
    const none = answer(await bulkPosts(handle.db, form({ intent: "publish" })));
    expect(none.status).toBe(400);
    expect(none.body.toast).toMatchObject({ title: "Error updating posts", description: "Select at least one post.", variant: "destructive" });
    expect(answer(await bulkPosts(handle.db, form({ intent: "delete-all", ids: [a.id] }))).status).toBe(400);
    expect(answer(await bulkPosts(handle.db, form({ intent: "publish", ids: ["1 or 1=1"] }))).status).toBe(400);

    await handle.db.execute(sql`create trigger studio_test_refuse before update on blog_posts for each row execute function studio_test_refuse()`);
    const failed = answer(await bulkPosts(handle.db, form({ intent: "publish", ids: [a.id] })));
    expect(failed.status).toBe(503);
    expect(failed.body.toast).toMatchObject({ title: "Error updating posts", description: "The posts could not be saved. Please try again." });
    const trashFailed = answer(await bulkPosts(handle.db, form({ intent: "trash", ids: [a.id] })));
    expect(trashFailed.status).toBe(503);
    const deleteFailed = answer(await trashRecord(handle.db, "post", form({ intent: "delete", id: a.id })));
    expect(deleteFailed.status).toBe(503);
    expect(deleteFailed.body.toast.title).toBe("Error deleting post");
    expect((await adminGetPost(handle.db, a.id))?.published).toBe(false);
  });
});
