import { describe, expect, it, onTestFinished } from "vitest";
import { eq, sql } from "drizzle-orm";
import { fileDatabase } from "../support/file-database";
import { post } from "../support/post-input";
import { blogPosts } from "~/server/db/schema.server";
import { savePost } from "~/server/posts/post-save.server";
import { adminGetPost } from "~/server/posts/admin-post-queries.server";
import { createPost } from "~/server/posts/post-writes.server";
import { getFeaturedPost, getPublishedPostBySlug, listCategories, listPublishedForFeed } from "~/server/posts/post-queries.server";
import { listPublishedPosts } from "~/server/posts/post-list-queries.server";
import { cacheGeneration, cached } from "~/server/cache/data-cache.server";
import { JobQueue } from "~/server/jobs/jobs.server";
import { PUBLICATION_QUEUE, PUBLICATION_TASK, publishIfDue, sendPublicationJobs, type PublicationJob } from "~/server/posts/scheduler.server";
import { ensurePreviewToken, previewAccess, previewLinkAction, revokePreviewToken, tokensMatch } from "~/server/posts/preview.server";
import { toLocalInput } from "~/lib/publication-date";

process.env.AUTH_SECRET ??= "integration-test-secret-0123456789abcdef";

const DB = process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite";
const handle = fileDatabase({ emptied: ["blog_post_tags", "blog_posts", "blog_tags"] });

function form(fields: Record<string, string>) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  return body;
}

const fields = (overrides: Record<string, string> = {}) => ({
  intent: "save",
  title: "Quarter close automation",
  slug: "quarter-close-automation",
  category: "Finance",
  content: "Body text.",
  published: "on",
  ...overrides,
});

async function save(id: string | null, overrides: Record<string, string> = {}) {
  const result = await savePost(handle.db, id, form(fields(overrides)));
  expect(result, JSON.stringify((result as { data?: unknown }).data ?? null)).toBeInstanceOf(Response);
  const [row] = await handle.db
    .select({ id: blogPosts.id, publishedAt: blogPosts.publishedAt })
    .from(blogPosts)
    .where(eq(blogPosts.slug, fields(overrides).slug));
  return row!;
}

/** What the form sends back for a stored date it showed in `zone` (to the second) and nobody touched. */
const shown = (instant: Date, zone: string) => ({ publishedAt: toLocalInput(instant, zone), timeZone: zone });

describe(`publication dates (${DB})`, () => {
  it("publishing with an empty date sets it to now", async () => {
    const before = Date.now();
    const { publishedAt } = await save(null, { publishedAt: "", timeZone: "Europe/Paris" });
    expect(publishedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(publishedAt!.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it("re-saving a published post keeps its date exactly; a date the editor changes applies, in the editor's zone", async () => {
    const created = await save(null);
    const stored = created.publishedAt!;
    // A typo fix: the form sends the date it showed (to the second, in the editor's zone).
    const again = await save(created.id, { title: "Quarter close automation (fixed)", ...shown(stored, "America/New_York") });
    expect(again.publishedAt).toEqual(stored);
    // The editor picks another date: 9:15 in Paris, winter time.
    const changed = await save(created.id, { publishedAt: "2025-02-03T09:15", timeZone: "Europe/Paris" });
    expect(changed.publishedAt?.toISOString()).toBe("2025-02-03T08:15:00.000Z");
    // Unpublishing keeps the date, and publishing again brings the post back at the same place.
    const draft = await save(created.id, { published: "", ...shown(changed.publishedAt!, "Asia/Tokyo") });
    expect(draft.publishedAt?.toISOString()).toBe("2025-02-03T08:15:00.000Z");
    expect(await getPublishedPostBySlug(handle.db, "quarter-close-automation")).toBeNull();
    const republished = await save(created.id, shown(draft.publishedAt!, "UTC"));
    expect(republished.publishedAt?.toISOString()).toBe("2025-02-03T08:15:00.000Z");
    // Emptying the field of a published post dates it now.
    const emptied = await save(created.id, { publishedAt: "" });
    expect(Date.now() - emptied.publishedAt!.getTime()).toBeLessThan(60_000);
  });

  it("a bad date is refused with a message under the field and the typed values", async () => {
    const result = (await savePost(handle.db, null, form(fields({ publishedAt: "someday" })))) as unknown as {
      data: { errors: Record<string, string>; values: Record<string, string> };
      init: { status: number };
    };
    expect(result.init.status).toBe(400);
    expect(result.data.errors.publishedAt).toBe("Enter the publication date as a date and time.");
    expect(result.data.values.publishedAt).toBe("someday");
  });

  it("a draft keeps the date the editor chose, and a published post always has one", async () => {
    const draft = await save(null, { published: "", publishedAt: "2030-01-01T12:00", timeZone: "UTC" });
    expect(draft.publishedAt?.toISOString()).toBe("2030-01-01T12:00:00.000Z");
    await expect(handle.db.execute(sql`update blog_posts set published = true, published_at = null where id = ${draft.id}`)).rejects.toThrow();
  });
});

describe(`scheduled posts are hidden from every public read until their time (${DB})`, () => {
  it("list, search, categories, post page, sitemap and feed source, featured card", async () => {
    const live = await createPost(
      handle.db,
      post({ title: "Live ledger post", slug: "live-ledger", category: "Finance", publishedAt: new Date(Date.now() - 86_400_000) }),
      [],
    );
    const soon = new Date(Date.now() + 60 * 60 * 1000);
    const scheduled = await createPost(
      handle.db,
      post({ title: "Scheduled ledger post", slug: "scheduled-ledger", category: "Embargoed", featured: true, publishedAt: soon }),
      [],
    );
    expect((await adminGetPost(handle.db, scheduled.id))?.publishedAt).toEqual(soon);

    const visible = async () => ({
      list: (await listPublishedPosts(handle.db)).posts.map((p) => p.slug),
      search: (await listPublishedPosts(handle.db, { q: "ledger" })).posts.map((p) => p.slug),
      category: (await listPublishedPosts(handle.db, { category: "Embargoed" })).posts.map((p) => p.slug),
      categories: await listCategories(handle.db),
      page: (await getPublishedPostBySlug(handle.db, "scheduled-ledger"))?.slug ?? null,
      feed: (await listPublishedForFeed(handle.db)).map((p) => p.slug),
      featured: (await getFeaturedPost(handle.db))?.slug ?? null,
    });
    expect(await visible()).toEqual({
      list: ["live-ledger"],
      search: ["live-ledger"],
      category: [],
      categories: ["Finance"],
      page: null,
      feed: ["live-ledger"],
      featured: "live-ledger",
    });

    // Its time comes.
    await handle.db.execute(sql`update blog_posts set published_at = now() - interval '1 second' where id = ${scheduled.id}`);
    expect(await visible()).toEqual({
      list: ["scheduled-ledger", "live-ledger"],
      search: ["scheduled-ledger", "live-ledger"],
      category: ["scheduled-ledger"],
      categories: ["Embargoed", "Finance"],
      page: "scheduled-ledger",
      feed: ["scheduled-ledger", "live-ledger"],
      featured: "scheduled-ledger",
    });
    expect(live.slug).toBe("live-ledger");
  });
});

describe(`scheduled posts go public by pg-boss jobs at their time (${DB})`, () => {
  const publicList = () => cached("test:list", async () => (await listPublishedPosts(handle.db)).posts.map((p) => p.slug));
  /** Two processes' job queues on the one database, each with the publication worker. */
  async function twoProcesses() {
    const queues = [0, 1].map(() => new JobQueue({ handle, tasks: [PUBLICATION_TASK], pollingIntervalSeconds: 0.5 }));
    onTestFinished(async () => void (await Promise.all(queues.map((q) => q.stop()))));
    for (const queue of queues) await queue.start();
    return queues as [JobQueue, JobQueue];
  }
  const jobsOf = (queue: JobQueue, postId: string, at: Date) => queue.boss.findJobs(PUBLICATION_QUEUE, { key: `${postId}@${at.toISOString()}` });

  it("publishes a scheduled post at its time exactly once, with two processes' workers and both sending its job", async () => {
    const [a, b] = await twoProcesses();
    await createPost(handle.db, post({ slug: "already-live", publishedAt: new Date(Date.now() - 2 * 86_400_000) }), []);
    const at = new Date(Math.ceil((Date.now() + 1500) / 1000) * 1000);
    const scheduled = await createPost(handle.db, post({ slug: "one-and-a-half-seconds-ahead", publishedAt: at }), []);
    // Each process sends the jobs after its writes (and at start-up): the second finds the job there.
    expect(await sendPublicationJobs(a)).toBe(1);
    expect(await sendPublicationJobs(b)).toBe(0);
    // Cached while still scheduled: the cache alone would keep this answer for a minute.
    expect(await publicList()).toEqual(["already-live"]);
    const generation = cacheGeneration();
    await expect.poll(publicList, { timeout: 10_000, interval: 100 }).toEqual(["one-and-a-half-seconds-ahead", "already-live"]);
    expect(Date.now()).toBeGreaterThanOrEqual(at.getTime());
    // One job, run by one of the two workers: the caches were emptied once.
    await expect.poll(async () => (await jobsOf(a, scheduled.id, at)).map((job) => job.state), { timeout: 10_000 }).toEqual(["completed"]);
    expect(cacheGeneration() - generation).toBe(1);
  });

  it("a rescheduled post goes public at its new time; the stale job finds it not due then and does nothing", async () => {
    const [a] = await twoProcesses();
    const first = new Date(Date.now() + 2500);
    const { id } = await createPost(handle.db, post({ slug: "moved-earlier", publishedAt: first }), []);
    expect(await sendPublicationJobs(a)).toBe(1);
    // Moved a little earlier before either time: a second job, for the new time.
    const earlier = new Date(Date.now() + 1000);
    await handle.db.update(blogPosts).set({ publishedAt: earlier }).where(eq(blogPosts.id, id));
    expect(await sendPublicationJobs(a)).toBe(1);
    const generation = cacheGeneration();
    // Both jobs ran: the new time's emptied the caches, the old time's found the post public since another time.
    await expect.poll(async () => (await jobsOf(a, id, first)).map((job) => job.state), { timeout: 10_000 }).toEqual(["completed"]);
    expect((await jobsOf(a, id, earlier)).map((job) => job.state)).toEqual(["completed"]);
    expect(cacheGeneration() - generation).toBe(1);
    expect((await getPublishedPostBySlug(handle.db, "moved-earlier"))?.slug).toBe("moved-earlier");
  });

  it("a withdrawn or trashed post is not published by its job", async () => {
    const at = new Date(Date.now() - 1000);
    const { id } = await createPost(handle.db, post({ slug: "withdrawn", published: false, publishedAt: at }), []);
    const job: PublicationJob = { postId: id, at: at.toISOString() };
    const notPublished = () => expect.fail("a post that is not public is not published");
    expect(await publishIfDue(handle.db, job, notPublished)).toBe(false);
    await handle.db.update(blogPosts).set({ published: true, deletedAt: new Date() }).where(eq(blogPosts.id, id));
    expect(await publishIfDue(handle.db, job, notPublished)).toBe(false);
    // Back from the trash, it is due at that time.
    await handle.db.update(blogPosts).set({ deletedAt: null }).where(eq(blogPosts.id, id));
    let published = 0;
    expect(await publishIfDue(handle.db, job, () => void (published += 1))).toBe(true);
    expect(published).toBe(1);
  });

  it("at start-up, a post that went public while no process ran is published once; older ones are left alone", async () => {
    const [a] = await twoProcesses();
    // Written while no queue ran (straight into the database: an import, an older version).
    await createPost(handle.db, post({ slug: "due-while-down", publishedAt: new Date(Date.now() - 60_000) }), []);
    await createPost(handle.db, post({ slug: "public-for-days", publishedAt: new Date(Date.now() - 3 * 86_400_000) }), []);
    const generation = cacheGeneration();
    expect(await sendPublicationJobs(a)).toBe(1);
    await expect.poll(() => cacheGeneration(), { timeout: 10_000 }).toBe(generation + 1);
    // The next start sends nothing again: the job that ran is still known.
    expect(await sendPublicationJobs(a)).toBe(0);
  });
});

describe(`preview links (${DB})`, () => {
  const anonymous = (url: string) => new Request(url);

  it("a link holder previews a draft or scheduled post; a wrong, missing or revoked token gets nothing", async () => {
    const { id } = await createPost(handle.db, post({ slug: "secret-draft", published: false }), []);
    const first = await ensurePreviewToken(handle.db, id);
    expect(first?.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Asking again keeps the same link.
    expect((await ensurePreviewToken(handle.db, id))?.token).toBe(first!.token);

    const at = (token: string) => anonymous(`http://localhost:3000/blog/secret-draft?preview=${token}`);
    expect(await previewAccess(at(first!.token), handle.db, "secret-draft")).toEqual({ status: "draft", publishedAt: null, editPath: null });
    expect(await previewAccess(at(first!.token.replace(/^./, (c) => (c === "A" ? "B" : "A"))), handle.db, "secret-draft")).toBeNull();
    expect(await previewAccess(anonymous("http://localhost:3000/blog/secret-draft"), handle.db, "secret-draft")).toBeNull();
    expect(await previewAccess(at(first!.token), handle.db, "another-slug")).toBeNull();

    expect(await revokePreviewToken(handle.db, id)).toBe(true);
    expect(await previewAccess(at(first!.token), handle.db, "secret-draft")).toBeNull();
    const second = await ensurePreviewToken(handle.db, id);
    expect(second!.token).not.toBe(first!.token);
  });

  it("compares tokens whatever their length, and refuses empty ones", () => {
    const token = "a".repeat(43);
    expect(tokensMatch(token, token)).toBe(true);
    expect(tokensMatch(token, "b".repeat(43))).toBe(false);
    expect(tokensMatch("short", token)).toBe(false);
    expect(tokensMatch("", "")).toBe(false);
    expect(tokensMatch(token, null)).toBe(false);
  });

  it("the form's actions: a link for a saved post, 400 before it is saved, 404 for a missing one", async () => {
    const { id } = await createPost(handle.db, post({ slug: "scheduled-preview", publishedAt: new Date(Date.now() + 3_600_000) }), []);
    const created = (await previewLinkAction(handle.db, id, "create-preview-link")) as { previewLink: string };
    expect(created.previewLink).toMatch(/^http:\/\/localhost:3000\/blog\/scheduled-preview\?preview=[A-Za-z0-9_-]{43}$/);
    const token = new URL(created.previewLink).searchParams.get("preview")!;
    expect(await previewAccess(new Request(created.previewLink), handle.db, "scheduled-preview")).toMatchObject({ status: "scheduled", editPath: null });
    expect(await previewLinkAction(handle.db, id, "revoke-preview-link")).toMatchObject({ previewLink: null, toast: { title: "Preview link revoked" } });
    expect(tokensMatch(token, (await adminGetPost(handle.db, id))?.previewToken)).toBe(false);
    expect((await previewLinkAction(handle.db, null, "create-preview-link")) as unknown).toMatchObject({ init: { status: 400 } });
    await expect(previewLinkAction(handle.db, "00000000-0000-4000-8000-000000000000", "create-preview-link")).rejects.toMatchObject({ init: { status: 404 } });
  });
});
