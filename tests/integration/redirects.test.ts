import { eq } from "drizzle-orm";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import sharp from "sharp";
import { fileDatabase } from "../support/file-database";
import { post } from "../support/post-input";
import { blogPosts, notFoundLog, postAutosaves, redirects } from "~/server/db/schema.server";
import { storeImage } from "~/server/storage/images.server";
import { purgeOrphanUploads } from "~/server/storage/orphan-uploads.server";
import { savePost } from "~/server/posts/post-save.server";
import { createPost } from "~/server/posts/post-writes.server";
import { createTeamMember } from "~/server/site/team-queries.server";
import { createTestimonial } from "~/server/site/testimonial-queries.server";
import { moveToTrash } from "~/server/trash/trash-queries.server";
import {
  addRedirect,
  countNotFound,
  findRedirect,
  isLoggedMiss,
  listRedirects,
  pruneNotFoundLog,
  redirectOrCountMiss,
  removeRedirect,
  topNotFound,
} from "~/server/site/redirects.server";
import { LocalStorage } from "~/server/storage/storage.server";

process.env.AUTH_SECRET ??= "integration-test-secret-0123456789abcdef";

const DB = process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite";
const HOUR = 60 * 60 * 1000;

function form(fields: Record<string, string>) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  return body;
}

/** What an action answered: a `data(...)` failure (status and body), a redirect, or a plain success. */
function answer(result: unknown): { status: number; body: { toast?: { title: string; description: string }; errors?: Record<string, string> } } {
  if (result instanceof Response) return { status: result.status, body: {} };
  if (result && typeof result === "object" && "init" in result && "data" in result) {
    const { data: body, init } = result as { data: { toast: { title: string; description: string } }; init: { status?: number } | null };
    return { status: init?.status ?? 200, body };
  }
  return { status: 200, body: result as { toast: { title: string; description: string } } };
}

const handle = fileDatabase();
beforeEach(async () => {
  await handle.db.delete(redirects);
  await handle.db.delete(notFoundLog);
});

/** Saves the post form for an existing post with a new slug (published unless told). */
async function rename(id: string, slug: string, published = true) {
  const fields: Record<string, string> = { intent: "save", title: "Renamed post", slug, category: "Automation", content: "Body.", excerpt: "" };
  if (published) fields.published = "on";
  const result = await savePost(handle.db, id, form(fields));
  expect(result).toBeInstanceOf(Response);
}

const table = async () => (await listRedirects(handle.db)).map((r) => `${r.from} -> ${r.to}`).sort();

describe(`redirects after slug changes (${DB})`, () => {
  it("a published post's old address redirects to the new one; a chain collapses (A→B, B→C gives A→C and B→C)", async () => {
    const { id } = await createPost(handle.db, post({ slug: "chain-a" }), []);
    await rename(id, "chain-b");
    expect(await table()).toEqual(["/blog/chain-a -> /blog/chain-b"]);
    expect(await findRedirect(handle.db, "/blog/chain-a")).toBe("/blog/chain-b");
    await rename(id, "chain-c");
    expect(await table()).toEqual(["/blog/chain-a -> /blog/chain-c", "/blog/chain-b -> /blog/chain-c"]);
    // A trailing slash finds the same redirect.
    expect(await findRedirect(handle.db, "/blog/chain-a/")).toBe("/blog/chain-c");
    const [row] = await listRedirects(handle.db);
    expect(row?.source).toBe("slug-change");
  });

  it("no loops: changing the slug back removes the redirect from the address the post holds again", async () => {
    const { id } = await createPost(handle.db, post({ slug: "loop-a" }), []);
    await rename(id, "loop-b");
    await rename(id, "loop-c");
    await rename(id, "loop-a");
    expect(await table()).toEqual(["/blog/loop-b -> /blog/loop-a", "/blog/loop-c -> /blog/loop-a"]);
    await rename(id, "loop-b");
    expect(await table()).toEqual(["/blog/loop-a -> /blog/loop-b", "/blog/loop-c -> /blog/loop-b"]);
    // The database refuses a redirect to itself as well.
    await expect(handle.db.insert(redirects).values({ fromPath: "/x", toPath: "/x", source: "manual" })).rejects.toThrow();
  });

  it("a draft's slug change leaves no redirect (its old address was never public)", async () => {
    const { id } = await createPost(handle.db, post({ slug: "draft-a", published: false }), []);
    await rename(id, "draft-b", false);
    expect(await table()).toEqual([]);
  });

  it("a redirect never shadows a live post: a post that takes the old slug drops the redirect from it", async () => {
    const { id } = await createPost(handle.db, post({ slug: "shadow-a" }), []);
    await rename(id, "shadow-b");
    expect(await table()).toEqual(["/blog/shadow-a -> /blog/shadow-b"]);
    const other = await createPost(handle.db, post({ slug: "shadow-other" }), []);
    await rename(other.id, "shadow-a");
    expect(await table()).toEqual(["/blog/shadow-other -> /blog/shadow-a"]);
    expect(await findRedirect(handle.db, "/blog/shadow-a")).toBeNull();
  });
});

describe(`/admin/redirects actions (${DB})`, () => {
  it("adds a manual redirect, collapsing chains through it, and removes it", async () => {
    await handle.db.insert(redirects).values({ fromPath: "/old-pricing", toPath: "/pricing-2024", source: "manual" });
    const added = answer(await addRedirect(handle.db, form({ intent: "add", from: "/pricing-2024/", to: "/audit" })));
    expect(added.status).toBe(302);
    expect(await table()).toEqual(["/old-pricing -> /audit", "/pricing-2024 -> /audit"]);
    // To a redirected address: the target is followed, not chained.
    expect(answer(await addRedirect(handle.db, form({ intent: "add", from: "/promo", to: "/old-pricing" }))).status).toBe(302);
    expect(await findRedirect(handle.db, "/promo")).toBe("/audit");
    const row = (await listRedirects(handle.db)).find((r) => r.from === "/promo")!;
    const removed = answer(await removeRedirect(handle.db, form({ intent: "remove", id: row.id })));
    expect(removed.body.toast?.title).toBe("Redirect removed");
    expect(await findRedirect(handle.db, "/promo")).toBeNull();
    expect(answer(await removeRedirect(handle.db, form({ intent: "remove", id: row.id }))).status).toBe(404);
    expect(answer(await removeRedirect(handle.db, form({ intent: "remove", id: "nope" }))).status).toBe(400);
  });

  it("refuses bad input (400) and live pages, taken sources and loops (409)", async () => {
    await createPost(handle.db, post({ slug: "live-post" }), []);
    const status = async (fields: Record<string, string>) => answer(await addRedirect(handle.db, form({ intent: "add", ...fields })));
    expect((await status({ from: "no-slash", to: "/" })).status).toBe(400);
    expect((await status({ from: "/admin/blog", to: "/" })).body.errors?.from).toBe("From cannot be an admin or API address.");
    expect((await status({ from: "/api/leads", to: "/" })).status).toBe(400);
    expect((await status({ from: "/x", to: "javascript:alert(1)" })).body.errors?.to).toBe("To must be a path starting with / or an http(s) address.");
    expect((await status({ from: "/x", to: "//evil.example" })).status).toBe(400);
    // Browsers read a backslash as a slash, and `https:host` as `https://host`: both leave the site.
    for (const to of ["/\\evil.example", "/\\/evil.example", "\\\\evil.example", "https:evil.example", "http:/evil.example", "https:\\\\evil.example"]) {
      expect((await status({ from: "/x", to })).body.errors?.to, to).toBe("To must be a path starting with / or an http(s) address.");
    }
    expect((await status({ from: "/x", to: "/x" })).status).toBe(400);
    expect((await status({ from: "/team", to: "/" })).status).toBe(409);
    expect((await status({ from: "/blog/live-post", to: "/" })).status).toBe(409);
    expect((await status({ from: "/a", to: "https://example.com/new" })).status).toBe(302);
    expect((await status({ from: "/a", to: "/b" })).status).toBe(409);
    expect((await status({ from: "/b", to: "/c" })).status).toBe(302);
    expect((await status({ from: "/c", to: "/b" })).status).toBe(409);
    expect(await table()).toEqual(["/a -> https://example.com/new", "/b -> /c"]);
  });

  it("never follows a stored target that leaves the site (a row written before the rule tightened)", async () => {
    await handle.db.insert(redirects).values([
      { fromPath: "/old-backslash", toPath: "/\\evil.example", source: "manual" },
      { fromPath: "/old-scheme", toPath: "https:evil.example", source: "manual" },
    ]);
    expect(await findRedirect(handle.db, "/old-backslash")).toBeNull();
    expect(await findRedirect(handle.db, "/old-scheme")).toBeNull();
  });
});

describe(`the not-found log (${DB})`, () => {
  it("counts each miss per path, skips assets and probes, hides paths that now redirect, and prunes", async () => {
    await countNotFound(handle.db, "/old-page");
    await countNotFound(handle.db, "/old-page");
    await countNotFound(handle.db, "/other");
    await countNotFound(handle.db, "/assets/app-123.js");
    await countNotFound(handle.db, "/wp-login.php");
    expect(isLoggedMiss("/.env")).toBe(false);
    expect(isLoggedMiss("/cgi-bin/x")).toBe(false);
    expect((await topNotFound(handle.db)).map((r) => [r.path, r.hits])).toEqual([
      ["/old-page", 2],
      ["/other", 1],
    ]);
    // Becoming a redirect takes the path off the list.
    expect(answer(await addRedirect(handle.db, form({ intent: "add", from: "/old-page", to: "/" }))).status).toBe(302);
    expect((await topNotFound(handle.db)).map((r) => r.path)).toEqual(["/other"]);
    // Paths not seen for 90 days are pruned.
    await pruneNotFoundLog(handle.db, new Date(Date.now() + 91 * 24 * HOUR));
    expect(await topNotFound(handle.db)).toEqual([]);
  });
});

describe(`the public side's 404 (${DB})`, () => {
  it("looks a request up and counts its miss once, however many places ask (a route's middleware, then its loader)", async () => {
    // redirectOrCountMiss uses the process-wide database: this test's own.
    (globalThis as Record<symbol, unknown>)[Symbol.for("studio.db")] = Promise.resolve(handle);
    const request = new Request("http://localhost/made-up-once?u=1");
    await redirectOrCountMiss(request);
    await redirectOrCountMiss(request);
    // Another request for the same path is another miss.
    await redirectOrCountMiss(new Request("http://localhost/made-up-once"));
    expect((await topNotFound(handle.db)).map((r) => [r.path, r.hits])).toEqual([["/made-up-once", 2]]);

    // A path with a redirect answers 301, with the visitor's query.
    expect(answer(await addRedirect(handle.db, form({ intent: "add", from: "/made-up-once", to: "/audit" }))).status).toBe(302);
    const moved = await redirectOrCountMiss(new Request("http://localhost/made-up-once?utm_source=x")).catch((thrown: unknown) => thrown);
    expect(moved).toBeInstanceOf(Response);
    expect((moved as Response).status).toBe(301);
    expect((moved as Response).headers.get("location")).toBe("/audit?utm_source=x");
  });
});

describe(`orphaned uploads (${DB})`, () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "studio-orphans-"));
  process.env.DATA_DIR = tmp;
  const root = path.join(tmp, "uploads", "blog-images");
  const store = new LocalStorage(root);
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
  const png = () =>
    sharp({ create: { width: 40, height: 30, channels: 3, background: "#2f9e8f" } })
      .png()
      .toBuffer();
  const filesOf = (url: string) => {
    const key = url.replace("/uploads/blog-images/", "");
    const base = key.slice(0, key.lastIndexOf("."));
    return [key, `${base}-480.webp`, `${base}-960.webp`, `${base}-1600.webp`];
  };
  const exists = (key: string) => fs.existsSync(path.join(root, key));
  /** Makes a stored image (and its variants) look written `hours` ago. */
  const age = (url: string, hours: number) => {
    const when = new Date(Date.now() - hours * HOUR);
    for (const key of filesOf(url)) if (exists(key)) fs.utimesSync(path.join(root, key), when, when);
  };

  it("removes old unreferenced images with their variants; keeps fresh ones and every referenced one, trashed records included", async () => {
    const upload = async (folder: "" | "team" | "testimonials", hours: number) => {
      const url = await storeImage(store, folder, await png());
      age(url, hours);
      return url;
    };
    const freshOrphan = await upload("", 2);
    const oldOrphan = await upload("", 30);
    const oldTeamOrphan = await upload("team", 30);
    const cover = await upload("", 30);
    const inContent = await upload("", 30);
    const trashedCover = await upload("", 30);
    const photo = await upload("team", 30);
    const avatar = await upload("testimonials", 30);
    const inRevision = await upload("", 30);
    const inAutosave = await upload("", 30);
    await createPost(handle.db, post({ imageUrl: cover, content: `Look: ![chart](${inContent.replace(".png", "-960.webp")})` }), []);
    const trashed = await createPost(handle.db, post({ imageUrl: trashedCover }), []);
    await moveToTrash(handle.db, "post", [trashed.id]);
    await createTeamMember(handle.db, { name: "Ada", position: "Engineer", photoUrl: photo, linkedinUrl: null, displayOrder: 1, active: true });
    await createTestimonial(handle.db, { name: "Bo", company: "Acme", quote: "Great.", avatarUrl: avatar, displayOrder: 1, active: false });
    // A cover only an older revision shows ('Restore this version' brings it back), and one only an autosaved unsaved change holds.
    const revised = await createPost(handle.db, post({ imageUrl: inRevision }), []);
    await handle.db.update(blogPosts).set({ imageUrl: null }).where(eq(blogPosts.id, revised.id));
    await handle.db.insert(postAutosaves).values({ postId: revised.id, userId: "editor", values: { imageUrl: inAutosave } });
    fs.writeFileSync(path.join(root, "notes.txt"), "not an upload");
    fs.utimesSync(path.join(root, "notes.txt"), new Date(0), new Date(0));

    const removed = await purgeOrphanUploads(handle.db, store, new Date());
    expect(removed.sort()).toEqual([...filesOf(oldOrphan), ...filesOf(oldTeamOrphan)].sort());
    for (const key of [...filesOf(oldOrphan), ...filesOf(oldTeamOrphan)]) expect(exists(key), key).toBe(false);
    for (const url of [freshOrphan, cover, inContent, trashedCover, photo, avatar, inRevision, inAutosave]) {
      for (const key of filesOf(url)) expect(exists(key), key).toBe(true);
    }
    expect(exists("notes.txt")).toBe(true);
    // A day later the fresh orphan is old enough to go too.
    expect((await purgeOrphanUploads(handle.db, store, new Date(Date.now() + 23 * HOUR))).sort()).toEqual(filesOf(freshOrphan).sort());
  });
});
