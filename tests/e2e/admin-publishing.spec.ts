import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { adminState, toastText, unique } from "./support/admin";
import { ROOT, startServer, type RunningServer } from "../../scripts/lib/server-process";
import { toLocalInput, zoneLabel } from "../../app/lib/publication-date";
import { slugOf } from "./support/post-form";

test.describe.configure({ mode: "serial" });

/** The editor's browser runs in Paris: the form must read the date in that zone, and say so. */
const ZONE = "Europe/Paris";

let statePath = "";
test.beforeAll(async ({ browser }) => {
  statePath = await adminState(browser);
});

/** Fills and saves the New Post form; `at` (a time) schedules it, `published` false keeps a draft. */
async function createPost(page: Page, title: string, { published, at }: { published: boolean; at?: Date }) {
  await page.goto("/admin/blog/new");
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Slug").fill(slugOf(title));
  await page.getByLabel("Category").fill("Publishing");
  await page.getByLabel("Excerpt").fill("Written by the publishing journey.");
  await page.getByLabel("Content (Markdown)").fill("## Coming soon\n\nThe body of a post written ahead of time.");
  if (at) {
    await expect(page.getByText(zoneLabel(ZONE, at), { exact: true })).toBeVisible();
    await page.getByLabel("Publication date").fill(toLocalInput(at, ZONE));
  }
  if (published) await page.getByRole("switch", { name: "Published" }).check();
  await page.getByRole("button", { name: "Create Post" }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await expect(toastText(page, "Post created")).toBeVisible();
  // Other suites add posts meanwhile: the list is paged, so the post is reached by searching for it.
  await page.goto(adminListOf(title));
}

const adminListOf = (title: string) => `/admin/blog?q=${encodeURIComponent(title)}`;
const postRow = (page: Page, title: string) => page.getByRole("row").filter({ has: page.getByRole("link", { name: title, exact: true }) });

async function signedOut(browser: Browser, baseURL?: string) {
  const context = await browser.newContext(baseURL ? { baseURL } : {});
  return { context, page: await context.newPage() };
}

/** Reloads `url` until `title` shows on it, until `deadline` (ms since the epoch). */
async function appearsBy(page: Page, url: string, title: string, deadline: number) {
  await expect(async () => {
    await page.goto(url);
    await expect(page.getByText(title, { exact: true }).first()).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: Math.max(deadline - Date.now(), 1000), intervals: [500] });
}

test("a post scheduled a few seconds ahead is hidden everywhere, listed as 'Scheduled', then appears by itself", async ({ browser }) => {
  test.setTimeout(150_000);
  const admin = await browser.newContext({ storageState: statePath, timezoneId: ZONE });
  const page = await admin.newPage();
  const title = unique("Scheduled post");
  const slug = slugOf(title);
  // Scheduled an hour ahead while what it hides is checked (as long as that takes on a busy
  // machine), then brought forward to a few seconds ahead.
  const later = new Date(Math.ceil((Date.now() + 3_600_000) / 1000) * 1000);
  await createPost(page, title, { published: true, at: later });

  // The admin list: 'Scheduled' with its time.
  const row = postRow(page, title);
  await expect(row.getByText("Scheduled", { exact: true })).toBeVisible();
  await expect(row.locator("time").first()).toHaveAttribute("datetime", later.toISOString());
  // The edit form shows the same time in the editor's zone.
  await row.getByRole("button", { name: `Edit ${title}` }).click();
  // The browser drops ":00" seconds from a datetime-local value; either form is the same instant.
  await expect(page.getByLabel("Publication date")).toHaveValue(new RegExp(`^${toLocalInput(later, ZONE).replace(/:00$/, "")}(:00)?$`));
  // The admin opening its public address sees the preview, with when it goes public.
  const adminView = await admin.newPage();
  expect((await adminView.goto(`/blog/${slug}`))?.status()).toBe(200);
  await expect(adminView.getByRole("complementary", { name: "Preview" })).toContainText("Scheduled");

  // Nobody else sees it: post address, list, search, sitemap, feed.
  const visitor = await signedOut(browser);
  const notListed = async () => {
    await visitor.page.goto("/blog");
    await expect(visitor.page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(visitor.page.getByText(title)).toHaveCount(0);
  };
  expect((await visitor.page.goto(`/blog/${slug}`))?.status()).toBe(404);
  await notListed();
  expect(await (await visitor.context.request.get(`/blog?q=${encodeURIComponent(title)}`)).text()).not.toContain(`href="/blog/${slug}"`);
  expect(await (await visitor.context.request.get("/sitemap.xml")).text()).not.toContain(slug);
  expect(await (await visitor.context.request.get("/rss.xml")).text()).not.toContain(slug);

  // Brought forward: far enough ahead that saving it and one look at /blog run before that time.
  const at = new Date(Math.ceil((Date.now() + 20_000) / 1000) * 1000);
  await page.getByLabel("Publication date").fill(toLocalInput(at, ZONE));
  await page.getByRole("button", { name: "Update Post" }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await expect(toastText(page, "Post updated")).toBeVisible();
  // Still not listed: /blog is rendered (and kept by the page cache) once more before its time.
  expect((await visitor.page.goto(`/blog/${slug}`))?.status()).toBe(404);
  await notListed();
  expect(Date.now(), "the hidden checks ran before the publication time").toBeLessThan(at.getTime());

  // At its time it shows on /blog (a cached page until then) without anybody saving anything.
  await appearsBy(visitor.page, "/blog", title, at.getTime() + 10_000);
  expect(Date.now()).toBeGreaterThanOrEqual(at.getTime());
  expect((await visitor.page.goto(`/blog/${slug}`))?.status()).toBe(200);
  await expect(visitor.page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(visitor.page.getByRole("complementary", { name: "Preview" })).toHaveCount(0);
  expect(await (await visitor.context.request.get(`/blog?q=${encodeURIComponent(title)}`)).text()).toContain(`href="/blog/${slug}"`);
  expect(await (await visitor.context.request.get("/sitemap.xml")).text()).toContain(slug);
  expect(await (await visitor.context.request.get("/rss.xml")).text()).toContain(slug);

  await page.goto(adminListOf(title));
  await expect(row.getByText("Published", { exact: true })).toBeVisible();
  await visitor.context.close();
  await admin.close();
});

test("a preview link shows a draft to anyone holding it, marked and not indexed, until it is revoked", async ({ browser }) => {
  const admin = await browser.newContext({ storageState: statePath, permissions: ["clipboard-read", "clipboard-write"] });
  const page = await admin.newPage();
  const title = unique("Draft preview");
  const slug = slugOf(title);
  await createPost(page, title, { published: false });
  await postRow(page, title)
    .getByRole("button", { name: `Edit ${title}` })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit Post" })).toBeVisible();

  await page.getByRole("button", { name: "Copy preview link" }).click();
  await expect(toastText(page, "Preview link copied")).toBeVisible();
  const field = page.getByRole("textbox", { name: "Preview link" });
  await expect(field).toHaveAttribute("readonly", "");
  await expect(field).toHaveValue(new RegExp(`/blog/${slug}\\?preview=[A-Za-z0-9_-]{43}$`));
  const link = await field.inputValue();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  // A reader who is not signed in, twice (never served from the page cache).
  const reader = await signedOut(browser);
  for (let visit = 0; visit < 2; visit++) {
    const response = await reader.page.goto(link);
    expect(response?.status()).toBe(200);
    const headers = response!.headers();
    expect(headers["x-robots-tag"]).toBe("noindex");
    expect(headers["cache-control"]).toBe("private, no-store");
    expect(headers["server-timing"] ?? "").not.toContain("page-cache");
    await expect(reader.page.getByRole("complementary", { name: "Preview" })).toContainText("Draft");
    await expect(reader.page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(reader.page.getByRole("heading", { name: "Coming soon" })).toBeVisible();
    await expect(reader.page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    // A link holder gets no way into the back-office.
    await expect(reader.page.getByRole("link", { name: "Edit post" })).toHaveCount(0);
  }
  // Without the token, or with another one: not found.
  expect((await reader.context.request.get(`/blog/${slug}`)).status()).toBe(404);
  expect((await reader.context.request.get(`/blog/${slug}?preview=${"A".repeat(43)}`)).status()).toBe(404);
  expect(await (await reader.context.request.get("/sitemap.xml")).text()).not.toContain(slug);

  // The admin sees the draft at its public address too, with a way back to the editor.
  const adminView = await admin.newPage();
  const own = await adminView.goto(`/blog/${slug}`);
  expect(own?.status()).toBe(200);
  expect(own?.headers()["cache-control"]).toBe("private, no-store");
  await expect(adminView.getByRole("complementary", { name: "Preview" })).toBeVisible();
  await expect(adminView.getByRole("link", { name: "Edit post" })).toHaveAttribute("href", /\/admin\/blog\/edit\/[0-9a-f-]{36}$/);

  // Copying again gives the same link; revoking ends it.
  await page.getByRole("button", { name: "Copy preview link" }).click();
  await expect(field).toHaveValue(link);
  await page.getByRole("button", { name: "Revoke preview link" }).click();
  await expect(toastText(page, "Preview link revoked")).toBeVisible();
  await expect(field).toHaveCount(0);
  expect((await reader.page.goto(link))?.status()).toBe(404);
  await expect(reader.page.getByRole("heading", { name: "Article Not Found" })).toBeVisible();

  // A new link is a new secret.
  await page.getByRole("button", { name: "Copy preview link" }).click();
  await expect(field).toHaveValue(/preview=/);
  expect(await field.inputValue()).not.toBe(link);
  await reader.context.close();
  await admin.close();
});

test.describe("two server processes sharing one PostgreSQL database", () => {
  const postgres = process.env.E2E_POSTGRES_URL;
  test.skip(!postgres, "needs PostgreSQL: set E2E_POSTGRES_URL (npm test passes DATABASE_URL) to run a second process on a shared database");

  let database = "";
  let url = "";
  const servers: RunningServer[] = [];
  let work = "";
  const email = "two-process-admin@studio.test";
  const password = "two-process-password";

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    work = fs.mkdtempSync(path.join(os.tmpdir(), "studio-two-process-"));
    const { default: pg } = await import("pg");
    database = `studio_e2e_${crypto.randomBytes(5).toString("hex")}`;
    const client = new pg.Client({ connectionString: postgres });
    await client.connect();
    await client.query(`create database ${database}`);
    await client.end();
    const target = new URL(postgres!);
    target.pathname = `/${database}`;
    url = target.toString();
    const env = { DATABASE_URL: url, AUTH_SECRET: "two-process-e2e-secret-0123456789abcdef", SEED_DEMO: "never", SMTP_URL: "" };
    // Migrations (one process at a time) and the admin account, then the two servers.
    for (const name of ["a", "b"]) {
      const dataDir = path.join(work, name);
      fs.mkdirSync(dataDir, { recursive: true });
      servers.push(
        await startServer({ buildDir: path.resolve(ROOT, process.env.BUILD_DIR ?? "build"), dataDir, logFile: path.join(work, `${name}.log`), env }),
      );
    }
    const created = spawnSync(process.execPath, ["--import", "tsx", "scripts/admin-create.ts", "--email", email, "--password", password], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      encoding: "utf8",
    });
    expect(created.status, created.stderr).toBe(0);
  });

  test.afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    if (database) {
      const { default: pg } = await import("pg");
      const client = new pg.Client({ connectionString: postgres });
      await client.connect();
      await client.query(`drop database if exists ${database} with (force)`);
      await client.end();
    }
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  test("a post scheduled on one process appears at its time on the other, which nobody told", async ({ browser }) => {
    // A's save sends the post's publication job into the shared queue; whichever process runs it
    // at the post's time empties B's caches too (NOTIFY), though nobody told B about the post.
    test.setTimeout(150_000);
    const [a, b] = servers as [RunningServer, RunningServer];
    const admin = await browser.newContext({ baseURL: a.url, timezoneId: ZONE });
    const page = await admin.newPage();
    await page.goto("/admin/auth");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/blog$/);

    // Process B has rendered (and kept) its blog page before the post exists.
    const visitor = await signedOut(browser, b.url);
    await visitor.page.goto("/blog");
    const title = unique("Two process post");
    // An hour ahead while B is checked (as long as that takes on a busy machine), then brought
    // forward to a few seconds ahead: the job moves to the new time.
    await createPost(page, title, { published: true, at: new Date(Math.ceil((Date.now() + 3_600_000) / 1000) * 1000) });
    expect((await visitor.page.goto(`/blog/${slugOf(title)}`))?.status()).toBe(404);

    const at = new Date(Math.ceil((Date.now() + 20_000) / 1000) * 1000);
    await postRow(page, title)
      .getByRole("button", { name: `Edit ${title}` })
      .click();
    await page.getByLabel("Publication date").fill(toLocalInput(at, ZONE));
    await page.getByRole("button", { name: "Update Post" }).click();
    await expect(toastText(page, "Post updated")).toBeVisible();
    // Kept by B's page cache from now on for a minute, longer than this test waits after the time.
    await visitor.page.goto("/blog?page=1");
    await expect(visitor.page.getByText(title)).toHaveCount(0);
    expect(Date.now(), "B was checked before the publication time").toBeLessThan(at.getTime());

    await appearsBy(visitor.page, "/blog?page=1", title, at.getTime() + 10_000);
    expect(Date.now()).toBeGreaterThanOrEqual(at.getTime());
    expect((await visitor.page.goto(`/blog/${slugOf(title)}`))?.status()).toBe(200);
    await visitor.context.close();
    await admin.close();
  });
});
