import { describe, expect, it, onTestFinished } from "vitest";
import { sql } from "drizzle-orm";
import { fileDatabase } from "../support/file-database";
import { post } from "../support/post-input";
import { ADMIN_SEARCH, adminPostPage, type AdminPostStatus } from "~/server/posts/admin-post-queries.server";
import { createPost } from "~/server/posts/post-writes.server";
import { moveToTrash } from "~/server/trash/trash-queries.server";
import { accountPage, type AccountStatus } from "~/server/accounts/user-queries.server";
import { users } from "~/server/db/schema.server";

const handle = fileDatabase({ emptied: ["blog_post_tags", "blog_posts", "blog_tags", "users"] });

const DAY = 24 * 60 * 60 * 1000;
const list = (status: AdminPostStatus = "all", q = "", page = 1) => adminPostPage(handle.db, { q, status, page });

/** Creates posts one by one, each created a minute after the last (so "newest first" is their reverse order). */
async function createInOrder(inputs: Parameters<typeof post>[0][]) {
  const ids: string[] = [];
  for (const [i, input] of inputs.entries()) {
    const { id } = await createPost(handle.db, post(input), []);
    await handle.db.execute(sql`update blog_posts set created_at = now() - make_interval(mins => ${inputs.length - i}) where id = ${id}`);
    ids.push(id);
  }
  return ids;
}

describe(`admin post list (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  it("splits posts into Published, Drafts and Scheduled with a count per tab, leaving out the trash", async () => {
    const [, , , trashed] = await createInOrder([
      { title: "Live one", published: true, publishedAt: new Date(Date.now() - DAY) },
      { title: "Draft one", published: false },
      { title: "Coming soon", published: true, publishedAt: new Date(Date.now() + 3 * DAY) },
      { title: "Binned", published: true },
    ]);
    await moveToTrash(handle.db, "post", [trashed!]);

    const all = await list();
    expect(all.counts).toEqual({ all: 3, published: 1, drafts: 1, scheduled: 1 });
    expect(all.items.map((p) => p.title)).toEqual(["Coming soon", "Draft one", "Live one"]);
    expect((await list("published")).items.map((p) => p.title)).toEqual(["Live one"]);
    expect((await list("drafts")).items.map((p) => p.title)).toEqual(["Draft one"]);
    const scheduled = await list("scheduled");
    expect(scheduled.items.map((p) => p.title)).toEqual(["Coming soon"]);
    expect(scheduled.items[0]!.publishedAt!.getTime()).toBeGreaterThan(Date.now());
  });

  it("reads only the list's columns, never the content", async () => {
    await createInOrder([{ title: "Columns" }]);
    const [row] = (await list()).items;
    expect(Object.keys(row!).sort()).toEqual(["category", "featured", "id", "imageUrl", "published", "publishedAt", "slug", "title", "updatedAt"]);
  });

  it("searches title, excerpt and slug, case-insensitively and anywhere in them; the counts follow the search", async () => {
    await createInOrder([
      { title: "Invoice Reconciliation playbook", excerpt: "Finance.", slug: "finance-one" },
      { title: "Hiring", excerpt: "Screening CVs with an AGENT in the loop.", slug: "hiring-two" },
      { title: "Quiet", excerpt: "Nothing here.", slug: "agentic-notes", published: false },
      { title: "Unrelated", excerpt: "Other things.", slug: "other" },
    ]);
    expect((await list("all", "reconcil")).items.map((p) => p.title)).toEqual(["Invoice Reconciliation playbook"]);
    const agent = await list("all", "Agent");
    expect(agent.items.map((p) => p.title)).toEqual(["Quiet", "Hiring"]);
    expect(agent.counts).toEqual({ all: 2, published: 1, drafts: 1, scheduled: 0 });
    expect((await list("drafts", "agent")).items.map((p) => p.title)).toEqual(["Quiet"]);
    // The post body is not searched, and nothing matches a search found nowhere.
    expect((await list("all", "manual triage")).counts.all).toBe(0);
  });

  it("matches %, _ and \\ in a search literally", async () => {
    await createInOrder([{ title: "50% off_now" }, { title: "500 offers" }, { title: "C:\\path" }]);
    expect((await list("all", "50%")).items.map((p) => p.title)).toEqual(["50% off_now"]);
    expect((await list("all", "f_n")).items.map((p) => p.title)).toEqual(["50% off_now"]);
    expect((await list("all", "%")).items.map((p) => p.title)).toEqual(["50% off_now"]);
    expect((await list("all", ":\\p")).items.map((p) => p.title)).toEqual(["C:\\path"]);
  });

  it("pages 25 at a time, newest created first; a page past the end is the last page", async () => {
    await createInOrder(Array.from({ length: 27 }, (_, i) => ({ title: `Post ${String(i + 1).padStart(2, "0")}`, published: i % 2 === 0 })));
    const first = await list();
    expect(first.items).toHaveLength(25);
    expect(first.items[0]!.title).toBe("Post 27");
    expect(first).toMatchObject({ page: 1, hasMore: true });
    const second = await list("all", "", 2);
    expect(second.items.map((p) => p.title)).toEqual(["Post 02", "Post 01"]);
    expect(second).toMatchObject({ page: 2, hasMore: false });
    expect(await list("all", "", 99)).toMatchObject({ page: 2, hasMore: false, items: second.items });
    // 14 published (odd numbers) and 13 drafts: one page each.
    expect(await list("drafts", "", 2)).toMatchObject({ page: 1, hasMore: false });
    expect((await list("drafts")).items).toHaveLength(13);
    const none = await list("scheduled", "", 3);
    expect(none).toMatchObject({ page: 1, hasMore: false, items: [] });
  });

  it("counts a search's matches up to the cap: past it All reads the cap as a lower bound, the other tabs no count, and pages follow while there are more", async () => {
    const saved = ADMIN_SEARCH.countCap;
    ADMIN_SEARCH.countCap = 30;
    onTestFinished(() => void (ADMIN_SEARCH.countCap = saved));
    await createInOrder(Array.from({ length: 32 }, (_, i) => ({ title: `Widget ${String(i + 1).padStart(2, "0")}`, published: i % 2 === 0 })));
    await createInOrder([{ title: "Gadget" }]);
    // 30 or fewer matches: exact counts on every tab.
    expect(await list("all", "gadget")).toMatchObject({ counts: { all: 1, published: 1, drafts: 0, scheduled: 0 }, capped: false, hasMore: false });
    const first = await list("all", "widget");
    expect(first).toMatchObject({ counts: { all: 30, published: null, drafts: null, scheduled: null }, capped: true, page: 1, hasMore: true });
    const second = await list("all", "widget", 2);
    expect(second).toMatchObject({ page: 2, hasMore: false });
    const titles = [...first.items, ...second.items].map((p) => p.title);
    expect(titles).toEqual(Array.from({ length: 32 }, (_, i) => `Widget ${String(32 - i).padStart(2, "0")}`));
    // A tab not counted still pages through its own matches.
    const drafts = await list("drafts", "widget");
    expect(drafts).toMatchObject({ capped: true, hasMore: false });
    expect(drafts.items).toHaveLength(16);
    // A page asked past the end of an uncounted search is empty, not clamped.
    expect(await list("all", "widget", 9)).toMatchObject({ page: 9, items: [], hasMore: false });
  });

  it("orders posts created at the same moment by id, so pages never repeat or skip one", async () => {
    await createInOrder(Array.from({ length: 30 }, (_, i) => ({ title: `Same ${i}` })));
    await handle.db.execute(sql`update blog_posts set created_at = '2026-01-01T00:00:00Z'`);
    const seen = [...(await list()).items, ...(await list("all", "", 2)).items].map((p) => p.id);
    expect(new Set(seen).size).toBe(30);
  });
});

describe(`admin account list (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  const accounts = (status: AccountStatus = "all", q = "", page = 1) => accountPage(handle.db, { q, status, page });

  /** n accounts, the i-th joined i minutes after the first; every third one an admin. */
  async function addAccounts(n: number, name = (i: number) => `Person ${i}`) {
    const start = Date.now() - 24 * 60 * 60 * 1000;
    await handle.db.insert(users).values(
      Array.from({ length: n }, (_, i) => ({
        id: `user-${i}`,
        name: name(i),
        email: `person${String(i).padStart(2, "0")}@example.test`,
        role: i % 3 === 0 ? "admin" : "user",
        emailVerified: true,
        createdAt: new Date(start + i * 60_000),
      })),
    );
  }

  it("splits accounts into Admins and Waiting for access with counts, newest first, 25 a page", async () => {
    await addAccounts(40);
    const first = await accounts();
    expect(first.counts).toEqual({ all: 40, admins: 14, waiting: 26 });
    expect(first.items).toHaveLength(25);
    expect(first.items[0]!.email).toBe("person39@example.test");
    expect(first).toMatchObject({ page: 1, lastPage: 2 });
    const second = await accounts("all", "", 2);
    expect(second.items).toHaveLength(15);
    expect(second.items.at(-1)!.email).toBe("person00@example.test");
    expect(await accounts("all", "", 7)).toMatchObject({ page: 2, items: second.items });
    expect((await accounts("admins")).items.every((a) => a.role === "admin")).toBe(true);
    const waiting = await accounts("waiting", "", 2);
    expect(waiting.items).toHaveLength(1);
    expect(waiting.items[0]!.role).toBe("user");
  });

  it("finds accounts by name or e-mail address, case-insensitively; the counts follow the search", async () => {
    await addAccounts(12, (i) => (i === 4 ? "Eleanor Hayes" : `Person ${i}`));
    expect((await accounts("all", "eleanor")).items.map((a) => a.email)).toEqual(["person04@example.test"]);
    expect((await accounts("all", "PERSON1")).items.map((a) => a.email)).toEqual(["person11@example.test", "person10@example.test"]);
    const found = await accounts("waiting", "person1");
    expect(found.counts).toEqual({ all: 2, admins: 0, waiting: 2 });
    expect((await accounts("all", "nobody")).items).toEqual([]);
  });
});
