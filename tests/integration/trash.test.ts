import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from "vitest";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { freshTestDatabase } from "../support/test-db";
import { post } from "../support/post-input";
import { answer, form } from "../support/action-answer";
import type { DbHandle } from "~/server/db/client.server";
import { blogPosts } from "~/server/db/schema.server";
import { storeImage } from "~/server/storage/images.server";
import { LocalStorage } from "~/server/storage/storage.server";
import { savePost } from "~/server/posts/post-save.server";
import { adminGetPost, adminListPosts } from "~/server/posts/admin-post-queries.server";
import { createPost } from "~/server/posts/post-writes.server";
import { getFeaturedPost, getPublishedPostBySlug, listCategories, listPublishedForFeed } from "~/server/posts/post-queries.server";
import { listPublishedPosts } from "~/server/posts/post-list-queries.server";
import { adminListTeam, createTeamMember, getTeamMember, listActiveTeam } from "~/server/site/team-queries.server";
import { adminListTestimonials, createTestimonial, getTestimonial, listActiveTestimonials } from "~/server/site/testimonial-queries.server";
import { listTrash, moveToTrash } from "~/server/trash/trash-queries.server";
import { purgeTrash, restoreRecords, storedImageKey, TRASH_PURGE_TASK, trashEntry, trashRecord } from "~/server/trash/trash.server";
import { JobQueue } from "~/server/jobs/jobs.server";

process.env.AUTH_SECRET ??= "integration-test-secret-0123456789abcdef";

/** The trash: deleting and restoring posts, team members and testimonials, 'Delete forever' and the 30-day purge. */

const DAY = 24 * 60 * 60 * 1000;

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "studio-trash-"));
const store = new LocalStorage(path.join(tmp, "uploads"));
const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: "#7b61ff" } })
    .png()
    .toBuffer();
const member = (name: string, extra: Partial<{ photoUrl: string | null; active: boolean; displayOrder: number }> = {}) => ({
  name,
  position: "Engineer",
  photoUrl: null,
  linkedinUrl: null,
  displayOrder: 1,
  active: true,
  ...extra,
});
const quote = (name: string, extra: Partial<{ avatarUrl: string | null; displayOrder: number }> = {}) => ({
  name,
  company: "Acme",
  quote: `Quote by ${name}`,
  avatarUrl: null,
  displayOrder: 1,
  active: true,
  ...extra,
});
/** The stored files of an uploaded image: the original and its WebP variants. */
const filesOf = (url: string) => {
  const key = storedImageKey(url)!;
  const base = key.slice(0, key.lastIndexOf("."));
  return [key, `${base}-480.webp`, `${base}-960.webp`, `${base}-1600.webp`].map((k) => path.join(tmp, "uploads", k));
};

let handle: DbHandle;
beforeAll(async () => {
  handle = await freshTestDatabase();
});
beforeEach(async () => {
  await handle.db.execute(sql`truncate blog_post_tags, blog_posts, blog_tags, team_members, testimonials cascade`);
});
afterAll(async () => {
  await handle.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe(`trash (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  it("a deleted post leaves every public place and the admin list, and comes back with Undo", async () => {
    const gone = await createPost(
      handle.db,
      post({ title: "Quarterly reconciliation bot", slug: "reconciliation-bot", featured: true, category: "Finance" }),
      [],
    );
    await createPost(handle.db, post({ title: "Other post", slug: "other-post", category: "Automation" }), []);
    const visible = async () => ({
      list: (await listPublishedPosts(handle.db)).posts.map((p) => p.slug),
      search: (await listPublishedPosts(handle.db, { q: "reconcil" })).posts.map((p) => p.slug),
      page: (await getPublishedPostBySlug(handle.db, "reconciliation-bot"))?.slug ?? null,
      feed: (await listPublishedForFeed(handle.db)).map((p) => p.slug),
      featured: (await getFeaturedPost(handle.db))?.slug,
      categories: await listCategories(handle.db),
      admin: (await adminListPosts(handle.db)).map((p) => p.slug),
      edit: (await adminGetPost(handle.db, gone.id))?.slug ?? null,
    });
    expect(await visible()).toEqual({
      list: ["other-post", "reconciliation-bot"],
      search: ["reconciliation-bot"],
      page: "reconciliation-bot",
      feed: ["other-post", "reconciliation-bot"],
      featured: "reconciliation-bot",
      categories: ["Automation", "Finance"],
      admin: ["other-post", "reconciliation-bot"],
      edit: "reconciliation-bot",
    });

    const deleted = answer(await trashRecord(handle.db, "post", form({ intent: "delete", id: gone.id })));
    expect(deleted.status).toBe(200);
    expect(deleted.body.toast).toMatchObject({
      title: "Post deleted",
      description: '"Quarterly reconciliation bot" moved to the trash for 30 days.',
      undo: { path: "/admin/blog", fields: { intent: "restore", ids: [gone.id] } },
    });
    expect(await visible()).toEqual({
      list: ["other-post"],
      search: [],
      page: null,
      feed: ["other-post"],
      featured: "other-post",
      categories: ["Automation"],
      admin: ["other-post"],
      edit: null,
    });
    expect((await listTrash(handle.db)).map((i) => [i.kind, i.name])).toEqual([["post", "Quarterly reconciliation bot"]]);

    // A second delete finds nothing to delete.
    expect(answer(await trashRecord(handle.db, "post", form({ intent: "delete", id: gone.id }))).status).toBe(404);

    const restored = answer(await restoreRecords(handle.db, "post", form({ intent: "restore", ids: [gone.id] })));
    expect(restored.body.toast).toMatchObject({ title: "Post restored", description: '"Quarterly reconciliation bot" is back.' });
    expect((await visible()).featured).toBe("reconciliation-bot");
    expect((await visible()).list).toEqual(["other-post", "reconciliation-bot"]);
    expect(await listTrash(handle.db)).toEqual([]);
    expect(answer(await restoreRecords(handle.db, "post", form({ intent: "restore", ids: [gone.id] }))).status).toBe(404);
  });

  it("a deleted team member leaves /team and a deleted testimonial leaves the landing page", async () => {
    const ada = await createTeamMember(handle.db, member("Ada"));
    await createTeamMember(handle.db, member("Grace", { displayOrder: 2 }));
    const quoted = await createTestimonial(handle.db, quote("Linus"));
    // Ordered by display order, not by two creation times that can fall in the same microsecond.
    await createTestimonial(handle.db, quote("Margaret", { displayOrder: 2 }));

    expect(answer(await trashRecord(handle.db, "team-member", form({ intent: "delete", id: ada.id }))).body.toast).toMatchObject({
      title: "Team member deleted",
      undo: { path: "/admin/team" },
    });
    expect(answer(await trashRecord(handle.db, "testimonial", form({ intent: "delete", id: quoted.id }))).body.toast).toMatchObject({
      title: "Testimonial deleted",
      undo: { path: "/admin/testimonials" },
    });
    expect((await listActiveTeam(handle.db)).map((m) => m.name)).toEqual(["Grace"]);
    expect((await adminListTeam(handle.db)).map((m) => m.name)).toEqual(["Grace"]);
    expect(await getTeamMember(handle.db, ada.id)).toBeNull();
    expect((await listActiveTestimonials(handle.db)).map((t) => t.name)).toEqual(["Margaret"]);
    expect((await adminListTestimonials(handle.db)).map((t) => t.name)).toEqual(["Margaret"]);
    expect(await getTestimonial(handle.db, quoted.id)).toBeNull();
    expect((await listTrash(handle.db)).map((i) => `${i.kind}:${i.name}`)).toEqual(["team-member:Ada", "testimonial:Linus"]);

    // Restored from /admin/trash.
    expect(answer(await trashEntry(handle.db, form({ intent: "restore", kind: "team-member", id: ada.id }), store)).body.toast.title).toBe(
      "Team member restored",
    );
    expect(answer(await trashEntry(handle.db, form({ intent: "restore", kind: "testimonial", id: quoted.id }), store)).body.toast.title).toBe(
      "Testimonial restored",
    );
    expect((await listActiveTeam(handle.db)).map((m) => m.name)).toEqual(["Ada", "Grace"]);
    expect((await listActiveTestimonials(handle.db)).map((t) => t.name)).toEqual(["Linus", "Margaret"]);
  });

  it("'Delete forever' removes the record and its uploaded files, but keeps a file another record shows", async () => {
    const cover = await storeImage(store, "", await png());
    const shared = await storeImage(store, "team", await png());
    for (const file of [...filesOf(cover), ...filesOf(shared)]) expect(fs.existsSync(file), file).toBe(true);
    const doomed = await createPost(handle.db, post({ title: "Doomed", imageUrl: cover }), []);
    const leaving = await createTeamMember(handle.db, member("Leaving", { photoUrl: shared }));
    await createTeamMember(handle.db, member("Staying", { photoUrl: shared }));

    // Only what is in the trash can be deleted forever.
    const early = answer(await trashEntry(handle.db, form({ intent: "delete-forever", kind: "post", id: doomed.id }), store));
    expect(early.status).toBe(404);
    expect(early.body.toast.description).toBe("The post is no longer in the trash.");
    expect(fs.existsSync(filesOf(cover)[0]!)).toBe(true);

    await moveToTrash(handle.db, "post", [doomed.id]);
    await moveToTrash(handle.db, "team-member", [leaving.id]);
    const removed = answer(await trashEntry(handle.db, form({ intent: "delete-forever", kind: "post", id: doomed.id }), store));
    expect(removed.body.toast).toMatchObject({ title: "Post deleted forever", description: '"Doomed" was removed for good.' });
    expect(await handle.db.select().from(blogPosts)).toEqual([]);
    for (const file of filesOf(cover)) expect(fs.existsSync(file), file).toBe(false);

    await trashEntry(handle.db, form({ intent: "delete-forever", kind: "team-member", id: leaving.id }), store);
    expect((await adminListTeam(handle.db)).map((m) => m.name)).toEqual(["Staying"]);
    for (const file of filesOf(shared)) expect(fs.existsSync(file), file).toBe(true);

    const bad = answer(await trashEntry(handle.db, form({ intent: "delete-forever", kind: "lead", id: doomed.id }), store));
    expect(bad.status).toBe(400);
  });

  it("purgeTrash removes what stayed more than 30 days, with its files, and keeps the rest", async () => {
    const now = new Date("2026-03-31T12:00:00Z");
    const oldCover = await storeImage(store, "", await png());
    const newCover = await storeImage(store, "", await png());
    const avatar = await storeImage(store, "testimonials", await png());
    const old = await createPost(handle.db, post({ title: "Old", imageUrl: oldCover }), []);
    const recent = await createPost(handle.db, post({ title: "Recent", imageUrl: newCover }), []);
    const live = await createPost(handle.db, post({ title: "Live" }), []);
    const oldQuote = await createTestimonial(handle.db, quote("Old quote", { avatarUrl: avatar }));
    const oldMember = await createTeamMember(handle.db, member("Old member"));
    await moveToTrash(handle.db, "post", [old.id], new Date(now.getTime() - 31 * DAY));
    await moveToTrash(handle.db, "post", [recent.id], new Date(now.getTime() - 29 * DAY));
    await moveToTrash(handle.db, "testimonial", [oldQuote.id], new Date(now.getTime() - 30 * DAY - 1000));
    await moveToTrash(handle.db, "team-member", [oldMember.id], new Date(now.getTime() - 40 * DAY));

    expect(await purgeTrash(handle.db, now, store)).toEqual({ post: 1, "case-study": 0, "team-member": 1, testimonial: 1, images: 2 });
    expect((await listTrash(handle.db)).map((i) => i.name)).toEqual(["Recent"]);
    expect((await adminListPosts(handle.db)).map((p) => p.title)).toEqual(["Live"]);
    expect(live.id).toBeTruthy();
    for (const file of [...filesOf(oldCover), ...filesOf(avatar)]) expect(fs.existsSync(file), file).toBe(false);
    for (const file of filesOf(newCover)) expect(fs.existsSync(file), file).toBe(true);
    // Nothing more to purge until the recent one turns 30 days old.
    expect(await purgeTrash(handle.db, now, store)).toEqual({ post: 0, "case-study": 0, "team-member": 0, testimonial: 0, images: 0 });
    expect((await purgeTrash(handle.db, new Date(now.getTime() + 2 * DAY), store)).post).toBe(1);
  });

  it("the hourly purge is a pg-boss schedule, for the whole cluster, and its job purges what stayed 30 days", async () => {
    // Two processes start their queues on one database: one schedule, not one per process.
    const queues = [new JobQueue({ handle, tasks: [TRASH_PURGE_TASK] }), new JobQueue({ handle, tasks: [TRASH_PURGE_TASK] })];
    onTestFinished(async () => void (await Promise.all(queues.map((q) => q.stop()))));
    for (const queue of queues) await queue.start();
    const schedules = await queues[0]!.boss.getSchedules("trash-purge");
    expect(schedules.map(({ name, cron, timezone }) => ({ name, cron, timezone }))).toEqual([{ name: "trash-purge", cron: "0 * * * *", timezone: "UTC" }]);

    const old = await createPost(handle.db, post({ title: "Long gone" }), []);
    const recent = await createPost(handle.db, post({ title: "Just deleted" }), []);
    await moveToTrash(handle.db, "post", [old.id], new Date(Date.now() - 31 * DAY));
    await moveToTrash(handle.db, "post", [recent.id]);
    // What the timekeeper sends at the top of the hour.
    await queues[0]!.boss.send("trash-purge", {});
    await expect.poll(async () => (await listTrash(handle.db)).map((i) => i.name), { timeout: 15_000 }).toEqual(["Just deleted"]);
  });

  it("a trashed post keeps its slug: a new post with it is told the slug belongs to a post in the trash", async () => {
    const owner = await createPost(handle.db, post({ slug: "kept-slug" }), []);
    await moveToTrash(handle.db, "post", [owner.id]);
    const fields = { intent: "save", title: "Kept slug", slug: "kept-slug", category: "Automation", content: "Body" };
    const { status, body } = answer(await savePost(handle.db, null, form(fields)));
    expect(status).toBe(409);
    expect(body.toast.description).toBe('The slug "kept-slug" is already used by a post in the trash. Try "kept-slug-2".');
    // Restoring it can never collide.
    expect(answer(await restoreRecords(handle.db, "post", form({ intent: "restore", ids: [owner.id] }))).status).toBe(200);
  });
});
