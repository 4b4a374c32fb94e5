import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq, sql } from "drizzle-orm";
import type { DbHandle } from "~/server/db/client.server";
import { freshTestDatabase, testPostgresUrl } from "../support/test-db";
import { post } from "../support/post-input";
import { blogPostTags, blogPostTotals, blogPosts, blogTags } from "~/server/db/schema.server";
import { createPost, updatePost } from "~/server/posts/post-writes.server";
import { createTag } from "~/server/posts/tag-queries.server";
import { deleteTag, mergeTag } from "~/server/posts/tag-admin-queries.server";
import { setPostsPublished } from "~/server/posts/post-bulk-queries.server";
import { deleteFromTrash, moveToTrash, restoreFromTrash } from "~/server/trash/trash-queries.server";
import { listPublishedTags, listPublishedTagsLive, newestPublicChange, publicCounts, publishedPostsSummary } from "~/server/posts/sitemap-queries.server";
import { countedTabCounts, keptTabCounts } from "~/server/posts/admin-post-queries.server";

process.env.AUTH_SECRET ??= "integration-test-secret-0123456789abcdef";

/*
 * The sitemap index counts the public posts and tag pages from counts the database keeps
 * (drizzle/0032: blog_post_totals.listed and listed_tags, blog_tags.listed_posts, kept by triggers). An index
 * that counts one address too many or too few shifts every file after the first, so the kept
 * counts must follow every way a post or a tag link changes: each step below compares them with
 * the live count and with a full recount. The back-office's tabs and dashboard read the posts not
 * in the trash the same way (drizzle/0034: blog_post_totals.posts), compared at each step with
 * every post counted.
 */

let handle: DbHandle;
const DAY = 86_400_000;

beforeAll(async () => {
  handle = await freshTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

/** The kept counts as stored: the site's, then each tag's by slug. */
async function stored() {
  const [totals] = await handle.db
    .select({ listed: blogPostTotals.listed, listedTags: blogPostTotals.listedTags, posts: blogPostTotals.posts })
    .from(blogPostTotals);
  const tags = await handle.db
    .select({ slug: blogTags.slug, listed: blogTags.listedPosts, changed: blogTags.listedChangedAt })
    .from(blogTags)
    .orderBy(asc(blogTags.slug));
  return { ...totals, tags };
}

/** The kept counts give the live counts, and counting everything again changes nothing. */
async function expectKeptCountsRight(step: string) {
  const liveTags = await listPublishedTagsLive(handle.db);
  const summary = await publishedPostsSummary(handle.db);
  const live = { posts: summary.count, tags: liveTags.length };
  // The newest public change, read from the newest entry of its own index (drizzle/0039): the one every public post gives.
  expect(await newestPublicChange(handle.db), `${step}: the newest public change`).toEqual(summary.newest);
  expect(await publicCounts(handle.db), step).toEqual(live);
  // The sitemap's tag pages and their newest changes, from the kept stamps (drizzle/0039), as every tag link gives them.
  expect(await listPublishedTags(handle.db), `${step}: the tag pages' newest changes`).toEqual(liveTags);
  expect(await keptTabCounts(handle.db), `${step}: the back-office's tabs`).toEqual(await countedTabCounts(handle.db));
  const kept = await stored();
  await handle.db.execute(sql`select blog_recount_listed()`);
  expect(kept, `${step}: a recount changed the kept counts`).toEqual(await stored());
  return live;
}

describe(`kept counts of listed posts (${testPostgresUrl() ? "PostgreSQL" : "PGlite"})`, () => {
  it("follow posts and tag links through every change the app makes, and a few it does not", async () => {
    const db = handle.db;
    const [a, b, c] = [(await createTag(db, "Alpha"))!, (await createTag(db, "Beta"))!, (await createTag(db, "Gamma"))!];
    expect(await expectKeptCountsRight("three tags, no post")).toEqual({ posts: 0, tags: 0 });

    const first = await createPost(db, post({ slug: "first" }), [a.id, b.id]);
    const draft = await createPost(db, post({ slug: "draft", published: false }), [a.id]);
    const scheduled = await createPost(db, post({ slug: "scheduled", publishedAt: new Date(Date.now() + DAY) }), [c.id]);
    const untagged = await createPost(db, post({ slug: "untagged" }), []);
    // Gamma carries only a scheduled post: listed, but no public tag page yet.
    expect(await expectKeptCountsRight("created")).toEqual({ posts: 2, tags: 2 });

    await updatePost(db, draft.id, post({ slug: "draft" }), [a.id, c.id]);
    expect(await expectKeptCountsRight("the draft published with Gamma")).toEqual({ posts: 3, tags: 3 });

    await updatePost(db, first.id, post({ slug: "first", title: "Retagged" }), [b.id, c.id]);
    await expectKeptCountsRight("tags replaced on a published post");
    const before = await listPublishedTags(db);
    await updatePost(db, draft.id, post({ slug: "draft", title: "Edited" }), [a.id, c.id]);
    const after = await listPublishedTags(db);
    expect(after.find((t) => t.slug === "alpha")!.updatedAt.getTime(), "an edit moves its tags' newest change").toBeGreaterThan(
      before.find((t) => t.slug === "alpha")!.updatedAt.getTime(),
    );
    await expectKeptCountsRight("a published post edited");
    // Gamma's newest listed change is now a scheduled post's, which the public cannot read yet.
    await updatePost(db, scheduled.id, post({ slug: "scheduled", title: "Rescheduled", publishedAt: new Date(Date.now() + DAY) }), [c.id]);
    // And the newest public change of all is a post without Gamma: Gamma's page takes its own posts' newest.
    await updatePost(db, first.id, post({ slug: "first", title: "Retagged" }), [b.id]);
    const [kept] = await db.select({ changed: blogTags.listedChangedAt }).from(blogTags).where(eq(blogTags.id, c.id));
    const gamma = (await listPublishedTags(db)).find((t) => t.slug === "gamma")!;
    expect(gamma.updatedAt.getTime(), "a scheduled post's change is not the tag page's").toBeLessThan(kept!.changed!.getTime());
    await expectKeptCountsRight("a scheduled post edited");
    await updatePost(db, first.id, post({ slug: "first", title: "Retagged" }), [b.id, c.id]);
    await expectKeptCountsRight("Gamma back on the first post");

    await setPostsPublished(db, [first.id, draft.id], false);
    expect(await expectKeptCountsRight("two unpublished at once")).toEqual({ posts: 1, tags: 0 });
    await setPostsPublished(db, [first.id, draft.id], true);
    expect(await expectKeptCountsRight("published again")).toEqual({ posts: 3, tags: 3 });

    await moveToTrash(db, "post", [first.id, untagged.id]);
    expect(await expectKeptCountsRight("two in the trash")).toEqual({ posts: 1, tags: 2 });
    await restoreFromTrash(db, "post", [first.id]);
    await expectKeptCountsRight("one restored");
    await deleteFromTrash(db, "post", untagged.id);
    expect(await expectKeptCountsRight("a trashed post deleted for good")).toEqual({ posts: 2, tags: 3 });

    // A listed post deleted for good (not through the trash): its tag links go by cascade.
    await db.delete(blogPosts).where(eq(blogPosts.id, draft.id));
    expect(await expectKeptCountsRight("a listed post deleted")).toEqual({ posts: 1, tags: 2 });

    await db.transaction((tx) => mergeTag(tx, c.id, a.id));
    expect(await expectKeptCountsRight("Gamma merged into Alpha")).toEqual({ posts: 1, tags: 2 });
    await db.transaction((tx) => deleteTag(tx, b.id));
    expect(await expectKeptCountsRight("Beta deleted")).toEqual({ posts: 1, tags: 1 });

    // The scheduled post's time comes (as the clock would bring it): no write to the counts needed.
    await db
      .update(blogPosts)
      .set({ publishedAt: new Date(Date.now() - 1000) })
      .where(eq(blogPosts.id, scheduled.id));
    expect(await expectKeptCountsRight("the scheduled post's time came")).toEqual({ posts: 2, tags: 1 });

    // Rows written by one statement each: an import's or a bulk tool's way.
    const many = await db
      .insert(blogPosts)
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          ...post({ slug: `bulk-${i}`, published: i % 3 !== 0 }),
          // A published post always has a date (a check constraint); a draft may have none.
          publishedAt: i % 3 === 0 && i % 2 === 0 ? null : new Date(Date.now() - i * DAY),
          deletedAt: i % 7 === 0 ? new Date() : null,
        })),
      )
      .returning({ id: blogPosts.id });
    const d = (await createTag(db, "Delta"))!;
    await db.insert(blogPostTags).values(many.flatMap((p, i) => [{ postId: p.id, tagId: a.id }, ...(i % 2 ? [] : [{ postId: p.id, tagId: d.id }])]));
    await expectKeptCountsRight("thirty posts and their links in one statement each");
    // A link moved to another tag by an update (the app replaces links; a hand-written fix may not).
    await db.execute(sql`update ${blogPostTags} set tag_id = ${d.id} where post_id = ${scheduled.id} and tag_id = ${a.id}`);
    await expectKeptCountsRight("a link moved from Alpha to Delta");
    await db.delete(blogPostTags).where(eq(blogPostTags.tagId, a.id));
    await expectKeptCountsRight("every Alpha link deleted at once");

    await db.execute(sql`truncate ${blogPostTags}`);
    expect(await expectKeptCountsRight("the tag links truncated")).toMatchObject({ tags: 0 });
    await db.execute(sql`truncate ${blogPosts} cascade`);
    expect(await expectKeptCountsRight("the posts truncated")).toEqual({ posts: 0, tags: 0 });
  });

  it("a recount puts right counts that were written wrong (what an import does after loading rows)", async () => {
    const db = handle.db;
    const tag = (await createTag(db, "Recounted"))!;
    await createPost(db, post({ slug: "recounted" }), [tag.id]);
    const live = { posts: (await publishedPostsSummary(db)).count, tags: (await listPublishedTagsLive(db)).length };
    expect(live.tags).toBeGreaterThan(0);
    const liveTags = await listPublishedTagsLive(db);
    await db.update(blogTags).set({ listedPosts: 0, listedChangedAt: null });
    const tabs = await countedTabCounts(db);
    expect(tabs.all).toBeGreaterThan(0);
    await db.update(blogPostTotals).set({ listed: 99, listedTags: 7, posts: 3 });
    expect(await publicCounts(db)).toEqual({ posts: 99, tags: 7 });
    expect((await keptTabCounts(db)).all).toBe(3);
    await db.execute(sql`select blog_recount_listed()`);
    expect(await publicCounts(db)).toEqual(live);
    expect(await listPublishedTags(db)).toEqual(liveTags);
    expect(await keptTabCounts(db)).toEqual(tabs);
  });
});
