import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from "vitest";
import { eq, sql } from "drizzle-orm";
import { freshTestDatabase } from "../support/test-db";
import { post } from "../support/post-input";
import type { DbHandle } from "~/server/db/client.server";
import { blogPosts } from "~/server/db/schema.server";
import { savePost } from "~/server/post-save.server";
import { adminGetPost } from "~/server/queries/admin-posts.server";
import { createPost } from "~/server/queries/post-writes.server";
import { getFeaturedPost, getPublishedPostBySlug, listCategories, listPublishedForFeed, listPublishedPosts } from "~/server/queries/posts.server";
import { cached, invalidatePublicCache } from "~/server/cache/data-cache.server";
import { createScheduler } from "~/server/scheduler.server";
import { ensurePreviewToken, previewAccess, previewLinkAction, revokePreviewToken, tokensMatch } from "~/server/preview.server";
import { toLocalInput } from "~/lib/publication-date";

process.env.AUTH_SECRET ??= "integration-test-secret-0123456789abcdef";

const DB = process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite";
let handle: DbHandle;

beforeAll(async () => {
  handle = await freshTestDatabase();
});
afterAll(async () => {
  await handle.close();
});
beforeEach(async () => {
  await handle.db.execute(sql`truncate blog_post_tags, blog_posts, blog_tags cascade`);
  invalidatePublicCache();
});

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

/** Polls `check` every 100 ms until it holds or `ms` have passed (no fixed sleeps). */
async function eventually(check: () => Promise<boolean>, ms: number) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return check();
}

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

describe(`the publication scheduler (${DB})`, () => {
  const publicList = () => cached("test:list", async () => (await listPublishedPosts(handle.db)).posts.map((p) => p.slug));

  it("empties the public caches when a scheduled post's time comes, so it appears without any write", async () => {
    await createPost(handle.db, post({ slug: "already-live" }), []);
    const at = new Date(Date.now() + 2000);
    await createPost(handle.db, post({ slug: "two-seconds-ahead", publishedAt: at }), []);
    const scheduler = createScheduler({ database: () => Promise.resolve(handle.db) });
    onTestFinished(() => scheduler.stop());
    await scheduler.refresh();
    expect(scheduler.next()).toEqual(at);
    // Cached while still scheduled: the cache alone would keep this answer for a minute.
    expect(await publicList()).toEqual(["already-live"]);
    expect(await eventually(async () => (await publicList()).includes("two-seconds-ahead"), 6000)).toBe(true);
    expect(Date.now()).toBeGreaterThanOrEqual(at.getTime());
    // Nothing scheduled any more.
    expect(await eventually(() => Promise.resolve(scheduler.next() === null), 2000)).toBe(true);
  });

  it("sees a post scheduled by another process at its next poll", async () => {
    const scheduler = createScheduler({ database: () => Promise.resolve(handle.db), pollMs: 200 });
    onTestFinished(() => scheduler.stop());
    await scheduler.refresh();
    expect(scheduler.next()).toBeNull();
    expect(await publicList()).toEqual([]);
    // Written straight to the database: this process's scheduler is not told.
    await createPost(handle.db, post({ slug: "from-elsewhere", publishedAt: new Date(Date.now() + 1500) }), []);
    expect(await eventually(async () => (await publicList()).includes("from-elsewhere"), 6000)).toBe(true);
  });

  it("shows a post published (or withdrawn) by another process, or due before this one knew of it, at its next read", async () => {
    const scheduler = createScheduler({ database: () => Promise.resolve(handle.db), pollMs: 3_600_000 });
    onTestFinished(() => scheduler.stop());
    await scheduler.refresh();
    expect(await publicList()).toEqual([]);
    // Published by another process just now (its own caches were emptied there, not here).
    await createPost(handle.db, post({ slug: "published-elsewhere", publishedAt: new Date(Date.now() - 1) }), []);
    expect(await publicList()).toEqual([]);
    await scheduler.refresh(); // what the poll does
    expect(await publicList()).toEqual(["published-elsewhere"]);
    // Withdrawn there again: hidden here at the next read too.
    await handle.db.execute(sql`update blog_posts set published = false where slug = 'published-elsewhere'`);
    expect(await publicList()).toEqual(["published-elsewhere"]);
    await scheduler.refresh();
    expect(await publicList()).toEqual([]);
  });

  it("stops: no timer left behind", async () => {
    let fired = 0;
    await createPost(handle.db, post({ slug: "far-ahead", publishedAt: new Date(Date.now() + 3_600_000) }), []);
    const scheduler = createScheduler({ database: () => Promise.resolve(handle.db), onDue: () => void (fired += 1) });
    await scheduler.refresh();
    expect(scheduler.next()).not.toBeNull();
    scheduler.stop();
    expect(scheduler.next()).toBeNull();
    expect(fired).toBe(0);
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
